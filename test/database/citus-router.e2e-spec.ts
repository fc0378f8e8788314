import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { RetentionPurge } from '../../src/personal-data/retention-purge';
import { fs } from '../functional-structure/support';
import { describeOnCitus } from '../support/citus';
import { TestApp, Tenant } from '../support/test-app';

interface Sent {
  text: string;
  values: unknown[];
}

/** Statements that carry no table of ours, or that Citus runs on the coordinator: not audited. */
const NOT_AUDITED =
  /^\s*(BEGIN|COMMIT|ROLLBACK|START|SET|SHOW|SAVEPOINT|RELEASE|SELECT\s+pg_advisory|SELECT\s+version\(\)|SELECT\s+\*\s+FROM\s+current_schema)/i;

/**
 * The multi-shard statements docs/scale-out.md allows: the code spans of the first column of the table
 * under "## Multi-shard statements". A statement is allowed when its text (whitespace collapsed) holds one.
 */
function allowedFragments(): string[] {
  const doc = readFileSync(join(__dirname, '../../docs/scale-out.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Multi-shard statements'));
  const table = section.slice(0, section.indexOf('\n## ', 3) < 0 ? undefined : section.indexOf('\n## ', 3));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => /^\| `([^`]+)`/.exec(line)![1]);
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Whether Citus runs the statement on more than one shard: it runs again, with the values it was sent
 * with, in a transaction rolled back, with `citus.multi_task_query_log_level = 'error'` (Citus raises
 * that error before it executes a statement that needs more than one task). Any other outcome (success,
 * or a constraint the replayed values now break) means one task.
 */
async function multiTask(client: Client, statement: Sent): Promise<boolean> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL citus.multi_task_query_log_level = 'error'`);
    await client.query(statement.text, statement.values);
    return false;
  } catch (error) {
    return /multi-task query about to be executed/.test((error as Error).message);
  } finally {
    await client.query('ROLLBACK');
  }
}

describeOnCitus('05/§1.3 router queries (on the Citus cluster)', () => {
  let t: TestApp;
  let org: Tenant;
  const sent: Sent[] = [];
  let original: typeof Client.prototype.query;

  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });
  afterAll(async () => {
    Client.prototype.query = original;
    await t.close();
  });

  function record(): void {
    original = Client.prototype.query;
    const recording = function (this: Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string; values?: unknown[] } | undefined;
      const text = typeof config === 'string' ? config : config?.text;
      const values = (typeof config === 'string' ? args[1] : config?.values) as unknown[] | undefined;
      if (text && !NOT_AUDITED.test(text)) sent.push({ text, values: Array.isArray(values) ? values : [] });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    Client.prototype.query = recording as typeof Client.prototype.query;
  }

  /** A request mix over the application API: writes, reads by id and lists, bulk, readings, forecasts (with assumptions), tree, changes, scenarios, an erase; a retention purge. */
  async function requestMix(): Promise<void> {
    const f = fs(t, org);
    const group = await f.group({ name: 'Router area' });
    const seat = await f.position(group);
    const person = await f.employee();
    await f.assign(seat, { employeeId: person, fte: 0.5 });
    await org.api('patch', `/employees/${person}`).send({ lastName: 'Routed' }).expect(200);
    await org.api('get', `/employees/${person}?include=assignments`).expect(200);
    await org.api('get', '/employees?limit=10').expect(200);
    await org
      .api('post', '/employees/bulk')
      .send({
        records: [1, 2].map((n) => ({
          externalId: `R-${n}`,
          firstName: 'B',
          lastName: `Bulk ${n}`,
          email: `r${n}.${process.pid}@example.com`,
          startDate: '2026-01-01',
        })),
      })
      .expect(200);
    const team = (await org.api('post', '/teams').send({ name: 'Router team' }).expect(201)).body.data.id;
    await org.api('post', '/projects').send({ name: 'Router project', startDate: '2026-01-01' }).expect(201);
    const vacancy = (await org.api('post', '/vacancies').send({ role: 'Router hire' }).expect(201)).body.data.id;
    await org.api('get', `/vacancies/${vacancy}`).expect(200);
    await org.api('get', '/vacancies?limit=10&excludeFilled=true').expect(200);
    await org.api('get', '/projects?limit=10').expect(200);
    await org.api('get', '/teams?limit=10').expect(200);
    await org.api('get', '/functional-groups/tree').expect(200);
    await org.api('get', '/forecast?from=2026-01&months=3&groupBy=costCentre').expect(200);
    // Forecast assumptions (spec 07 §4): set on the organization (an event), read with every forecast, by attribute and by allocation.
    const assumptions = { attritionRatePerYear: 0.1, meritIncrease: { month: 2, percent: 3 }, timeToFillDays: 30, onCostPercent: 20 };
    await t.admin('patch', `/organizations/${org.orgId}`, org.userId).send({ forecastAssumptions: assumptions }).expect(200);
    await org.api('get', '/forecast?from=2026-01&months=3&groupBy=costCentre').expect(200);
    await org.api('get', '/forecast?from=2026-01&months=3&groupBy=team').expect(200);
    await org.api('get', '/forecast?from=2026-01&months=3&assumptions=none').set('Accept', 'text/csv').expect(200);
    await org.api('get', '/changes?limit=100').expect(200);
    await t
      .admin('post', `/organizations/${org.orgId}/business-metrics`)
      .send({ key: 'router', name: 'Router', unit: 'tickets' })
      .expect(201);
    await org
      .api('post', '/business-metrics/readings')
      .send({ metric: 'router', source: 'feed', readings: [{ periodStart: '2026-01-01', periodEnd: '2026-01-31', value: 3 }] })
      .expect(200);
    await scenarioMix(team);
    await budgetMix(team);
    await org.api('delete', `/teams/${team}`).expect(204);
    // Erasing a person, and the retention purge (background work, one organization at a time).
    await t.admin('post', `/organizations/${org.orgId}/people/erase`, org.userId).send({ employeeId: person }).expect(200);
    await t.admin('patch', `/organizations/${org.orgId}`).send({ changeRetentionDays: 90 }).expect(200);
    await t.get(RetentionPurge).purge();
  }

  /** Scenarios: a private fork, a write inside it, a member, reads with scenarioId, the diff, a dry run and the merge. */
  async function scenarioMix(team: string): Promise<void> {
    const scenarios = `/organizations/${org.orgId}/scenarios`;
    const scenario = (await t.admin('post', scenarios, org.userId).send({ name: 'Router plan', visibility: 'PRIVATE' }).expect(201)).body
      .data.id;
    await t.admin('patch', `${scenarios}/${scenario}/teams/${team}`, org.userId).send({ name: 'Router team 2' }).expect(200);
    await t.admin('post', `${scenarios}/${scenario}/members`, org.userId).send({ userId: org.userId, role: 'EDITOR' }).expect(201);
    await t.admin('get', `${scenarios}?limit=10`, org.userId).expect(200);
    await org.api('get', `/teams?limit=10&scenarioId=${scenario}`).expect(200);
    await t
      .admin('patch', `${scenarios}/${scenario}`, org.userId)
      .send({ assumptions: { onCostPercent: 30 } })
      .expect(200);
    await org.api('get', `/forecast?from=2026-01&months=3&groupBy=project&scenarioId=${scenario}&compare=live`).expect(200);
    await t.admin('get', `${scenarios}/${scenario}/diff?limit=10`, org.userId).expect(200);
    await t.admin('post', `${scenarios}/${scenario}/merge?dryRun=true`, org.userId).expect(200);
    await t.admin('post', `${scenarios}/${scenario}/merge`, org.userId).expect(200);
  }

  /** Budgets: writes with lines, reads, the variance (live and in a scenario), the cost centre's delete refused, a delete. */
  async function budgetMix(team: string): Promise<void> {
    const cc = (await org.api('post', '/cost-centres').send({ name: 'Router centre' }).expect(201)).body.data.id;
    const lines = [{ key: cc, month: '2026-01', cost: 100, headcount: 1 }];
    const body = { name: 'Router budget', dimension: 'costCentre', fromMonth: '2026-01', toMonth: '2026-03', lines };
    const budget = (await org.api('post', '/budgets').send(body).expect(201)).body.data.id;
    await org
      .api('patch', `/budgets/${budget}`)
      .send({ lines: [{ ...lines[0], cost: 200 }] })
      .expect(200);
    await org.api('get', `/budgets/${budget}`).expect(200);
    await org.api('get', '/budgets?limit=10').expect(200);
    await org.api('get', `/budgets/${budget}/variance`).expect(200);
    const byTeam = { ...body, dimension: 'team', lines: [{ key: team, month: '2026-02', cost: 50 }] };
    const teamBudget = (await org.api('post', '/budgets').send(byTeam).expect(201)).body.data.id;
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'Router budget plan' }).expect(201)).body
      .data.id;
    await org.api('get', `/budgets/${teamBudget}/variance?scenarioId=${scenario}`).expect(200);
    await org.api('delete', `/cost-centres/${cc}`).expect(409);
    await approvalMix(budget);
    await org.api('delete', `/budgets/${budget}`).expect(204);
  }

  /** Approvals of a scenario: the policy, submit (its impact and budget part, the step skipped), withdrawal, reads, a refused decision, a delete. */
  async function approvalMix(budget: string): Promise<void> {
    const steps = [{ name: 'Finance', approverCapability: 'approve_scenarios', when: { overBudgetId: budget } }];
    await t
      .admin('patch', `/organizations/${org.orgId}`)
      .send({ scenarioApproval: { required: false, steps } })
      .expect(200);
    const scenarios = `/organizations/${org.orgId}/scenarios`;
    const scenario = (await t.admin('post', scenarios, org.userId).send({ name: 'Router approval' }).expect(201)).body.data.id;
    await t.admin('post', `${scenarios}/${scenario}/submit`, org.userId).expect(200);
    await t.admin('post', `${scenarios}/${scenario}/withdraw`, org.userId).expect(200);
    await t.admin('post', `${scenarios}/${scenario}/submit`, org.userId).expect(200);
    await t.admin('get', `${scenarios}/${scenario}/approval?all=true`, org.userId).expect(200);
    await t.admin('post', `${scenarios}/${scenario}/approvals`, org.userId).send({ decision: 'APPROVE' }).expect(409);
    await t.admin('delete', `${scenarios}/${scenario}`, org.userId).expect(204);
  }

  it('05/§1.3: every statement of a request mix runs on one worker, or is a multi-shard statement docs/scale-out.md lists', async () => {
    record();
    await requestMix();
    Client.prototype.query = original;
    const allowed = allowedFragments();
    expect(allowed.length).toBeGreaterThan(0);
    const distinct = [...new Map(sent.map((s) => [collapse(s.text), s])).values()];
    expect(distinct.length).toBeGreaterThan(30);
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const multiShard: string[] = [];
    try {
      // The check itself: a statement without its organization is caught, one with it is not.
      expect(await multiTask(client, { text: 'SELECT count(*) FROM employees', values: [] })).toBe(true);
      expect(await multiTask(client, { text: 'SELECT count(*) FROM employees WHERE organization_id = $1', values: [org.orgId] })).toBe(
        false,
      );
      for (const statement of distinct) {
        const text = collapse(statement.text);
        if (allowed.some((fragment) => text.includes(fragment))) continue;
        if (await multiTask(client, statement)) multiShard.push(text.slice(0, 400));
      }
    } finally {
      await client.end();
    }
    expect(multiShard).toEqual([]);
  });
});
