import { Controller, Get, Req, Res } from '@nestjs/common';
import { Delete, Post } from '../common/http/write-routes';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RequireApiKey, ScenarioScope } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { IgnoresIdempotencyKey } from '../common/http/idempotency.interceptor';
import { McpToolsService } from './mcp-tools.service';

/**
 * The assistant tool server (spec 04 §3): MCP's Streamable HTTP transport at `/mcp`, stateless (a server
 * and a transport per request, JSON answers, no session), behind the API key and rate limit of the public
 * API. The organization is the key's; each tool checks the key's permissions. One JSON-RPC message per
 * POST, so that every tool call is one rate-limit hit; `Idempotency-Key` is ignored (spec 04 §3).
 */
@ApiExcludeController()
@Controller('mcp')
@RequireApiKey()
@ScenarioScope('ignore')
@IgnoresIdempotencyKey()
export class McpController {
  constructor(private readonly tools: McpToolsService) {}

  @Post()
  async post(@Ctx() ctx: RequestContext, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (Array.isArray(req.body)) return batchRefused(res);
    const server = await this.tools.server(ctx);
    const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  /** Stateless: no server-sent stream to open and no session to end. */
  @Get()
  get(@Res() res: Response): void {
    methodNotAllowed(res);
  }

  @Delete()
  delete(@Res() res: Response): void {
    methodNotAllowed(res);
  }
}

/** Spec 04 §3: a JSON-RPC batch (removed in protocol 2025-06-18) is refused whole; nothing in it runs. */
function batchRefused(res: Response): void {
  res.status(400).json({
    jsonrpc: '2.0',
    error: { code: -32600, message: 'Invalid Request: send one JSON-RPC message per POST (batches are not supported)' },
    id: null,
  });
}

function methodNotAllowed(res: Response): void {
  res
    .status(405)
    .set('Allow', 'POST')
    .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this stateless server answers POST only' }, id: null });
}
