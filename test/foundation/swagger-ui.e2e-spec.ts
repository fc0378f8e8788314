import request from 'supertest';
import { TestApp } from '../support/test-app';

/** Spec 03 §1.21: the usual browser protections, set by helmet; Swagger UI still loads under its policy. */
describe('browser protections', () => {
  /** The `<script>` and stylesheet `<link>` elements of a page. */
  const assetsOf = (html: string) => ({
    scripts: [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
      src: /src="([^"]+)"/.exec(m[1])?.[1],
      body: m[2].trim(),
    })),
    styles: [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  });

  it('03/§1.21: JSON answers carry Cache-Control no-store and nosniff; /docs a content security policy its own assets satisfy, and X-Frame-Options DENY', async () => {
    const t = await TestApp.start({ PUBLIC_BASE_URL: 'https://wfp.example.org' });
    try {
      const tenant = await t.createTenant();
      for (const res of [
        await tenant.api('get', '/me').expect(200),
        await t.admin('get', `/organizations/${tenant.orgId}`).expect(200),
        await request(t.server).get('/api/v1/org/x/employees').expect(401),
        await request(t.server).get('/health').expect(200),
      ]) {
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      const page = await request(t.server).get('/docs/').expect(200);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      const csp = Object.fromEntries(
        String(page.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['connect-src']).toEqual(["'self'", 'https://wfp.example.org']);
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
      // Swagger UI runs under it: no inline script (script-src 'self' would block it), and each asset is served here.
      const { scripts, styles } = assetsOf(page.text);
      expect(scripts.length).toBeGreaterThanOrEqual(2);
      expect(scripts.filter((s) => !s.src || s.body)).toEqual([]);
      for (const src of [...scripts.map((s) => s.src!), ...styles]) {
        expect(src).not.toMatch(/^(https?:)?\/\//);
        const asset = await request(t.server).get(new URL(src, 'http://x/docs/').pathname).expect(200);
        expect(asset.headers['x-content-type-options']).toBe('nosniff');
        expect(asset.headers['content-type']).toMatch(/javascript|css/);
      }
      expect((await request(t.server).get('/docs/openapi.json').expect(200)).body.servers).toEqual([
        { url: 'https://wfp.example.org', description: 'This server' },
      ]);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('03/§1.21: Swagger UI keeps a pasted token in the browser only outside production', async () => {
    for (const [env, persisted] of [
      [{}, true],
      [{ NODE_ENV: 'production', DATABASE_URL: '' }, false],
    ] as [Record<string, string>, boolean][]) {
      const t = await TestApp.start(env);
      try {
        const init = await request(t.server).get('/docs/swagger-ui-init.js').expect(200);
        expect(init.text).toMatch(new RegExp(`"persistAuthorization":\\s*${persisted}`));
      } finally {
        await t.close();
      }
    }
  }, 180_000);
});
