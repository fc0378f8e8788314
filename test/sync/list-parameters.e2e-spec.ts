import { committedDocument, JsonSchema } from '../support/openapi-sample';
import { Method, TestApp, Tenant } from '../support/test-app';

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
}

/** Every query parameter the document declares as a list, with its operation. */
const listParameters = Object.entries(committedDocument().paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.schema?.type === 'array')
        .map((p) => ({ path, method: method as Method, name: p.name, values: (p.schema?.items?.enum ?? []) as string[] })),
    ),
);

describe('list query parameters (07 §1.5)', () => {
  let t: TestApp;
  let tenant: Tenant;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
    const team = await tenant.create.team();
    ids.employees = (await tenant.create.employee({ teamAssignment: { teamId: team.id, fte: 1, startDate: '2026-01-05' } })).id;
    ids.contractors = (await tenant.create.contractor()).id;
    ids.vacancies = (await tenant.create.vacancy()).id;
    ids.scenarioId = (await t.admin('post', `/organizations/${tenant.orgId}/scenarios`).send({ name: 'Lists' }).expect(201)).body.data.id;
  });
  afterAll(() => t.close());

  /** The request of an operation with its path filled: `{id}` is a record of the collection before it. */
  const send = (path: string, method: Method, query: string) => {
    const filled = path.replace(/\{(\w+)\}/g, (_m, name: string, at: number) => {
      if (name === 'orgId') return tenant.orgId;
      const key =
        name === 'id'
          ? path
              .slice(0, at - 1)
              .split('/')
              .pop()!
          : name;
      if (!ids[key]) throw new Error(`no value for {${name}} in ${path}: add one to this test`);
      return ids[key];
    });
    const orgApi = `/api/v1/org/${tenant.orgId}`;
    if (filled.startsWith(orgApi)) return tenant.api(method, `${filled.slice(orgApi.length)}?${query}`);
    return t.admin(method, `${filled.slice('/admin/v1'.length)}?${query}`, tenant.userId);
  };

  it('07/§1.5: the document declares list parameters (include, entityTypes)', () => {
    expect(new Set(listParameters.map((p) => p.name))).toEqual(new Set(['include', 'entityTypes']));
  });

  it.each(listParameters.map((p) => [`${p.method.toUpperCase()} ${p.path} ${p.name}`, p] as const))(
    '07/§1.5: %s takes a,b and repeated x=a&x=b alike',
    async (_label, { path, method, name, values }) => {
      const [a, b] = values.length >= 2 ? values : ['employee', 'team'];
      const comma = await send(path, method, `${name}=${a},${b}`).expect(200);
      const repeated = await send(path, method, `${name}=${a}&${name}=${b}`).expect(200);
      expect(repeated.body).toEqual(comma.body);
      const single = await send(path, method, `${name}=${a}`).expect(200);
      if (name === 'include') expect(JSON.stringify(comma.body)).not.toEqual(JSON.stringify(single.body));
      const bad = await send(path, method, `${name}=${a}&${name}=nonsense`).expect(400);
      expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: name })] });
    },
  );
});
