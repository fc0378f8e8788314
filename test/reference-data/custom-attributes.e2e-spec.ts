import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

describe('custom attributes (01 "Custom attribute value", rule 9)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let team: string;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
    team = (await tenant.api('post', '/teams').send({ name: 'Attr team', externalId: 'AT-1' }).expect(201)).body.data.id;
  });
  afterAll(() => t.close());

  const define = (body: Record<string, unknown>) => tenant.api('post', '/custom-attributes').send({ entityType: 'TEAM', ...body });

  it('definitions: attributeKey unique per entity type; SELECT needs options; other types refuse them', async () => {
    const res = await define({ name: 'Budget owner', attributeKey: 'budgetOwner', fieldType: 'STRING' }).expect(201);
    expect(res.body.data).toMatchObject({
      name: 'Budget owner',
      attributeKey: 'budgetOwner',
      entityType: 'TEAM',
      fieldType: 'STRING',
      options: null,
      required: false,
    });
    expect(
      (await define({ name: 'Again', attributeKey: 'budgetOwner', fieldType: 'STRING' }).expect(400)).body.error.details[0].field,
    ).toBe('attributeKey');
    await tenant
      .api('post', '/custom-attributes')
      .send({ entityType: 'EMPLOYEE', name: 'Other type', attributeKey: 'budgetOwner', fieldType: 'STRING' })
      .expect(201);
    expect((await define({ name: 'Tier', attributeKey: 'tier', fieldType: 'SELECT' }).expect(400)).body.error.details[0].field).toBe(
      'options',
    );
    await define({ name: 'Count', attributeKey: 'count', fieldType: 'NUMBER', options: ['a'] }).expect(400);
    await define({ name: 'Bad', attributeKey: 'bad', fieldType: 'BLOB' }).expect(400);
    await tenant
      .api('post', '/custom-attributes')
      .send({ entityType: 'PLANET', name: 'Bad', attributeKey: 'bad', fieldType: 'STRING' })
      .expect(400);
    const listed = await tenant.api('get', '/custom-attributes?entityType=EMPLOYEE').expect(200);
    expect(listed.body.data.map((d: { entityType: string }) => d.entityType)).toEqual(['EMPLOYEE']);
  });

  it('values: PUT checks the value against the field type and returns the document-01 shape', async () => {
    const sel = (await define({ name: 'Tier', attributeKey: 'tierSel', fieldType: 'SELECT', options: ['gold', 'silver'] }).expect(201)).body
      .data;
    const range = (await define({ name: 'Freeze', attributeKey: 'freeze', fieldType: 'DATE_RANGE' }).expect(201)).body.data;
    const num = (await define({ name: 'Headroom', attributeKey: 'headroom', fieldType: 'NUMBER' }).expect(201)).body.data;
    const path = (def: string) => `/teams/${team}/custom-attributes/${def}`;
    const set = await tenant.api('put', path(sel.id)).send({ stringValue: 'gold' }).expect(200);
    expect(set.body.data).toEqual({
      id: expect.any(String),
      definitionId: sel.id,
      entityType: 'TEAM',
      entityId: team,
      stringValue: 'gold',
      numberValue: null,
      dateValue: null,
      dateRangeStart: null,
      dateRangeEnd: null,
      definition: { id: sel.id, name: 'Tier', attributeKey: 'tierSel', fieldType: 'SELECT' },
    });
    expect((await tenant.api('put', path(sel.id)).send({ stringValue: 'bronze' }).expect(400)).body.error.details[0].field).toBe(
      'stringValue',
    );
    expect(
      (await tenant.api('put', path(sel.id)).send({ stringValue: 'gold', numberValue: 3 }).expect(400)).body.error.details[0].field,
    ).toBe('numberValue');
    expect((await tenant.api('put', path(num.id)).send({}).expect(400)).body.error.details[0].field).toBe('numberValue');
    await tenant.api('put', path(num.id)).send({ numberValue: 'many' }).expect(400);
    expect((await tenant.api('put', path(num.id)).send({ numberValue: 2.5 }).expect(200)).body.data.numberValue).toBe(2.5);
    expect(
      (await tenant.api('put', path(range.id)).send({ dateRangeStart: '2026-03-01', dateRangeEnd: '2026-02-28' }).expect(400)).body.error
        .details[0].field,
    ).toBe('dateRangeEnd');
    await tenant.api('put', path(range.id)).send({ dateRangeStart: '2026-02-29', dateRangeEnd: '2026-03-01' }).expect(400);
    await tenant.api('put', path(range.id)).send({ dateRangeStart: '2028-02-29', dateRangeEnd: '2028-03-01' }).expect(200);
    // Re-setting replaces the value; there is still one per definition.
    await tenant.api('put', path(sel.id)).send({ stringValue: 'silver' }).expect(200);
    const values = await tenant.api('get', `/teams/${team}/custom-attributes`).expect(200);
    expect(values.body.data.filter((v: { definitionId: string }) => v.definitionId === sel.id)).toEqual([
      expect.objectContaining({ stringValue: 'silver' }),
    ]);
  });

  it('01 rule 9: customAttributes appear on by-id reads only', async () => {
    const def = (await define({ name: 'Note', attributeKey: 'note9', fieldType: 'STRING' }).expect(201)).body.data;
    await tenant.api('put', `/teams/AT-1/custom-attributes/${def.id}`).send({ stringValue: 'hello' }).expect(200);
    const one = await tenant.api('get', `/teams/${team}`).expect(200);
    expect(one.body.data.customAttributes).toEqual(
      expect.arrayContaining([expect.objectContaining({ definitionId: def.id, stringValue: 'hello' })]),
    );
    const list = await tenant.api('get', '/teams').expect(200);
    expect(list.body.data[0]).not.toHaveProperty('customAttributes');
  });

  it('DELETE clears an optional attribute; a required one is a 400; unknown definitions and records are 404', async () => {
    const opt = (await define({ name: 'Opt', attributeKey: 'opt', fieldType: 'DATE' }).expect(201)).body.data;
    const req = (await define({ name: 'Req', attributeKey: 'req', fieldType: 'STRING', required: true }).expect(201)).body.data;
    await tenant.api('put', `/teams/${team}/custom-attributes/${opt.id}`).send({ dateValue: '2026-11-21' }).expect(200);
    await tenant.api('put', `/teams/${team}/custom-attributes/${req.id}`).send({ stringValue: 'x' }).expect(200);
    await tenant.api('delete', `/teams/${team}/custom-attributes/${opt.id}`).expect(204);
    const res = await tenant.api('delete', `/teams/${team}/custom-attributes/${req.id}`).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    const values = (await tenant.api('get', `/teams/${team}`).expect(200)).body.data.customAttributes.map(
      (v: { definitionId: string }) => v.definitionId,
    );
    expect(values).toContain(req.id);
    expect(values).not.toContain(opt.id);
    const employeeDef = (await tenant.api('get', '/custom-attributes?entityType=EMPLOYEE').expect(200)).body.data[0];
    await tenant.api('put', `/teams/${team}/custom-attributes/${employeeDef.id}`).send({ stringValue: 'x' }).expect(404);
    await tenant.api('put', `/teams/cxxxxxxxxxxxxxxxxxxxxxxxx/custom-attributes/${opt.id}`).send({ dateValue: '2026-01-01' }).expect(404);
  });

  it('definition changes: fieldType cannot change while values exist; deleting a definition or a record deletes its values', async () => {
    const org = await t.createTenant();
    const id = (await org.api('post', '/teams').send({ name: 'T' }).expect(201)).body.data.id;
    const def = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'TEAM', name: 'S', attributeKey: 's', fieldType: 'SELECT', options: ['a', 'b'] })
        .expect(201)
    ).body.data;
    await org.api('put', `/teams/${id}/custom-attributes/${def.id}`).send({ stringValue: 'a' }).expect(200);
    expect(
      (await org.api('patch', `/custom-attributes/${def.id}`).send({ fieldType: 'STRING', options: null }).expect(409)).body.error.code,
    ).toBe('CONFLICT');
    await org
      .api('patch', `/custom-attributes/${def.id}`)
      .send({ options: ['b'] })
      .expect(409);
    await org
      .api('patch', `/custom-attributes/${def.id}`)
      .send({ options: ['a', 'c'] })
      .expect(200);
    await org.api('delete', `/teams/${id}`).expect(204);
    const left = await t.dataSource.query(`SELECT count(*)::int AS n FROM custom_attribute_values WHERE organization_id = $1`, [org.orgId]);
    expect(left[0].n).toBe(0);
    const id2 = (await org.api('post', '/teams').send({ name: 'T2' }).expect(201)).body.data.id;
    await org.api('put', `/teams/${id2}/custom-attributes/${def.id}`).send({ stringValue: 'c' }).expect(200);
    await org.api('delete', `/custom-attributes/${def.id}`).expect(204);
    expect((await org.api('get', `/teams/${id2}`).expect(200)).body.data.customAttributes).toEqual([]);
  });

  it('03 §2: setting values needs custom_attributes_edit; value changes are recorded', async () => {
    const org = await t.createTenant({ keyPermissions: ['teams_view', 'teams_edit', 'custom_attributes_view'] });
    const id = (await org.api('post', '/teams').send({ name: 'P' }).expect(201)).body.data.id;
    await org.api('post', '/custom-attributes').send({ entityType: 'TEAM', name: 'S', attributeKey: 's', fieldType: 'STRING' }).expect(403);
    const full = await t.createKey(org, ['custom_attributes_edit', 'custom_attributes_view', 'teams_view']);
    const withFull = (m: 'post' | 'put', p: string) =>
      t.http()[m](`/api/v1/org/${org.orgId}${p}`).set('Authorization', `Bearer ${full.key}`);
    const def = (
      await withFull('post', '/custom-attributes')
        .send({ entityType: 'TEAM', name: 'S', attributeKey: 's', fieldType: 'STRING' })
        .expect(201)
    ).body.data;
    await org.api('put', `/teams/${id}/custom-attributes/${def.id}`).send({ stringValue: 'x' }).expect(403);
    await withFull('put', `/teams/${id}/custom-attributes/${def.id}`).send({ stringValue: 'x' }).expect(200);
    await org.api('get', `/teams/${id}/custom-attributes`).expect(200);
    const rows = await changesOf(t, org.orgId, { entityType: 'custom_attribute_value' });
    expect(rows.map(({ entityType, changeType, after }) => ({ entityType, changeType, after }))).toEqual([
      {
        entityType: 'custom_attribute_value',
        changeType: 'create',
        after: expect.objectContaining({ definitionId: def.id, stringValue: 'x', entityId: id }),
      },
    ]);
  });
});
