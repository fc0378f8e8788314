/**
 * How the schema maps onto Citus (docs/scale-out.md): every table is distributed by organization_id,
 * colocated with `plans`, except the reference tables (copied to every node) and the local ones (kept on
 * the coordinator). The catalog test (test/database/citus-keys.e2e-spec.ts) holds every key to it.
 */
export const DISTRIBUTION_COLUMN = 'organization_id';

/**
 * Reference tables: small, read by every request's authentication (an API key is found by its prefix,
 * before the organization is known), written rarely. Distributed tables may reference them.
 */
export const REFERENCE_TABLES: readonly string[] = ['organizations', 'users', 'api_keys'];

/** Local tables: the coordinator's own bookkeeping. */
export const LOCAL_TABLES: readonly string[] = ['migrations'];

/** The table every distributed table is colocated with. */
export const COLOCATE_WITH = 'plans';

/** How Citus holds a table: copied to every node, or split into shards by organization_id. */
export type TableKind = 'reference' | 'distributed';

/** One table's distribution: its kind and the statement that makes it so. */
export interface DistributionStep {
  table: string;
  kind: TableKind;
  sql: string;
}

/**
 * How a migrated PostgreSQL database becomes a Citus one, given its tables and its foreign keys
 * ([referencing, referenced] table pairs): reference tables first, then `plans`, then the rest colocated
 * with it, each after the tables it references (Citus refuses a foreign key to a table not yet
 * distributed). Local tables are left out.
 */
export function distributionPlan(tables: readonly string[], foreignKeys: readonly [string, string][]): DistributionStep[] {
  const pending = tables.filter((t) => !REFERENCE_TABLES.includes(t) && !LOCAL_TABLES.includes(t) && t !== COLOCATE_WITH).sort();
  const done = new Set<string>([...REFERENCE_TABLES, COLOCATE_WITH]);
  const ordered: string[] = [];
  while (pending.length) {
    const next = pending.findIndex((t) => foreignKeys.every(([from, to]) => from !== t || to === t || done.has(to)));
    if (next < 0) throw new Error(`foreign keys form a cycle among ${pending.join(', ')}`);
    const [table] = pending.splice(next, 1);
    done.add(table);
    ordered.push(table);
  }
  const reference = REFERENCE_TABLES.filter((t) => tables.includes(t));
  return [
    ...reference.map((table): DistributionStep => ({ table, kind: 'reference', sql: `SELECT create_reference_table('${table}');` })),
    ...(tables.includes(COLOCATE_WITH)
      ? [
          {
            table: COLOCATE_WITH,
            kind: 'distributed' as const,
            sql: `SELECT create_distributed_table('${COLOCATE_WITH}', '${DISTRIBUTION_COLUMN}');`,
          },
        ]
      : []),
    ...ordered.map((table): DistributionStep => ({
      table,
      kind: 'distributed',
      sql: `SELECT create_distributed_table('${table}', '${DISTRIBUTION_COLUMN}', colocate_with => '${COLOCATE_WITH}');`,
    })),
  ];
}

/** The statements of `distributionPlan`, as docs/scale-out.md lists them. */
export function citusDistributionSql(tables: readonly string[], foreignKeys: readonly [string, string][]): string[] {
  return distributionPlan(tables, foreignKeys).map((step) => step.sql);
}

/**
 * The plan and organization of a statement as SQL expressions (placeholders or columns): what the SQL
 * builders other modules compose into one statement are given (`employeesSql`, `salaryInWindowSql`, ...).
 */
export interface PlanRef {
  organization: string;
  plan: string;
}

/** A planning record in SQL: the expressions of its organization, plan and id. */
export interface RecordRef extends PlanRef {
  id: string;
}

/** The leading columns of a planning record's key: what every statement on plan-scoped tables names. */
export interface PlanKey {
  organizationId: string;
  planId: string;
}
