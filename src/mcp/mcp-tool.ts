import { randomUUID } from 'node:crypto';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { RequestContext } from '../common/auth/request-context';
import type { ApiPermission } from '../common/auth/permissions';
import { translateDbError } from '../common/errors/db-errors';
import { DomainError } from '../common/errors/domain-error';
import { logger } from '../common/logging/json-logger';
import { AppValidationPipe } from '../common/validation/validation.pipe';
import type { JsonSchema } from './tool-schemas';

/**
 * One tool of the assistant tool server (spec 04 §3): its declaration, the permissions of the REST route
 * it mirrors, the DTO class its arguments are validated with (the REST body's or query's, by the one
 * validation pipe), and the call of the service the REST route calls.
 */
export interface McpTool<I extends object = object> {
  name: string;
  title: string;
  description: string;
  readOnly: boolean;
  /** The key must hold all of them (or one, with `anyPermission`). */
  permissions: ApiPermission[];
  anyPermission?: boolean;
  /** Document 02's error dialect (`INVALID_INPUT` for validation errors): functional-structure tools. */
  dialect02?: boolean;
  input: new () => I;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  run(ctx: RequestContext, input: I): Promise<object>;
}

/** A tool whose input class is checked against its `run` argument. */
export function tool<I extends object>(definition: McpTool<I>): McpTool {
  return definition;
}

export function declaration(t: McpTool): Tool {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema as Tool['inputSchema'],
    outputSchema: t.outputSchema as Tool['outputSchema'],
    annotations: { title: t.title, readOnlyHint: t.readOnly, destructiveHint: false, idempotentHint: t.readOnly, openWorldHint: false },
  };
}

const pipe = new AppValidationPipe();

/**
 * Runs a tool call: permissions, argument validation, the service call. A refused permission, bad
 * arguments or a broken rule is a result with `isError: true` whose text is the error object of the
 * REST API (`{ error: { code, message, details? } }`), not a protocol error.
 */
export async function callTool(t: McpTool, ctx: RequestContext, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
  try {
    const missing = t.permissions.filter((p) => !ctx.permissions.has(p));
    if (t.anyPermission ? missing.length === t.permissions.length : missing.length) {
      throw DomainError.forbidden(
        `The API key lacks the permission ${t.anyPermission ? `(one of) ${missing.join(', ')}` : missing.join(', ')}`,
      );
    }
    const input = (await pipe.transform(args ?? {}, { type: 'body', metatype: t.input })) as object;
    const output = await t.run(ctx, input);
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output as Record<string, unknown> };
  } catch (exception) {
    const error = exception instanceof DomainError ? exception : (translateDbError(exception) ?? internal(t, exception));
    const code =
      t.dialect02 && error.code === 'VALIDATION_ERROR'
        ? 'INVALID_INPUT'
        : !t.dialect02 && error.code === 'INVALID_INPUT'
          ? 'VALIDATION_ERROR'
          : error.code;
    const body = { error: { code, message: error.message, ...(error.details?.length ? { details: error.details } : {}) } };
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
  }
}

/** An unexpected failure: logged with its cause, answered without it (as the REST API's 500). */
function internal(t: McpTool, exception: unknown): DomainError {
  const errorId = randomUUID();
  logger.write('error', 'tool call failed', {
    tool: t.name,
    errorId,
    cause: exception instanceof Error ? exception.stack : String(exception),
  });
  return new DomainError('INTERNAL_ERROR', `An internal error occurred (errorId ${errorId})`);
}
