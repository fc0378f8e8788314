import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '../../src/common/ids';
import { blockedAddressReason } from '../../src/webhooks/address-policy';
import { RESPONSE_BODY_CAP_BYTES, WebhookHttpClient } from '../../src/webhooks/webhook-http-client';
import { TestApp } from '../support/test-app';
import { Receiver } from './receiver';
import { change, endpointOf, liveContext, settled, write } from './support';

const body = Buffer.from('{"test":true}');
const json = { 'Content-Type': 'application/json' };

describe('webhook target safety (docs/decisions.md, "Webhooks")', () => {
  describe('address ranges refused in production', () => {
    it.each([
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'link-local (cloud metadata)'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['100.127.255.254', 'carrier-grade NAT'],
      ['168.63.129.16', 'cloud metadata'],
      ['224.0.0.1', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['fd00:ec2::254', 'unique local (private)'],
      ['fc00::1', 'unique local (private)'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback (IPv4 inside IPv6)'],
      ['::ffff:7f00:1', 'loopback (IPv4 inside IPv6)'],
      ['::ffff:169.254.169.254', 'link-local (cloud metadata) (IPv4 inside IPv6)'],
      ['64:ff9b::10.0.0.1', 'private (IPv4 inside IPv6)'],
      ['2002:a00:1::', 'private (IPv4 inside IPv6)'],
      ['2001:db8::1', 'documentation'],
      ['not-an-ip', 'not an IP address'],
    ])('%s is refused as %s', (address, reason) => {
      expect(blockedAddressReason(address)).toBe(reason);
    });

    it.each([
      '93.184.216.34',
      '8.8.8.8',
      '100.63.255.255',
      '100.128.0.0',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ])('%s (public) is allowed', (address) => {
      expect(blockedAddressReason(address)).toBeNull();
    });
  });

  describe('the HTTP client', () => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await Receiver.start();
    });
    afterAll(() => receiver.close());

    const strict = (resolve?: (host: string) => Promise<{ address: string; family: number }[]>) =>
      new WebhookHttpClient({ allowPrivateTargets: false, ...(resolve ? { resolve } : {}) });

    it('refuses a loopback address written in the URL without connecting', async () => {
      const client = strict();
      const before = receiver.received.length;
      expect(await client.post(receiver.url('/literal'), body, json)).toMatchObject({
        status: null,
        error: 'Refused: 127.0.0.1 is a loopback address',
      });
      expect(await client.post(`http://[::ffff:127.0.0.1]:${receiver.port}/mapped`, body, json)).toMatchObject({
        status: null,
        error: expect.stringMatching(/^Refused/),
      });
      expect(receiver.received.length).toBe(before);
      client.close();
    });

    it('resolves host names itself and refuses one that resolves to loopback (localhost)', async () => {
      const client = strict();
      const before = receiver.received.length;
      const result = await client.post(`http://localhost:${receiver.port}/named`, body, json);
      expect(result).toMatchObject({ status: null, error: expect.stringMatching(/^Refused: localhost resolves to a loopback address/) });
      expect(receiver.received.length).toBe(before);
      expect(await client.checkTarget(`http://localhost:${receiver.port}/`)).toMatch(/resolves to a loopback address/);
      client.close();
    });

    it('is safe against DNS rebinding: a name public at registration and loopback at connect time is refused', async () => {
      let calls = 0;
      const client = strict(async () =>
        ++calls === 1 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }],
      );
      const url = `http://rebind.example.test:${receiver.port}/rebind`;
      expect(await client.checkTarget(url)).toBeNull();
      const result = await client.post(url, body, json);
      expect(result).toMatchObject({ status: null, error: 'Refused: rebind.example.test resolves to a loopback address (127.0.0.1)' });
      expect(receiver.on('/rebind')).toHaveLength(0);
      client.close();
    });

    it('connects to the address it checked, not to a second resolution of the name', async () => {
      // A name the system cannot resolve: only the client's own (checked) answer can lead to the receiver.
      const client = new WebhookHttpClient({
        allowPrivateTargets: false,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
        blockedReason: () => null,
      });
      expect(await client.post(`http://checked.invalid:${receiver.port}/checked`, body, json)).toMatchObject({ status: 200, error: null });
      expect(receiver.on('/checked')).toHaveLength(1);
      client.close();
    });

    it('never follows redirects', async () => {
      const moved = await Receiver.start(301);
      const client = new WebhookHttpClient({ allowPrivateTargets: true });
      try {
        expect(await client.post(moved.url('/old'), body, json)).toMatchObject({ status: 301, error: 'HTTP 301' });
        expect(moved.on('/redirected')).toHaveLength(0);
      } finally {
        client.close();
        await moved.close();
      }
    });

    it('reads at most the cap of a response body and closes the connection', async () => {
      const total = RESPONSE_BODY_CAP_BYTES * 200;
      let written = 0;
      let closedEarly: boolean | null = null;
      const server: Server = createServer((req, res) => {
        req.resume();
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(total) });
        const chunk = Buffer.alloc(16 * 1024, 120);
        res.on('close', () => {
          closedEarly = !res.writableFinished;
        });
        const pump = () => {
          while (written < total) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const client = new WebhookHttpClient({ allowPrivateTargets: true });
      try {
        const result = await client.post(`http://127.0.0.1:${(server.address() as AddressInfo).port}/big`, body, json);
        expect(result).toMatchObject({ status: 200, error: null });
        const deadline = Date.now() + 5_000;
        while (closedEarly === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(closedEarly).toBe(true);
        expect(written).toBeLessThan(total);
      } finally {
        client.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('with NODE_ENV=production', () => {
    let t: TestApp;
    let receiver: Receiver;
    beforeAll(async () => {
      // Its own embedded database: a production-mode dispatcher must not pick up other tests' changes.
      t = await TestApp.start({ NODE_ENV: 'production', DATABASE_URL: '', WEBHOOK_SWEEP_INTERVAL_MS: '200' });
      receiver = await Receiver.start();
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    it.each([
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.0.0.5/hook',
      'http://172.20.1.1/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.1.1/hook',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://0x7f000001/hook',
      'http://2130706433/hook',
    ])('registration refuses %s with 400 on url', async (url) => {
      const tenant = await t.createTenant();
      const res = await t
        .admin('post', `/organizations/${tenant.orgId}/webhook-endpoints`)
        .send({ name: 'Internal', url, entityTypes: ['team'], eventTypes: ['create'] })
        .expect(400);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'url', message: expect.stringMatching(/may not reach/) }],
      });
    });

    it('registration accepts a public address, and a patch to an internal one is refused', async () => {
      const tenant = await t.createTenant();
      const created = await t
        .admin('post', `/organizations/${tenant.orgId}/webhook-endpoints`)
        .send({ name: 'Public', url: 'https://93.184.216.34/hook', entityTypes: ['team'], eventTypes: ['create'] })
        .expect(201);
      const res = await t
        .admin('patch', `/organizations/${tenant.orgId}/webhook-endpoints/${created.body.data.id}`)
        .send({ url: 'http://127.0.0.1/x' })
        .expect(400);
      expect(res.body.error.details[0].field).toBe('url');
    });

    it('deliveries to a target that turned internal after registration are refused at connect time and mark the endpoint FAILING', async () => {
      const tenant = await t.createTenant();
      // As if the name had resolved publicly at registration: the row is written directly.
      const id = newId();
      await t.dataSource.query(
        `INSERT INTO webhook_endpoints (id, organization_id, name, url, entity_types, event_types, enabled, secret)
         VALUES ($1, $2, 'Turned internal', $3, '{team}', '{create}', true, $4)`,
        [id, tenant.orgId, `http://localhost:${receiver.port}/internal`, 'a'.repeat(64)],
      );
      await write(t, await liveContext(t, tenant), [change('team', 'create')]);
      await settled(t, tenant.orgId);
      expect(receiver.received).toHaveLength(0);
      expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
        deliveryStatus: 'FAILING',
        lastResponseStatus: null,
        lastError: expect.stringMatching(/^Refused: localhost resolves to a loopback address/),
      });
    });
  });

  it('WEBHOOK_ALLOW_PRIVATE_TARGETS=false refuses private targets outside production too', async () => {
    const t = await TestApp.start({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', DATABASE_URL: '' });
    try {
      const tenant = await t.createTenant();
      await t
        .admin('post', `/organizations/${tenant.orgId}/webhook-endpoints`)
        .send({ name: 'Internal', url: 'http://127.0.0.1:9/hook', entityTypes: ['team'], eventTypes: ['create'] })
        .expect(400);
    } finally {
      await t.close();
    }
  });
});
