import { EXAMPLE_ID } from '../../src/common/http/examples';
import { committedDocument, requestSchemaOf, sampleOf } from './openapi-sample';
import type { Tenant } from './test-app';

export type ExampleKind = keyof typeof EXAMPLE_ID;

/** How a test makes a record of the kind an example id names (the example names the demo's; a test makes its own). */
const MAKERS: Partial<Record<ExampleKind, (org: Tenant) => Promise<{ id: string }>>> = {
  employee: (org) => org.create.employee(),
  manager: (org) => org.create.employee(),
  contractor: (org) => org.create.contractor(),
  vacancy: (org) => org.create.vacancy(),
  team: (org) => org.create.team(),
  parentTeam: (org) => org.create.team(),
  project: (org) => org.create.project(),
  jobRole: (org) => org.create.jobRole(),
  location: (org) => org.create.location(),
  costCentre: (org) => org.create.costCentre(),
  postCompletionCostCentre: (org) => org.create.costCentre(),
  valueStream: (org) => org.create.valueStream(),
  resourceType: (org) => org.create.workType(),
};

/** A record of the kind an example id names, made for the tenant (its id). */
export async function makeExampleRecord(org: Tenant, kind: ExampleKind): Promise<string> {
  const make = MAKERS[kind];
  if (!make) throw new Error(`a required field names a ${kind}; add how to make one to MAKERS (test/support/record-bodies.ts)`);
  return (await make(org)).id;
}

/** The kind of demo record an example value names, if it is one of EXAMPLE_ID. */
export function exampleKindOf(value: unknown): ExampleKind | undefined {
  return (Object.keys(EXAMPLE_ID) as ExampleKind[]).find((kind) => EXAMPLE_ID[kind] === value);
}

/** The value with each example id (EXAMPLE_ID, at any depth) replaced by `idOf(kind)`. */
export async function replaceExampleIds(value: unknown, idOf: (kind: ExampleKind) => Promise<string>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => replaceExampleIds(v, idOf)));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await replaceExampleIds(v, idOf)] as const));
    return Object.fromEntries(entries);
  }
  const kind = exampleKindOf(value);
  return kind ? idOf(kind) : value;
}

/**
 * A valid create body for `POST <collection>` of the public API (`/budgets`), built from the committed document as
 * Swagger UI builds its sample: the schema's required fields, each its example. A field whose example names a demo
 * record (`EXAMPLE_ID.team`) gets a record of that kind made for the tenant. After a change of the create DTO,
 * `npm run openapi` updates the document this reads.
 */
export async function requiredBody(org: Tenant, collection: string): Promise<Record<string, unknown>> {
  const doc = committedDocument();
  const sample = sampleOf(doc, requestSchemaOf(doc, `/api/v1/org/{orgId}${collection}`, 'post'));
  const made = new Map<ExampleKind, Promise<string>>();
  const idOf = (kind: ExampleKind): Promise<string> => {
    const make = MAKERS[kind];
    if (!make) throw new Error(`requiredBody: a required field names a ${kind}; add how to make one to MAKERS`);
    if (!made.has(kind))
      made.set(
        kind,
        make(org).then((record) => record.id),
      );
    return made.get(kind)!;
  };
  return (await replaceExampleIds(sample, idOf)) as Record<string, unknown>;
}
