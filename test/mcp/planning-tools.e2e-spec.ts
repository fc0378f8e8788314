import { changesOf } from '../support/changes';
import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { fs } from '../functional-structure/support';
import { TestApp } from '../support/test-app';
import { Receiver, waitFor } from '../webhooks/receiver';
import { createEndpoint } from '../webhooks/support';
import { call, callError, connect } from './support';

describe('assistant tools mirroring REST reads and the functional-structure writes (04 §3)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('04/§3 search_people: employees and contractors by text as the REST lists answer them, at most 50 in all, by the kinds the key may view', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    await f.employee({ firstName: 'Ada', lastName: 'Lovelace' });
    await f.employee({ firstName: 'Grace', lastName: 'Hopper' });
    await f.contractor({ name: 'Ada Consulting' });
    const client = await connect(t, org.key);
    const out = await call(client, 'search_people', { query: 'ada' });
    const rest = await org.api('get', '/employees?search=ada').expect(200);
    expect(out.employees).toEqual(rest.body.data);
    expect(out.contractors).toEqual((await org.api('get', '/contractors?search=ada').expect(200)).body.data);
    expect((out.employees as unknown[]).length + (out.contractors as unknown[]).length).toBe(2);
    expect(await call(client, 'search_people', { query: 'ada', limit: 1 })).toEqual({
      employees: [],
      contractors: [expect.objectContaining({ name: 'Ada Consulting' })],
    });
    expect(await callError(client, 'search_people', { query: 'x', limit: 51 })).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'limit' }],
    });
    expect(await callError(client, 'search_people', {})).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'query' }] });
    await client.close();
    const employeesOnly = await connect(t, (await t.createKey(org, ['employees_view'])).key);
    expect(await call(employeesOnly, 'search_people', { query: 'ada' })).toEqual({
      employees: [expect.objectContaining({ firstName: 'Ada' })],
      contractors: [],
    });
    await employeesOnly.close();
  });

  it('04/§3 list_open_vacancies: the vacancy list without filled vacancies, status filter, at most 100', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    await f.vacancy({ role: 'Open one' });
    await f.vacancy({ role: 'Held', status: 'on_hold' });
    const filled = await f.vacancy({ role: 'Filled' });
    await org
      .api('post', `/vacancies/${filled}/fill`)
      .send({ startDate: '2026-01-01', currencyCode: 'USD', firstName: 'New', lastName: 'Hire', salary: 95000 })
      .expect(200);
    const client = await connect(t, org.key);
    const all = await call(client, 'list_open_vacancies');
    expect(all.vacancies).toEqual((await org.api('get', '/vacancies?limit=100').expect(200)).body.data);
    expect((all.vacancies as { role: string }[]).map((v) => v.role).sort()).toEqual(['Held', 'Open one']);
    expect(await call(client, 'list_open_vacancies', { status: 'on_hold' })).toEqual({
      vacancies: [expect.objectContaining({ role: 'Held' })],
      total: 1,
      hasNextPage: false,
    });
    expect(await callError(client, 'list_open_vacancies', { status: 'closed' })).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'status' }],
    });
    expect(await callError(client, 'list_open_vacancies', { limit: 101 })).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'limit' }],
    });
    await client.close();
  });

  it('04/§3 get_functional_group_summary: the REST summary of the group; unknown group NOT_FOUND; module off FEATURE_DISABLED', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    const group = await f.group({ name: 'Area' });
    await f.assign(await f.position(group), { employeeId: await f.employee() });
    const client = await connect(t, org.key);
    const out = await call(client, 'get_functional_group_summary', { id: group, asOf: '2026-02-01' });
    expect(out).toEqual((await org.api('get', `/functional-groups/${group}/summary?asOf=2026-02-01`).expect(200)).body.data);
    expect((await callError(client, 'get_functional_group_summary', { id: 'cxxxxxxxxxxxxxxxxxxxxxxxx' })).code).toBe('NOT_FOUND');
    expect(await callError(client, 'get_functional_group_summary', { id: group, asOf: '2026-13-01' })).toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ field: 'asOf' }],
    });
    await client.close();
    const off = await t.createTenant({ functionalGroupsEnabled: false });
    const offClient = await connect(t, off.key);
    expect((await callError(offClient, 'get_functional_group_summary', { id: group })).code).toBe('FEATURE_DISABLED');
    expect((await callError(offClient, 'create_functional_group', { name: 'G', startDate: '2026-01-01' })).code).toBe('FEATURE_DISABLED');
    await offClient.close();
  });

  it("04/§3 write tools: group, move, position, assignment go through the REST writes and send events with initiator { type: 'user', id: <key's creator> } without email", async () => {
    const org = await t.createTenant();
    await createEndpoint(t, org, {
      url: receiver.url(`/mcp-${org.orgId}`),
      entityTypes: ['functional_group', 'functional_position', 'functional_assignment'],
    });
    const employee = await fs(t, org).employee();
    const client = await connect(t, org.key);
    const area = (await call(client, 'create_functional_group', { name: 'Area', startDate: '2026-01-01' })).id as string;
    const team = (await call(client, 'create_functional_group', { name: 'Team', startDate: '2026-01-01' })).id as string;
    expect(await call(client, 'move_functional_group', { id: team, parentFunctionalGroupId: area, effectiveDate: '2026-03-01' })).toEqual({
      id: team,
    });
    const seat = (
      await call(client, 'create_functional_position', { functionalGroupId: team, name: 'Lead', requiredFte: 1, startDate: '2026-03-01' })
    ).id as string;
    const assignment = (
      await call(client, 'assign_functional_position', {
        functionalPositionId: seat,
        employeeId: employee,
        fte: 1,
        startDate: '2026-03-01',
      })
    ).id as string;
    const group = await org.api('get', `/functional-groups/${team}?asOf=2026-03-15`).expect(200);
    expect(group.body.data).toMatchObject({ id: team, name: 'Team', parentFunctionalGroupId: area });
    await client.close();

    const ids = [area, team, seat, assignment];
    const events = await waitFor('the tools’ events', () => {
      const got = receiver.on(`/mcp-${org.orgId}`).map((r) => r.body);
      return ids.every((id) => got.some((e) => e.entity_id === id)) && got;
    });
    for (const id of ids) expect(events.some((e) => e.entity_id === id && e.change_type === 'create')).toBe(true);
    expect(events.some((e) => e.entity_id === team && e.change_type === 'update')).toBe(true);
    for (const event of events) expect(event.initiator).toEqual({ type: 'user', id: org.userId });
    // The same write over REST is the key's (document 02's table).
    await org.api('post', '/functional-groups').send({ name: 'By REST', startDate: '2026-01-01' }).expect(201);
    const rest = await waitFor('the REST event', () => receiver.on(`/mcp-${org.orgId}`).find((r) => r.body.after?.name === 'By REST'));
    expect(rest.body.initiator).toEqual({ type: 'api_key', id: org.keyId });
  });

  it('04/§3 write tools: every document 02 rule is an isError result with its code, and nothing changes', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    const client = await connect(t, org.key);
    const area = (await call(client, 'create_functional_group', { name: 'Area', startDate: '2026-01-01', externalId: 'area-1' }))
      .id as string;
    const child = await f.group({ name: 'Child', parentFunctionalGroupId: area });
    const seat = await f.position(area, { requiredFte: 0.5 });
    const employee = await f.employee();
    const cases: [string, Record<string, unknown>, string][] = [
      ['create_functional_group', { name: 'G', startDate: '2026-01-01', colour: 'red' }, 'INVALID_INPUT'],
      ['create_functional_group', { startDate: '2026-01-01' }, 'INVALID_INPUT'],
      ['create_functional_group', { name: 'G', startDate: '2026-02-01', endDate: '2026-01-01' }, 'INVALID_DATES'],
      ['create_functional_group', { name: 'G', startDate: '2026-01-01', externalId: 'area-1' }, 'DUPLICATE_EXTERNAL_ID'],
      [
        'create_functional_group',
        { name: 'G', startDate: '2026-01-01', parentFunctionalGroupId: 'cxxxxxxxxxxxxxxxxxxxxxxxx' },
        'NOT_FOUND',
      ],
      ['move_functional_group', { id: area, parentFunctionalGroupId: child, effectiveDate: '2026-02-01' }, 'HIERARCHY_CYCLE'],
      ['move_functional_group', { id: area, parentFunctionalGroupId: null, effectiveDate: '2025-01-01' }, 'OUTSIDE_ACTIVE_DATES'],
      ['move_functional_group', { parentFunctionalGroupId: null, effectiveDate: '2026-02-01' }, 'INVALID_INPUT'],
      ['create_functional_position', { functionalGroupId: area, name: 'S', requiredFte: 1.5, startDate: '2026-01-01' }, 'INVALID_INPUT'],
      [
        'assign_functional_position',
        { functionalPositionId: seat, employeeId: employee, fte: 1, startDate: '2026-01-01' },
        'OVER_ALLOCATED',
      ],
      ['assign_functional_position', { functionalPositionId: seat, fte: 0.5, startDate: '2026-01-01' }, 'EXACTLY_ONE_RESOURCE'],
    ];
    const before = (await changesOf(t, org.orgId)).length;
    for (const [name, args, code] of cases) {
      const error = await callError(client, name, args);
      expect({ name, args, code: error.code }).toEqual({ name, args, code });
    }
    expect((await changesOf(t, org.orgId)).length).toBe(before);
    await client.close();
  });

  it("04/§3 write tools: functional_groups_edit on the key and the creator's rights, as the REST writes need", async () => {
    const org = await t.createTenant();
    const noEdit = await connect(
      t,
      (
        await t.createKey(
          org,
          API_PERMISSIONS.filter((p) => p !== 'functional_groups_edit'),
        )
      ).key,
    );
    expect((await callError(noEdit, 'create_functional_group', { name: 'G', startDate: '2026-01-01' })).code).toBe('FORBIDDEN');
    await noEdit.close();
    // A creator without "Edit all functional groups" may not create a top-level group (document 02).
    const user = await t
      .admin('post', `/organizations/${org.orgId}/users`)
      .send({ email: `limited.${process.pid}@example.com`, name: 'Limited', permissions: [...API_PERMISSIONS] })
      .expect(201);
    const key = await t
      .admin('post', `/organizations/${org.orgId}/users/${user.body.data.id}/api-keys`)
      .send({ name: 'k', permissions: [...API_PERMISSIONS] })
      .expect(201);
    const limited = await connect(t, key.body.data.key);
    const rest = await t
      .http()
      .post(`/api/v1/org/${org.orgId}/functional-groups`)
      .set('Authorization', `Bearer ${key.body.data.key}`)
      .send({ name: 'G', startDate: '2026-01-01' });
    expect((await callError(limited, 'create_functional_group', { name: 'G', startDate: '2026-01-01' })).code).toBe(rest.body.error.code);
    expect(rest.status).toBe(403);
    await limited.close();
  });
});
