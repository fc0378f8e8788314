/**
 * The people a change payload can belong to: the key naming the person, the key added beside it with the
 * person's externalId, the entity type and table of the person's own record.
 */
export const PERSON_KEYS = [
  { id: 'employeeId', externalId: 'employeeExternalId', entityType: 'employee', table: 'employees' },
  { id: 'contractorId', externalId: 'contractorExternalId', entityType: 'contractor', table: 'contractors' },
] as const;

/** What it reads of a change (`ChangeInput` of the unit of work). */
interface RecordedChange {
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

type Query = (sql: string, params: unknown[]) => Promise<{ kind: string; id: string; external_id: string | null }[]>;

/**
 * The person's externalId beside their id in the payloads of changes of records that belong to a person
 * (any payload naming `employeeId` / `contractorId`: salary adjustments, rates, allocations, terms...): null when
 * the person has none. The people's own changes in the same batch answer first (a person deleted or renamed in
 * the same write); the others are read in one statement for the whole batch, from the write's plan, as the
 * commit leaves them. Returns the changes with new payload objects where one was added (the inputs are not
 * touched). Tx.flush and the benchmarks' baselines call it before `changeFlushStatements`.
 */
export async function withPersonExternalIds<C extends RecordedChange>(
  batch: { organizationId: string; planId: string },
  changes: readonly C[],
  query: Query,
): Promise<C[]> {
  const known = new Map<string, string | null>();
  const wanted = PERSON_KEYS.map(() => new Set<string>());
  for (const change of changes) {
    const own = PERSON_KEYS.findIndex((person) => person.entityType === change.entityType);
    const payload = change.after ?? change.before;
    if (own >= 0 && payload) known.set(`${own}:${change.entityId}`, stringOrNull(payload.externalId));
  }
  let owned = false;
  for (const change of changes) {
    for (const payload of [change.before, change.after]) {
      if (!payload) continue;
      PERSON_KEYS.forEach((person, i) => {
        const id = payload[person.id];
        if (!(person.id in payload) || person.externalId in payload) return;
        owned = true;
        if (typeof id === 'string' && !known.has(`${i}:${id}`)) wanted[i].add(id);
      });
    }
  }
  if (!owned) return [...changes];
  if (wanted.some((ids) => ids.size)) {
    const rows = await query(PERSON_EXTERNAL_IDS_SQL, [batch.organizationId, batch.planId, ...wanted.map((ids) => [...ids])]);
    for (const row of rows) known.set(`${row.kind}:${row.id}`, row.external_id);
  }
  const add = (payload: Record<string, unknown> | null): Record<string, unknown> | null => {
    if (!payload || !PERSON_KEYS.some((person) => person.id in payload && !(person.externalId in payload))) return payload;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(payload)) {
      out[key] = value;
      const i = PERSON_KEYS.findIndex((person) => person.id === key);
      if (i >= 0 && !(PERSON_KEYS[i].externalId in payload)) {
        out[PERSON_KEYS[i].externalId] = typeof value === 'string' ? (known.get(`${i}:${value}`) ?? null) : null;
      }
    }
    return out;
  };
  return changes.map((change) => ({ ...change, before: add(change.before), after: add(change.after) }));
}

/** The externalIds of employees ($3) and contractors ($4) of the plan: `kind` is the index in PERSON_KEYS. */
export const PERSON_EXTERNAL_IDS_SQL = PERSON_KEYS.map(
  (person, i) =>
    `SELECT '${i}' AS kind, id, external_id FROM ${person.table} WHERE organization_id = $1 AND plan_id = $2 AND id = ANY($${i + 3}::varchar[])`,
).join(' UNION ALL ');

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
