import { newId } from '../../src/common/ids';
import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

describe('project-management links and the derived deliveryStatus (01 "Project deliveryStatus"; spec 03 §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const links = (org: Tenant, project: string, suffix = '') => `/organizations/${org.orgId}/projects/${project}/links${suffix}`;
  const status = async (org: Tenant, id: string): Promise<string> =>
    (await org.api('get', `/projects/${id}`).expect(200)).body.data.deliveryStatus;
  const link = async (org: Tenant, id: string, key: string, ticketStatus: string): Promise<string> =>
    (
      await t
        .admin('post', links(org, id), org.userId)
        .send({ provider: 'jira', key, url: `https://jira.example.com/browse/${key}`, status: ticketStatus })
        .expect(201)
    ).body.data.id;
  /** The recorded changes, without the dispatcher's bookkeeping (which moves on by itself). */
  const changes = async (orgId: string) =>
    (await changesOf(t, orgId)).map(({ entityType, changeType, entityId, before, after, actorType, actorId }) => ({
      entityType,
      changeType,
      entityId,
      before,
      after,
      actorType,
      actorId,
    }));

  it('03 §3/links: POST, GET (list and one), PATCH and DELETE under /admin/v1/organizations/:orgId/projects/:projectId/links', async () => {
    const org = await t.createTenant();
    const id = (await org.create.project({ externalId: 'PRJ-LINKS' })).id;
    const created = await t
      .admin('post', links(org, 'PRJ-LINKS'), org.userId)
      .send({ provider: ' Jira ', key: 'PAY-1', url: 'https://jira.example.com/browse/PAY-1', status: 'In Progress' })
      .expect(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/),
      projectId: id,
      provider: 'jira',
      key: 'PAY-1',
      url: 'https://jira.example.com/browse/PAY-1',
      status: 'In Progress',
      deliveryStatus: 'IN_PROGRESS',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const linkId = created.body.data.id;
    await t.admin('post', links(org, id), org.userId).send({ provider: 'linear', key: 'ENG-7', status: 'Todo' }).expect(201);
    const listed = await t.admin('get', links(org, id, '?limit=1')).expect(200);
    expect(listed.body).toEqual({ data: [created.body.data], meta: { page: 1, limit: 1, total: 2, hasNextPage: true } });
    expect((await t.admin('get', links(org, id, `/${linkId}`)).expect(200)).body.data).toEqual(created.body.data);
    const patched = await t
      .admin('patch', links(org, id, `/${linkId}`), org.userId)
      .send({ status: 'Done', url: null })
      .expect(200);
    expect(patched.body.data).toMatchObject({ id: linkId, status: 'Done', deliveryStatus: 'DONE', url: null, key: 'PAY-1' });
    await t.admin('delete', links(org, id, `/${linkId}`), org.userId).expect(204);
    await t.admin('get', links(org, id, `/${linkId}`)).expect(404);
    expect((await t.admin('get', links(org, id)).expect(200)).body.meta.total).toBe(1);
  });

  it('03 §3/links: the admin token is required (401); API keys do not reach the application API', async () => {
    const org = await t.createTenant();
    const id = (await org.create.project()).id;
    const path = `/admin/v1${links(org, id)}`;
    expect((await t.http().get(path).expect(401)).body.error.code).toBe('UNAUTHORIZED');
    await t.http().post(path).set('Authorization', `Bearer ${org.key}`).send({ provider: 'jira', key: 'A-1', status: 'Done' }).expect(401);
    await t.http().get(path).set('Authorization', 'Bearer wrong-token').expect(401);
  });

  it('03 §3/links: provider, key and status are required; url is http(s); the status must be a known ticket status (400 on the field)', async () => {
    const org = await t.createTenant();
    const id = (await org.create.project()).id;
    const post = (body: Record<string, unknown>) =>
      t.admin('post', links(org, id), org.userId).send({ provider: 'jira', key: 'A-1', status: 'Done', ...body });
    for (const [field, value] of [
      ['provider', undefined],
      ['provider', ''],
      ['key', undefined],
      ['key', '  '],
      ['status', undefined],
      ['status', 'Sleeping'],
      ['url', 'ftp://example.com/A-1'],
      ['url', 'not a url'],
    ] as const) {
      const res = await post({ [field]: value }).expect(400);
      expect([field, value, res.body.error.code, res.body.error.details[0].field]).toEqual([field, value, 'VALIDATION_ERROR', field]);
    }
    await post({}).expect(201);
    const dup = await post({ provider: 'JIRA', status: 'Todo' }).expect(400);
    expect(dup.body.error.details[0].field).toBe('key');
    const other = await post({ key: 'A-2' }).expect(201);
    expect(
      (
        await t
          .admin('patch', links(org, id, `/${other.body.data.id}`), org.userId)
          .send({ status: 'Nope' })
          .expect(400)
      ).body.error.details[0].field,
    ).toBe('status');
    expect(
      (
        await t
          .admin('patch', links(org, id, `/${other.body.data.id}`), org.userId)
          .send({ key: 'A-1' })
          .expect(400)
      ).body.error.details[0].field,
    ).toBe('key');
    expect(await status(org, id)).toBe('DONE');
  });

  it('01 "Project deliveryStatus": with links it is derived from their ticket statuses and a written value is ignored', async () => {
    const org = await t.createTenant();
    const id = (await org.create.project({ deliveryStatus: 'CANCELLED' })).id;
    const a = await link(org, id, 'A-1', 'To Do');
    expect(await status(org, id)).toBe('TODO');
    const b = await link(org, id, 'A-2', 'In Progress');
    expect(await status(org, id)).toBe('IN_PROGRESS');
    // A written value is ignored on PATCH: the request succeeds and the derived value stays.
    const patched = await org.api('patch', `/projects/${id}`).send({ deliveryStatus: 'DONE', description: 'still changes' }).expect(200);
    expect(patched.body.data).toMatchObject({ deliveryStatus: 'IN_PROGRESS', description: 'still changes' });
    await t
      .admin('patch', links(org, id, `/${a}`), org.userId)
      .send({ status: 'Code Review' })
      .expect(200);
    await t
      .admin('patch', links(org, id, `/${b}`), org.userId)
      .send({ status: 'Closed' })
      .expect(200);
    expect(await status(org, id)).toBe('IN_REVIEW');
    await t
      .admin('patch', links(org, id, `/${a}`), org.userId)
      .send({ status: 'Done' })
      .expect(200);
    expect(await status(org, id)).toBe('DONE');
    const c = await link(org, id, 'A-3', "Won't Do");
    expect(await status(org, id)).toBe('DONE');
    await t.admin('delete', links(org, id, `/${a}`), org.userId).expect(204);
    await t.admin('delete', links(org, id, `/${b}`), org.userId).expect(204);
    expect(await status(org, id)).toBe('CANCELLED');
    await org.api('patch', `/projects/${id}`).send({ deliveryStatus: 'TODO' }).expect(200);
    expect(await status(org, id)).toBe('CANCELLED');
    // The list filter sees the derived value.
    expect((await org.api('get', '/projects?deliveryStatus=CANCELLED').expect(200)).body.data.map((p: { id: string }) => p.id)).toEqual([
      id,
    ]);
    // Without links it is settable again, and keeps the last derived value until set.
    await t.admin('delete', links(org, id, `/${c}`), org.userId).expect(204);
    expect(await status(org, id)).toBe('CANCELLED');
    expect((await org.api('patch', `/projects/${id}`).send({ deliveryStatus: 'TODO' }).expect(200)).body.data.deliveryStatus).toBe('TODO');
  });

  it('03/§1.9: link writes change a live project, so they need X-Acting-User (400 naming it, nothing written); initiator is never system', async () => {
    const org = await t.createTenant();
    const id = (await org.create.project()).id;
    const linkId = await link(org, id, 'S-1', 'Todo');
    const before = await changes(org.orgId);
    const writes = [
      t.admin('post', links(org, id)).send({ provider: 'jira', key: 'S-2', status: 'Done' }),
      t.admin('patch', links(org, id, `/${linkId}`)).send({ status: 'Done' }),
      t.admin('delete', links(org, id, `/${linkId}`)),
    ];
    for (const write of writes) {
      const res = await write.expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'X-Acting-User' }] });
    }
    expect(await changes(org.orgId)).toEqual(before);
    expect(
      (await t.admin('get', links(org, id)).expect(200)).body.data.map((l: { key: string; status: string }) => [l.key, l.status]),
    ).toEqual([['S-1', 'Todo']]);
    expect(await status(org, id)).toBe('TODO');
    const live = new Set((await changesOf(t, org.orgId)).map((c) => c.actorType));
    expect([...live].sort()).toEqual(['api_key', 'user']);
  });

  it('02 "Events": a link change that changes the derived deliveryStatus records a project update; link writes record project_link', async () => {
    const org = await t.createTenant();
    const id = (await org.create.project({ estimatedCost: 10.1 })).id;
    const acting = org.userId;
    const linkRes = await t.admin('post', links(org, id), acting).send({ provider: 'jira', key: 'E-1', status: 'In Progress' }).expect(201);
    const linkId = linkRes.body.data.id;
    await t
      .admin('patch', links(org, id, `/${linkId}`), acting)
      .send({ status: 'Doing' })
      .expect(200);
    await t
      .admin('patch', links(org, id, `/${linkId}`), acting)
      .send({ status: 'Done' })
      .expect(200);
    await t.admin('delete', links(org, id, `/${linkId}`), acting).expect(204);
    const rows = (await changes(org.orgId)).slice(1);
    expect(rows.map((r) => [r.entityType, r.changeType, r.entityId])).toEqual([
      ['project_link', 'create', linkId],
      ['project', 'update', id],
      ['project_link', 'update', linkId],
      ['project_link', 'update', linkId],
      ['project', 'update', id],
      ['project_link', 'delete', linkId],
    ]);
    expect(rows[1].before).toMatchObject({ id, deliveryStatus: 'BACKLOG', estimatedCost: '10.1' });
    expect(rows[1].after).toMatchObject({ id, deliveryStatus: 'IN_PROGRESS', estimatedCost: '10.1' });
    expect(rows[4].before).toMatchObject({ deliveryStatus: 'IN_PROGRESS' });
    expect(rows[4].after).toMatchObject({ deliveryStatus: 'DONE' });
    expect(Object.keys(rows[1].after!).sort()).toEqual(
      Object.keys((await org.api('get', `/projects/${id}`).expect(200)).body.data)
        .filter((k) => k !== 'customAttributes')
        .sort(),
    );
    expect(rows.every((r) => r.actorType === 'user' && r.actorId === acting)).toBe(true);
  });

  it('tenant isolation: another organization’s project is 404 through the links routes; a link is reached only through its project', async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    const pa = (await a.create.project({ externalId: 'ISO-1' })).id;
    const pb = (await b.create.project()).id;
    const la = await link(a, pa, 'ISO-1', 'Todo');
    expect(
      (await t.admin('post', links(b, pa), b.userId).send({ provider: 'jira', key: 'X-1', status: 'Done' }).expect(404)).body.error.code,
    ).toBe('NOT_FOUND');
    await t.admin('get', links(b, pa)).expect(404);
    await t.admin('get', links(b, 'ISO-1')).expect(404);
    await t.admin('get', links(b, pb, `/${la}`)).expect(404);
    await t
      .admin('patch', links(b, pb, `/${la}`), b.userId)
      .send({ status: 'Done' })
      .expect(404);
    await t.admin('delete', links(b, pb, `/${la}`), b.userId).expect(404);
    const pa2 = (await a.create.project()).id;
    await t.admin('get', links(a, pa2, `/${la}`)).expect(404);
    await t.admin('get', `/organizations/${newId()}/projects/${pa}/links`).expect(404);
    expect(await status(a, pa)).toBe('TODO');
    expect(await status(b, pb)).toBe('BACKLOG');
  });

  it('links go with their project: deleting a project deletes its links', async () => {
    const org = await t.createTenant();
    const id = (await org.create.project()).id;
    await link(org, id, 'GONE-1', 'Done');
    await org.api('delete', `/projects/${id}`).expect(204);
    expect(await t.dataSource.query(`SELECT 1 FROM project_links WHERE project_id = $1`, [id])).toEqual([]);
    await t.admin('get', links(org, id)).expect(404);
  });
});
