import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../support/test-app';

/** The running app's HTTP server listening on a port of 127.0.0.1, and the URL of /mcp on it. */
export async function mcpUrl(t: TestApp): Promise<URL> {
  const server = t.running.app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
}

/** An SDK client connected to /mcp with an API key (over the SDK's own Streamable HTTP transport). */
export async function connect(t: TestApp, key: string): Promise<Client> {
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(await mcpUrl(t), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
  );
  return client;
}

/** A tool call's structured result (the call must succeed). */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${(result.content[0] as { text: string }).text}`);
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent as Record<string, unknown>;
}

/** A tool call that must fail: its error object `{ code, message, details? }`. */
export async function callError(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ code: string; message: string; details?: { field: string }[] }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBe(true);
  return JSON.parse((result.content[0] as { text: string }).text).error;
}
