import { changesOf } from '../support/changes';
import { DataSource } from 'typeorm';
import { TestApp, Tenant } from '../support/test-app';

type Kind = 'employees' | 'contractors' | 'vacancies' | 'projects' | 'teams';
const KINDS: Kind[] = ['employees', 'contractors', 'vacancies', 'projects', 'teams'];

describe('optimistic concurrency (04 §4.5)', () => {
  let t: TestApp;
  let org: Tenant;
  let n = 0;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });
  afterAll(() => t.close());

  async function create(kind: Kind): Promise<{ id: string; patch: Record<string, unknown>; field: string }> {
    const k = ++n;
    switch (kind) {
      case 'employees':
        return { id: (await org.create.employee()).id, patch: { lastName: `New${k}` }, field: 'lastName' };
      case 'contractors':
        return { id: (await org.create.contractor()).id, patch: { name: `New${k}` }, field: 'name' };
      case 'vacancies':
        return { id: (await org.create.vacancy()).id, patch: { role: `New${k}` }, field: 'role' };
      case 'projects':
        return { id: (await org.create.project()).id, patch: { name: `New${k}` }, field: 'name' };
      case 'teams':
        return { id: (await org.create.team()).id, patch: { name: `New${k}` }, field: 'name' };
    }
  }

  it.each(KINDS)('04/§4.5: GET /%s/:id carries a weak ETag; If-None-Match with it gives 304, with another tag 200', async (kind) => {
    const { id, patch } = await create(kind);
    const first = await org.api('get', `/${kind}/${id}`).expect(200);
    const tag: string = first.headers.etag;
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect((await org.api('get', `/${kind}/${id}`).expect(200)).headers.etag).toBe(tag);
    const notModified = await org.api('get', `/${kind}/${id}`).set('If-None-Match', tag).expect(304);
    expect(notModified.text ?? '').toBe('');
    expect(notModified.headers.etag).toBe(tag);
    // Strong form and lists of tags compare weakly.
    await org
      .api('get', `/${kind}/${id}`)
      .set('If-None-Match', `"x", ${tag.slice(2)}`)
      .expect(304);
    await org.api('get', `/${kind}/${id}`).set('If-None-Match', 'W/"other"').expect(200);
    await org.api('patch', `/${kind}/${id}`).send(patch).expect(200);
    const changed = await org.api('get', `/${kind}/${id}`).set('If-None-Match', tag).expect(200);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it.each(KINDS)(
    '04/§4.5: PATCH and DELETE /%s/:id with a current If-Match succeed; a stale one is 412 PRECONDITION_FAILED and changes nothing',
    async (kind) => {
      const { id, patch, field } = await create(kind);
      const tag: string = (await org.api('get', `/${kind}/${id}`).expect(200)).headers.etag;
      const updated = await org.api('patch', `/${kind}/${id}`).set('If-Match', tag).send(patch).expect(200);
      expect(updated.body.data[field]).toBe(patch[field]);
      const history = async () => (await changesOf(t, org.orgId, { entityId: id })).length;
      const changesBefore = await history();
      const stale = await org
        .api('patch', `/${kind}/${id}`)
        .set('If-Match', tag)
        .send({ [field]: 'Lost update' })
        .expect(412);
      expect(stale.body).toEqual({ error: { code: 'PRECONDITION_FAILED', message: expect.stringContaining('If-Match') } });
      await org.api('delete', `/${kind}/${id}`).set('If-Match', tag).expect(412);
      const now = await org.api('get', `/${kind}/${id}`).expect(200);
      expect(now.body.data[field]).toBe(patch[field]);
      expect(await history()).toBe(changesBefore);
      await org.api('delete', `/${kind}/${id}`).set('If-Match', now.headers.etag).expect(204);
      await org.api('get', `/${kind}/${id}`).expect(404);
    },
  );

  it('04/§4.5: If-Match * matches any existing record; without If-Match nothing is checked', async () => {
    const { id } = await create('teams');
    await org.api('patch', `/teams/${id}`).set('If-Match', '*').send({ name: 'Star' }).expect(200);
    await org.api('patch', `/teams/${id}`).send({ name: 'Plain' }).expect(200);
  });

  it('04/§4.5: the tag covers what the read shows: a custom attribute value change makes it stale', async () => {
    const def = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'TEAM', name: `Level ${++n}`, attributeKey: `level${n}`, fieldType: 'STRING' })
        .expect(201)
    ).body.data;
    const { id } = await create('teams');
    const tag: string = (await org.api('get', `/teams/${id}`).expect(200)).headers.etag;
    await org.api('put', `/teams/${id}/custom-attributes/${def.id}`).send({ stringValue: 'L3' }).expect(200);
    const after = await org.api('get', `/teams/${id}`).expect(200);
    expect(JSON.stringify(after.body.data.customAttributes)).toContain('L3');
    expect(after.headers.etag).not.toBe(tag);
    await org.api('patch', `/teams/${id}`).set('If-Match', tag).send({ name: 'x' }).expect(412);
    await org.api('patch', `/teams/${id}`).set('If-Match', after.headers.etag).send({ name: 'x' }).expect(200);
  });

  it('04/§4.5: reads with include carry no ETag; lists carry none', async () => {
    const { id } = await create('employees');
    expect((await org.api('get', `/employees/${id}?include=assignments`).expect(200)).headers.etag).toBeUndefined();
    expect((await org.api('get', '/employees').expect(200)).headers.etag).toBeUndefined();
  });

  it('04/§4.5: the check is made against the row as locked by the write: of two PATCHes with the same If-Match, exactly one wins', async () => {
    const { id } = await create('teams');
    const tag: string = (await org.api('get', `/teams/${id}`).expect(200)).headers.etag;
    const ds = t.get<DataSource>(DataSource);
    // Hold the row while both requests queue on it, so that they really race.
    const runner = ds.createQueryRunner();
    await runner.startTransaction();
    await runner.query(`SELECT 1 FROM teams WHERE organization_id = $1 AND id = $2 FOR UPDATE`, [org.orgId, id]);
    const racing = Promise.all(['First', 'Second'].map((name) => org.api('patch', `/teams/${id}`).set('If-Match', tag).send({ name })));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await runner.commitTransaction();
    await runner.release();
    const statuses = (await racing).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 412]);
  });
});
