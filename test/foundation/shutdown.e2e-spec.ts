import { poolSockets } from '../../src/database/pool-clients';
import { TestApp } from '../support/test-app';

describe('closing the app', () => {
  it.each([
    ['the embedded database', { DATABASE_URL: '' }],
    ['the configured database', {}],
  ])("on %s, close() ends once the pool's connections are closed", async (_name, env: Record<string, string>) => {
    const t = await TestApp.start(env);
    await Promise.all(Array.from({ length: 5 }, () => t.admin('get', '/organizations').expect(200)));
    const sockets = poolSockets(t.dataSource);
    expect(sockets.length).toBeGreaterThan(0);
    await t.close();
    // pg-pool's `end` calls back once it has asked its clients to end, before their sockets close.
    expect(sockets.filter((socket) => !socket.closed).length).toBe(0);
  });
});
