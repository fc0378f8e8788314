import { WebhookHttpClient } from '../../src/webhooks/webhook-http-client';
import { PullSource } from './support';

/** The PULL hook's fetch goes through the webhooks' SSRF-safe client (04 §5.1 URL rules, §5.3 limits). */
describe('PULL hooks: the SSRF-safe fetch (04 §5.1, §5.3)', () => {
  let source: PullSource;
  beforeAll(async () => {
    source = await PullSource.start();
  });
  afterAll(async () => {
    await source.close();
  });
  const limits = { maxBytes: 1024, timeoutMs: 2_000 };

  it('04/5.1 URLs: without private targets, a loopback address (written or resolved) is refused without connecting', async () => {
    const client = new WebhookHttpClient({ allowPrivateTargets: false });
    const url = source.serve('/private', { body: { records: [] } });
    try {
      const written = await client.get(url, {}, limits);
      expect(written).toMatchObject({
        status: null,
        body: null,
        error: expect.stringMatching(/^Refused: 127\.0\.0\.1 is a loopback address/),
      });
      const resolved = await client.get(url.replace('127.0.0.1', 'localhost'), {}, limits);
      expect(resolved).toMatchObject({
        status: null,
        body: null,
        error: expect.stringMatching(/^Refused: localhost resolves to a loopback address/),
      });
      expect(source.on('/private')).toHaveLength(0);
    } finally {
      client.close();
    }
  });

  it('04/5.3 fetch: only a 200 is read; redirects are not followed; the size cap and the deadline hold', async () => {
    const client = new WebhookHttpClient({ allowPrivateTargets: true });
    try {
      source.serve('/ok', { body: { records: [1] } });
      const ok = await client.get(source.url('/ok'), { Accept: 'application/json' }, limits);
      expect(ok).toMatchObject({ status: 200, error: null });
      expect(JSON.parse(ok.body!.toString())).toEqual({ records: [1] });

      source.serve('/moved', { status: 302, body: {} });
      expect(await client.get(source.url('/moved'), {}, limits)).toMatchObject({ status: 302, error: 'HTTP 302', body: null });

      source.serve('/big', { body: 'x'.repeat(1025) });
      expect(await client.get(source.url('/big'), {}, limits)).toMatchObject({
        status: 200,
        error: 'Response body over 1024 bytes',
        body: null,
      });

      source.serve('/slow', { body: { records: [] }, delayMs: 1_000 });
      expect(await client.get(source.url('/slow'), {}, { ...limits, timeoutMs: 200 })).toMatchObject({
        status: null,
        error: 'Timed out after 0.2 s',
        body: null,
      });
    } finally {
      client.close();
    }
  });
});
