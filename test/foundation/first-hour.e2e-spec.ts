import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AdminTokenService, adminTokenFile } from '../../src/access/admin-token.service';
import { loadConfig } from '../../src/config/app-config';
import { FirstOrganizationService, parseSetupArgs } from '../../src/demo/first-organization.service';
import type { RunningApp } from '../../src/app.factory';
import { startupBanner } from '../../src/startup-banner';
import { TestApp } from '../support/test-app';

describe('the first hour: setup command and start banner', () => {
  it('06/§1.4: npm run setup makes an organization, an admin user and a key that works; its arguments are checked', async () => {
    expect(parseSetupArgs(['--org', 'Acme', '--user', 'ana@acme.test'])).toEqual({
      org: 'Acme',
      user: 'ana@acme.test',
      name: undefined,
      currency: undefined,
    });
    expect(parseSetupArgs(['--org', 'Acme', '--user', 'ana@acme.test', '--currency', 'eur']).currency).toBe('EUR');
    for (const bad of [
      [],
      ['--org', 'Acme'],
      ['--user', 'ana@acme.test'],
      ['--org', 'Acme', '--user', 'not-an-email'],
      ['--org', 'Acme', '--user', 'a@b.c', '--force', 'x'],
    ]) {
      expect(() => parseSetupArgs(bad)).toThrow(/usage: npm run setup/);
    }
    const t = await TestApp.start();
    try {
      const made = await t.get(FirstOrganizationService).create({ org: 'Acme', user: 'ana@acme.test' });
      expect(made.apiKey).toMatch(/^wfp_/);
      const me = await request(t.server)
        .get(`/api/v1/org/${made.organizationId}/me`)
        .set('Authorization', `Bearer ${made.apiKey}`)
        .expect(200);
      expect(me.body.data.organizationId).toBe(made.organizationId);
      const users = await t.admin('get', `/organizations/${made.organizationId}/users`).expect(200);
      expect(users.body.data).toEqual([
        expect.objectContaining({ id: made.userId, email: 'ana@acme.test', permissions: ['*'], active: true }),
      ]);
      // The key is shown once: the application API lists it without its secret.
      const keys = await t.admin('get', `/organizations/${made.organizationId}/api-keys`).expect(200);
      expect(JSON.stringify(keys.body)).not.toContain(made.apiKey);
    } finally {
      await t.close();
    }
  }, 300_000);

  it('06/§1.4: the admin token is printed only on the embedded database outside production, never under NODE_ENV=production', () => {
    const token = 'a'.repeat(64);
    const banner = (env: Record<string, string>, isEmbedded: boolean) =>
      startupBanner(
        loadConfig({ ADMIN_TOKEN: '', ...env }),
        { adminToken: token, demo: null, runtime: { isEmbedded } as RunningApp['runtime'] },
        'http://localhost:3000',
      );
    expect(banner({ NODE_ENV: 'development', DATA_DIR: '.data' }, true)).toContain(token);
    for (const [env, embedded] of [
      [{ NODE_ENV: 'production', DATA_DIR: '/data' }, true],
      [{ NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/wfp', DATA_DIR: '/data' }, false],
      [{ NODE_ENV: 'development', DATABASE_URL: 'postgresql://db/wfp', DATA_DIR: '/data' }, false],
    ] as [Record<string, string>, boolean][]) {
      const text = banner(env, embedded);
      expect(text).not.toContain(token);
      expect(text).toContain(embedded ? '/data/admin-token' : '/data/admin-token.postgres-db-5432-wfp');
      expect(text).toContain('ADMIN_TOKEN');
    }
    expect(banner({ NODE_ENV: 'development', ADMIN_TOKEN: 'x'.repeat(20) }, true)).not.toMatch(/Admin token/);
  }, 300_000);

  it('06/§1.4: a generated admin token is kept per database: the embedded one and each PostgreSQL database have their own file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfp-token-'));
    try {
      const start = (databaseUrl: string) =>
        new AdminTokenService(loadConfig({ ADMIN_TOKEN: '', DATA_DIR: dir, DATABASE_URL: databaseUrl }));
      const embedded = start('');
      const postgres = start('postgresql://app:secret@db.internal:5433/wfp');
      const other = start('postgresql://app:secret@db.internal:5433/wfp_other');
      expect(new Set([embedded.token, postgres.token, other.token]).size).toBe(3);
      expect([embedded.generated, postgres.generated, other.generated]).toEqual([true, true, true]);
      // A second start on the same database reads its own file back.
      const again = start('postgresql://app:secret@db.internal:5433/wfp');
      expect([again.token, again.generated]).toEqual([postgres.token, false]);
      expect(start('').token).toBe(embedded.token);
      const file = adminTokenFile({ dataDir: dir, databaseUrl: 'postgresql://app:secret@db.internal:5433/wfp' });
      expect(file).toBe(join(dir, 'admin-token.postgres-db.internal-5433-wfp'));
      expect(readFileSync(file, 'utf8').trim()).toBe(postgres.token);
      expect(readdirSync(dir).join(' ')).not.toMatch(/secret|app/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
