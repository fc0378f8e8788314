import request from 'supertest';
import { TestApp } from '../support/test-app';

/**
 * On a database with the demo organization, the served document offers its id as the
 * example of every `orgId` (Swagger UI fills it in "Try it out"), so the demo key works as shown.
 */
describe('Swagger UI with the demo organization', () => {
  it('decisions/OpenAPI document: every orgId of the served document has the demo id as example, and Try it out with the demo key answers 200', async () => {
    const t = await TestApp.start({ SEED_DEMO: 'true', DATABASE_URL: '' });
    try {
      const demo = t.running.demo!;
      const served = await request(t.server).get('/docs/openapi.json').set('Host', 'wfp.test:8080').expect(200);
      // 03/§1.21: relative without PUBLIC_BASE_URL, never the Host the request names.
      expect(served.body.servers).toEqual([{ url: '/', description: 'This server' }]);
      const orgIds = Object.values(
        served.body.paths as Record<string, Record<string, { parameters: { name: string; in: string; example?: string }[] }>>,
      )
        .flatMap((item) => Object.values(item))
        .flatMap((op) => op.parameters.filter((p) => p.in === 'path' && p.name === 'orgId'));
      expect(orgIds.length).toBeGreaterThan(150);
      expect(new Set(orgIds.map((p) => p.example))).toEqual(new Set([demo.organizationId]));
      const me = await request(t.server)
        .get(`/api/v1/org/${orgIds[0].example}/me`)
        .set('Authorization', `Bearer ${demo.apiKey}`)
        .expect(200);
      expect(me.body.data.organizationId).toBe(demo.organizationId);
    } finally {
      await t.close();
    }
    // Starting with the demo writes the whole demo company first (as the demo tests, which allow as long).
  }, 300_000);
});
