import { TestApp } from '../support/test-app';

/** The network handles the process holds (servers, sockets, sockets still shutting down), counted by type. */
function networkHandles(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const type of process.getActiveResourcesInfo())
    if (/^(TCPServerWrap|TCPSocketWrap|PipeServerWrap|SimpleShutdownWrap)$/.test(type)) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

/** The handles `after` holds beyond `before` ("TCPSocketWrap +2"); handles of others that closed meanwhile are no concern. */
function added(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([type, n]) => n > (before.get(type) ?? 0)).map(([type, n]) => `${type} +${n - (before.get(type) ?? 0)}`);
}

describe('closing the app', () => {
  it.each([
    ['the embedded database', { DATABASE_URL: '' }],
    ['the configured database', {}],
  ])('on %s, close() ends once its HTTP server, its pool and their sockets are gone', async (_name, env: Record<string, string>) => {
    const before = networkHandles();
    const t = await TestApp.start(env);
    // Requests on kept-alive connections, and the pool's connections in use, so that there are sockets to close.
    await Promise.all(Array.from({ length: 5 }, () => t.admin('get', '/organizations').set('Connection', 'keep-alive').expect(200)));
    expect(added(before, networkHandles())).not.toEqual([]);
    await t.close();
    expect(added(before, networkHandles())).toEqual([]);
  });
});
