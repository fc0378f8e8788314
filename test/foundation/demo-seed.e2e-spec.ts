import request from 'supertest';
import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { TestApp } from '../support/test-app';

describe('first start demo seed', () => {
  it('an empty embedded database gets a demo organization, a * user and a key with every permission', async () => {
    const t = await TestApp.start({ SEED_DEMO: 'true', DATABASE_URL: '' });
    try {
      const demo = t.running.demo;
      expect(demo).not.toBeNull();
      const org = await t.admin('get', `/organizations/${demo!.organizationId}`).expect(200);
      expect(org.body.data.functionalGroupsEnabled).toBe(true);
      const users = await t.admin('get', `/organizations/${demo!.organizationId}/users`).expect(200);
      expect(users.body.data).toEqual([expect.objectContaining({ permissions: ['*'], active: true })]);
      const me = await request(t.server)
        .get(`/api/v1/org/${demo!.organizationId}/me`)
        .set('Authorization', `Bearer ${demo!.apiKey}`)
        .expect(200);
      expect(me.body.data.permissions).toEqual([...API_PERMISSIONS].sort());
    } finally {
      await t.close();
    }
  });

  it('SEED_DEMO=false and NODE_ENV=production seed nothing', async () => {
    for (const env of [{ SEED_DEMO: 'false' }, { SEED_DEMO: 'true', NODE_ENV: 'production' }] as Record<string, string>[]) {
      const t = await TestApp.start({ ...env, DATABASE_URL: '' });
      try {
        expect(t.running.demo).toBeNull();
        const orgs = await t.admin('get', '/organizations').expect(200);
        expect(orgs.body.meta.total).toBe(0);
      } finally {
        await t.close();
      }
    }
  });

  it('an admin token is generated when ADMIN_TOKEN is unset', async () => {
    const t = await TestApp.start({ ADMIN_TOKEN: '', DATABASE_URL: '' });
    try {
      expect(t.running.adminTokenGenerated).toBe(true);
      expect(t.running.adminToken).toMatch(/^[0-9a-f]{64}$/);
      await t.admin('get', '/organizations').expect(200);
    } finally {
      await t.close();
    }
  });
});
