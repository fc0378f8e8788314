import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirectoryLockedError, EmbeddedPostgres } from '../../src/database/embedded-postgres';

describe('embedded database data-directory lock', () => {
  it('a second process on the same data directory stops with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfp-lock-'));
    // A live process holds the lock.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, 'wfp.lock'), String(holder.pid));
      await expect(EmbeddedPostgres.start({ dataDir: dir, maxConnections: 4 })).rejects.toThrow(DataDirectoryLockedError);
      await expect(EmbeddedPostgres.start({ dataDir: dir, maxConnections: 4 })).rejects.toThrow(
        new RegExp(`in use by another process \\(pid ${holder.pid}\\)`),
      );
    } finally {
      holder.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a stale lock of a process that has ended is taken over, and released on stop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfp-lock-'));
    const ended = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => ended.on('exit', resolve));
    writeFileSync(join(dir, 'wfp.lock'), String(ended.pid));
    const db = await EmbeddedPostgres.start({ dataDir: dir, maxConnections: 4 });
    try {
      expect(readFileSync(join(dir, 'wfp.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      await db.stop();
    }
    expect(existsSync(join(dir, 'wfp.lock'))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
    // A new data directory is initialized first (initdb in WebAssembly): long on a busy machine.
  }, 180_000);
});
