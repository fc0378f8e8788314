import request from 'supertest';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';
import { createEndpoint, settled } from '../webhooks/support';

describe('Idempotency-Key on public writes (04 §4.4)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const count = async (orgId: string, table = 'employees') =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [orgId]))[0].n as number;

  it('04/§4.4: a replay with the same key, method, path and body gets the stored status and body with Idempotent-Replayed: true, and creates nothing (no row, no event)', async () => {
    const tenant = await t.createTenant();
    const path = `/idem-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['employee'] });
    const body = bodies.employee();
    const first = await tenant.api('post', '/employees').set('Idempotency-Key', 'create-ada-1').send(body).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await tenant.api('post', '/employees').set('Idempotency-Key', 'create-ada-1').send(body).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await count(tenant.orgId)).toBe(1);
    await settled(t, tenant.orgId);
    expect(receiver.on(path)).toHaveLength(1);
  });

  it('04/§4.4: PATCH, DELETE and bulk writes are idempotent too', async () => {
    const tenant = await t.createTenant();
    const team = await tenant.api('post', '/teams').send({ name: 'Platform' }).expect(201);
    const id = team.body.data.id;
    const patched = await tenant.api('patch', `/teams/${id}`).set('Idempotency-Key', 'p1').send({ name: 'Core' }).expect(200);
    await tenant.api('patch', `/teams/${id}`).send({ name: 'Changed since' }).expect(200);
    const replayed = await tenant.api('patch', `/teams/${id}`).set('Idempotency-Key', 'p1').send({ name: 'Core' }).expect(200);
    expect(replayed.body).toEqual(patched.body);
    expect((await tenant.api('get', `/teams/${id}`).expect(200)).body.data.name).toBe('Changed since');

    await tenant.api('delete', `/teams/${id}`).set('Idempotency-Key', 'd1').expect(204);
    const deleted = await tenant.api('delete', `/teams/${id}`).set('Idempotency-Key', 'd1').expect(204);
    expect(deleted.headers['idempotent-replayed']).toBe('true');

    const records = [{ externalId: 'T-1', name: 'One' }];
    const bulk = await tenant.api('post', '/teams/bulk').set('Idempotency-Key', 'b1').send({ records }).expect(200);
    const bulkAgain = await tenant.api('post', '/teams/bulk').set('Idempotency-Key', 'b1').send({ records }).expect(200);
    expect(bulkAgain.body).toEqual(bulk.body);
    expect(bulkAgain.body.data.created).toBe(1);
  });

  it('04/§4.4: the same key with another method, path or body is 400 VALIDATION_ERROR on Idempotency-Key', async () => {
    const tenant = await t.createTenant();
    const body = bodies.employee();
    const created = await tenant.api('post', '/employees').set('Idempotency-Key', 'k').send(body).expect(201);
    for (const res of [
      await tenant
        .api('post', '/employees')
        .set('Idempotency-Key', 'k')
        .send({ ...body, firstName: 'Grace' }),
      await tenant.api('post', '/teams').set('Idempotency-Key', 'k').send(body),
      await tenant.api('patch', `/employees/${created.body.data.id}`).set('Idempotency-Key', 'k').send(body),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'Idempotency-Key' }] });
    }
    expect(await count(tenant.orgId)).toBe(1);
  });

  it('04/§4.4: keys are 1-255 printable ASCII characters; others are 400', async () => {
    const tenant = await t.createTenant();
    for (const key of ['x'.repeat(256), 'tab\there', 'é-key']) {
      const res = await tenant.api('post', '/teams').set('Idempotency-Key', key).send({ name: 'X' });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('Idempotency-Key');
    }
    await tenant.api('post', '/teams').set('Idempotency-Key', 'x'.repeat(255)).send({ name: 'X' }).expect(201);
    expect(await count(tenant.orgId, 'teams')).toBe(1);
  });

  it('04/§4.4: non-2xx answers are not stored: after a 400 the same key can succeed', async () => {
    const tenant = await t.createTenant();
    await tenant.api('post', '/teams').set('Idempotency-Key', 'retry-me').send({}).expect(400);
    await tenant.api('post', '/teams').set('Idempotency-Key', 'retry-me').send({}).expect(400);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE organization_id = $1`, [tenant.orgId]);
    expect(n).toBe(0);
    // The corrected request with the same key is a new request: it runs (no replay, no conflict) and its answer is the one kept.
    const fixed = await tenant.api('post', '/teams').set('Idempotency-Key', 'retry-me').send({ name: 'Fixed' }).expect(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(fixed.body.data).toMatchObject({ name: 'Fixed' });
    expect(await count(tenant.orgId, 'teams')).toBe(1);
    const again = await tenant.api('post', '/teams').set('Idempotency-Key', 'retry-me').send({ name: 'Fixed' }).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(fixed.body);
    expect(await count(tenant.orgId, 'teams')).toBe(1);
  });

  it('04/§4.4: keys are per organization', async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    await a.api('post', '/teams').set('Idempotency-Key', 'shared').send({ name: 'A' }).expect(201);
    const res = await b.api('post', '/teams').set('Idempotency-Key', 'shared').send({ name: 'A' }).expect(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await count(b.orgId, 'teams')).toBe(1);
  });

  it('04/§4.4: keys are per API key: another key of the organization neither gets the stored answer (403 without the permission) nor is blocked', async () => {
    const tenant = await t.createTenant();
    const keyed = (key: string) => (method: 'post' | 'patch', path: string) =>
      request(t.server)[method](`/api/v1/org/${tenant.orgId}${path}`).set('Authorization', `Bearer ${key}`);
    const viewer = keyed((await t.createKey(tenant, ['teams_view'])).key);
    const editor = keyed((await t.createKey(tenant, ['teams_view', 'teams_edit'])).key);
    const first = await tenant.api('post', '/teams').set('Idempotency-Key', 'k').send({ name: 'Core' }).expect(201);
    const refused = await viewer('post', '/teams').set('Idempotency-Key', 'k').send({ name: 'Core' }).expect(403);
    expect(refused.headers['idempotent-replayed']).toBeUndefined();
    const own = await editor('post', '/teams').set('Idempotency-Key', 'k').send({ name: 'Core' }).expect(201);
    expect(own.headers['idempotent-replayed']).toBeUndefined();
    expect(own.body.data.id).not.toBe(first.body.data.id);
    // Squatting: a key used first by another API key for another request does not block this one.
    await editor('post', '/teams').set('Idempotency-Key', 'future').send({ name: 'Squat' }).expect(201);
    const mine = await tenant
      .api('patch', `/teams/${first.body.data.id}`)
      .set('Idempotency-Key', 'future')
      .send({ name: 'Mine' })
      .expect(200);
    expect(mine.headers['idempotent-replayed']).toBeUndefined();
    // The same API key still replays and conflicts as before.
    const replay = await tenant.api('post', '/teams').set('Idempotency-Key', 'k').send({ name: 'Core' }).expect(201);
    expect([replay.headers['idempotent-replayed'], replay.body]).toEqual(['true', first.body]);
    await tenant.api('post', '/teams').set('Idempotency-Key', 'k').send({ name: 'Other' }).expect(400);
    expect(await count(tenant.orgId, 'teams')).toBe(3);
    const rows = await t.dataSource.query(
      `SELECT key, api_key_id FROM idempotency_keys WHERE organization_id = $1 ORDER BY key, api_key_id`,
      [tenant.orgId],
    );
    expect(rows).toHaveLength(4);
    expect(rows.filter((r: { key: string }) => r.key === 'k').map((r: { api_key_id: string }) => r.api_key_id)).toContain(tenant.keyId);
  });

  it('04/§4.4: a duplicate while the first request is still running is 409 CONFLICT (the first one in flight, e.g. on another instance)', async () => {
    const tenant = await t.createTenant();
    const body = { name: 'Platform' };
    await tenant.api('post', '/teams').set('Idempotency-Key', 'first').send(body).expect(201);
    // The same request is in flight again: its claim holds the key and has no answer yet.
    await t.dataSource.query(
      `UPDATE idempotency_keys SET status_code = NULL, response_body = NULL WHERE organization_id = $1 AND key = 'first'`,
      [tenant.orgId],
    );
    const duplicate = await tenant.api('post', '/teams').set('Idempotency-Key', 'first').send(body).expect(409);
    expect(duplicate.body.error.code).toBe('CONFLICT');
    expect(await count(tenant.orgId, 'teams')).toBe(1);
  });

  it('04/§4.4: concurrent duplicates run the write once: the others are 409 or replays of its answer', async () => {
    const tenant: Tenant = await t.createTenant();
    const records = Array.from({ length: 300 }, (_v, i) => ({ externalId: `C-${i}`, name: `Team ${i}` }));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        tenant
          .api('post', '/teams/bulk')
          .set('Idempotency-Key', 'same')
          .send({ records })
          .then((r) => r),
      ),
    );
    const ran = answers.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const other of answers.filter((r) => r !== ran[0])) {
      if (other.status === 200) expect(other.body).toEqual(ran[0].body);
      else expect([other.status, other.body.error.code]).toEqual([409, 'CONFLICT']);
    }
    expect(ran[0].body.data.created).toBe(300);
    expect(await count(tenant.orgId, 'teams')).toBe(300);
  });

  it('04/§4.4: a stored answer expires after 24 hours: the key then runs the request again', async () => {
    const tenant = await t.createTenant();
    await tenant.api('post', '/teams').set('Idempotency-Key', 'old').send({ name: 'X' }).expect(201);
    const [row] = await t.dataSource.query(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM idempotency_keys WHERE organization_id = $1 AND key = 'old'`,
      [tenant.orgId],
    );
    expect(row.ttl).toBe(24 * 3600);
    await t.dataSource.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE organization_id = $1`, [
      tenant.orgId,
    ]);
    const res = await tenant.api('post', '/teams').set('Idempotency-Key', 'old').send({ name: 'X' }).expect(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await count(tenant.orgId, 'teams')).toBe(2);
  });
});
