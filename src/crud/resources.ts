import { Global, Injectable, Module, OnModuleInit, type Type } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, ModuleRef } from '@nestjs/core';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { editPermissionOf, type ApiPermission } from '../common/auth/permissions';
import { PULL_ENTITY_TYPES, type PullEntityType, type RecordedEntityType } from '../common/entity-types';
import type { BulkWriter } from './bulk-upsert';
import { ConstraintRule, registerConstraint } from '../common/errors/db-errors';
import { CrudService } from './crud.service';
import { CrudEntity, Reference, registerReference } from './crud.types';
import type { PersonalFields } from './personal-fields';
import type { VocabularyDeclaration } from '../common/vocabulary';

/**
 * One planning table (primary key (plan_id, id)) as scenarios need it: forked by copying its rows,
 * merged by applying the rows the scenario changed.
 */
export interface PlanningTable {
  table: string;
  entity: EntityTarget<ObjectLiteral>;
  /** The change-recorder entity types whose entity_id is a row id of this table. */
  entityTypes: readonly RecordedEntityType[];
  /**
   * The API permission that reads its records (spec 03 §2; by default the one `changes` declares) and the one that
   * writes them (by default the pair of `view`: `teams_view`, `teams_edit`): what an acting user needs to see a
   * scenario's changes of this table in a diff, and to merge them (spec 03 §1.17).
   */
  view: ApiPermission;
  edit: ApiPermission;
  /** The row as webhook payloads carry it. */
  payload(row: ObjectLiteral): Record<string, unknown>;
  /** The entity type of one row (allocations depend on holder and target). */
  entityTypeOf(row: ObjectLiteral): RecordedEntityType;
  /**
   * `entityTypeOf` in SQL, of the row `alias` (the same rule, so that a statement can name each row's type): the
   * one type as a literal unless the table declares its own.
   */
  entityTypeSql(alias: string): string;
  /**
   * A move of a record's links (a group's placements, a seat's reporting lines) changes only the record's
   * `updated_at`: for such a table a changed `updated_at` is a change of the record. Elsewhere a scenario's record
   * that differs from live in `updated_at` alone (changed and changed back) is no change.
   */
  updatedAtIsChange?: boolean;
  /**
   * Rows a merge must also apply although their changes were recorded under other records' entity types
   * (functional custom attribute values are recorded as updates of their group or seat): when the scenario's
   * history names one of `entityTypes`, `idsSql` selects the ids of those rows.
   */
  related?: { entityTypes: readonly RecordedEntityType[]; idsSql(ref: ChangedRecordsRef): string };
  /**
   * The entity types of the records this table's rows point at by id without a foreign key or a declared
   * `references` (an allocation's holder and target, an adjustment's person, a value's record): with those, they
   * place the table after the tables holding those records (`parentsFirst`).
   */
  parents?: readonly RecordedEntityType[];
}

/**
 * What a `related.idsSql` statement part is given: SQL expressions of the organization and of the two plans, and
 * the name of a relation of the scenario's changed records with the columns `entity_type` and `entity_id`.
 */
export interface ChangedRecordsRef {
  organization: string;
  scenario: string;
  live: string;
  changed: string;
}

/**
 * How a planning table joins scenarios; what a CrudService knows of itself may be left out (`scenario: {}`). Its
 * place in the fork and merge order is derived: after the tables it references (foreign keys, `references`,
 * `parents`).
 */
export type ScenarioCopy = Partial<Omit<PlanningTable, 'table'>>;

/**
 * How an integration's PULL hook writes records of a resource: through the bulk upsert of `POST /{resource}/bulk`,
 * by the owner (the resource's CrudService) unless a `writer` is given.
 */
export interface PullDeclaration {
  entityType: PullEntityType;
  /** The permission a single write needs (the bulk route's); the hook's acting user must hold it. */
  permission: ApiPermission;
  /** The single POST's body class (create semantics) and the single PATCH's (update semantics). */
  create: Type<unknown>;
  update: Type<unknown>;
  /** A functional structure record: its pulled changes are sent (as `user` events), and a run needs the module on. */
  functional?: true;
  /** The writer when the owner is not the resource's CrudService, built from the app's providers. */
  writer?: (get: <T>(cls: Type<T>) => T) => BulkWriter;
}

/** A PULL hook's target, as the catalog resolved it at start-up. */
export interface PullTarget extends Omit<PullDeclaration, 'writer' | 'functional'> {
  service: CrudService<CrudEntity, unknown, unknown, unknown> | BulkWriter;
  functional: boolean;
}

/**
 * What a change's `before`/`after` of the resource's entity types is, for the OpenAPI document (one schema per
 * entity type in `GET /changes`): the response DTO it repeats, with what the payload writes differently.
 */
export interface ChangePayload {
  /** The response DTO (its fields, names and types) the payload repeats. */
  dto: Type<unknown>;
  /** Decimal fields the payload writes as exact strings (`"85000.5"`) where the read answers numbers. */
  decimals?: readonly string[];
  /** Fields of the DTO the payload never carries (derived or embedded ones). */
  omit?: readonly string[];
  /** The payload is a subset of the record's fields and may carry others: every field optional, others allowed. */
  loose?: true;
}

/** A planning table with personal fields, as the erase of a person uses it. */
export type PersonalTable = PlanningTable & PersonalFields;

/**
 * The records a resource adds to the demo organization (README, "Demo data"), and with them the examples of the
 * OpenAPI document: a `{id}` under its collection names record 1, a DELETE of one names record 99, a PATCH body
 * repeats record 1's values (so that "Try it out" never collides with a unique field), and the record type's custom
 * attribute definition is made for it when it carries custom attributes.
 */
export interface ResourceDemo {
  /** The public API collection the records are POSTed to (`budgets`: `POST /api/v1/org/{orgId}/budgets`). */
  collection: string;
  /** The kind of their fixed ids (`demoId(kind, n)`, src/common/http/examples.ts): a few letters, unique in the app. */
  kind: string;
  /** The records, POSTed in order as numbers 1, 2, ...; their references name records of the demo (`EXAMPLE_ID`). */
  records: readonly Record<string, unknown>[];
  /** Record 99: made for the DELETE examples to delete, so nothing refers to it. */
  deletable: Record<string, unknown>;
}

/** An OpenAPI tag: the name the resource's routes carry and what the document says of it. */
export interface ResourceTag {
  name: string;
  description: string;
}

/**
 * What a resource (one table) declares about itself, once, next to its service: the app collects the
 * declarations at start-up (ResourceCatalog), so constraint errors, delete checks, scenario copies and
 * change-feed permissions need no hand-kept lists. Put `@Resources(DESCRIPTOR, ...)` on the provider that
 * owns the table (its CrudService, when it has one).
 */
export interface ResourceDescriptor {
  /** The SQL table. */
  table: string;
  /** Named constraints of the table as a client sees a violation (common/errors/db-errors.ts). */
  constraints?: Readonly<Record<string, ConstraintRule>>;
  /** Columns of this table holding other tables' ids: deleting a target they point at is a 409 naming them. */
  references?: readonly (Omit<Reference, 'table'> & { target: string })[];
  /** A planning table copied into scenarios and merged back. */
  scenario?: ScenarioCopy;
  /** GET /changes shows changes of these entity types to holders of `permission`. */
  changes?: { entityTypes: readonly RecordedEntityType[]; permission: ApiPermission; payload: ChangePayload };
  /** Personal fields of its rows (a planning table: its scenario copies are erased too). */
  personal?: PersonalFields;
  /** What a PULL hook may write into this table (each of PULL_ENTITY_TYPES is declared exactly once). */
  pull?: PullDeclaration;
  /**
   * The names a module adds to the app's vocabularies (entity types, permissions; src/common/vocabulary.ts), added at
   * start-up: the module's own constant, which also widens the compile-time unions.
   */
  vocabulary?: VocabularyDeclaration;
  /** The OpenAPI tag of the resource's routes, when the module brings a new one. */
  tag?: ResourceTag;
  /** The resource's records in the demo organization, which the document's examples name. */
  demo?: ResourceDemo;
}

const ResourcesMetadata = DiscoveryService.createDecorator<readonly ResourceDescriptor[]>();

/** Declares the resources (tables) a provider owns: `@Resources(TEAMS)` above `@Injectable()`. */
export function Resources(...descriptors: ResourceDescriptor[]): ClassDecorator {
  return ResourcesMetadata(descriptors);
}

/** The resource descriptors a provider class declares with `@Resources` (none: an empty list). */
export function declaredResources(provider: object): readonly ResourceDescriptor[] {
  return (Reflect.getMetadata(ResourcesMetadata.KEY, provider) as readonly ResourceDescriptor[] | undefined) ?? [];
}

/** A row's fields as a plain payload, plan left out: for planning tables without a service of their own. */
export function rowPayload(row: ObjectLiteral): Record<string, unknown> {
  const { planId: _plan, ...rest } = row as Record<string, unknown>;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

/** Every resource declaration of the app, collected from the providers marked with `@Resources`. */
@Injectable()
export class ResourceCatalog implements OnModuleInit {
  private tables: PlanningTable[] = [];
  private personal: PersonalTable[] = [];
  private readonly viewPermissions = new Map<string, ApiPermission>();
  private readonly pulls = new Map<string, PullTarget>();
  private readonly declared: ResourceDescriptor[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    const copies: { table: PlanningTable; references: readonly string[] }[] = [];
    // Entity types of records outside plans (budgets, reference data): a parent of that type orders no copy.
    const outsidePlans = new Set<RecordedEntityType>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: ResourcesMetadata.KEY })) {
      const owner: unknown = wrapper.instance;
      for (const descriptor of this.discovery.getMetadataByDecorator(ResourcesMetadata, wrapper) ?? []) {
        this.declared.push(descriptor);
        for (const [name, rule] of Object.entries(descriptor.constraints ?? {})) registerConstraint(name, rule);
        for (const { target, ...reference } of descriptor.references ?? []) {
          registerReference(target, { table: descriptor.table, ...reference });
        }
        for (const type of descriptor.changes?.entityTypes ?? []) this.viewPermissions.set(type, descriptor.changes!.permission);
        if (!descriptor.scenario) for (const type of descriptor.changes?.entityTypes ?? []) outsidePlans.add(type);
        if (descriptor.scenario) {
          const references = (descriptor.references ?? []).map((reference) => reference.target);
          copies.push({ table: planningTable(descriptor, owner), references });
        }
        if (descriptor.personal) {
          if (!descriptor.scenario) throw new Error(`${descriptor.table}: personal fields are declared on planning tables`);
          this.personal.push({ ...planningTable(descriptor, owner), ...descriptor.personal });
        }
        if (descriptor.pull) this.addPull(descriptor, owner);
      }
    }
    const undeclared = PULL_ENTITY_TYPES.filter((type) => !this.pulls.has(type));
    if (undeclared.length) throw new Error(`No resource declares a PULL target for ${undeclared.join(', ')}`);
    this.tables = parentsFirst(
      copies.map((copy) => copy.table),
      parentTables(copies, (table) => this.foreignKeyTargets(table), outsidePlans),
    );
  }

  /** The tables a planning table's foreign keys point at (its entity's metadata). */
  private foreignKeyTargets(table: PlanningTable): string[] {
    const metadata = this.moduleRef.get(DataSource, { strict: false }).getMetadata(table.entity);
    return metadata.foreignKeys.map((fk) => fk.referencedTablePath);
  }

  private addPull(descriptor: ResourceDescriptor, owner: unknown): void {
    const { writer, functional, ...pull } = descriptor.pull!;
    if (this.pulls.has(pull.entityType)) throw new Error(`Two resources declare the PULL target of ${pull.entityType}`);
    const service = writer
      ? writer((cls) => this.moduleRef.get(cls, { strict: false }))
      : owner instanceof CrudService && owner.spec.table === descriptor.table
        ? (owner as CrudService<CrudEntity, unknown, unknown, unknown>)
        : null;
    if (!service) throw new Error(`${descriptor.table}: a PULL target needs a writer unless its owner is the table's CrudService`);
    this.pulls.set(pull.entityType, { ...pull, service, functional: functional ?? false });
  }

  /** How a PULL hook writes records of an entity type (every PULL_ENTITY_TYPES member has one). */
  pullTarget(entityType: PullEntityType): PullTarget {
    const target = this.pulls.get(entityType);
    if (!target) throw new Error(`No PULL target for ${entityType}`);
    return target;
  }

  /** Every declaration, in the order the app's providers were found. */
  declarations(): readonly ResourceDescriptor[] {
    return this.declared;
  }

  /** The planning tables, parents first (a fork copies them in this order; a merge deletes in reverse). */
  planningTables(): readonly PlanningTable[] {
    return this.tables;
  }

  /** The planning tables holding personal fields, the person's own tables first. */
  personalTables(): readonly PersonalTable[] {
    return [...this.personal].sort((a, b) => Number(b.via === 'id') - Number(a.via === 'id'));
  }

  /** The entity types whose changes GET /changes shows to holders of `permission`. */
  entityTypesViewedWith(permission: ApiPermission): string[] {
    return [...this.viewPermissions].filter(([, p]) => p === permission).map(([type]) => type);
  }

  /** Each entity type a resource declares a view permission for, with that permission (GET /changes, webhook deliveries). */
  viewPermissionsByType(): ReadonlyMap<string, ApiPermission> {
    return this.viewPermissions;
  }

  /** The permission that shows changes of an entity type in GET /changes, if any resource declares one. */
  viewPermissionOf(entityType: string): ApiPermission | undefined {
    return this.viewPermissions.get(entityType);
  }
}

/** A declared planning table, completed from its owner when the owner is the table's CrudService. */
function planningTable(descriptor: ResourceDescriptor, owner: unknown): PlanningTable {
  const copy = descriptor.scenario!;
  const service =
    owner instanceof CrudService && owner.spec.table === descriptor.table
      ? (owner as CrudService<CrudEntity, unknown, unknown, unknown>)
      : null;
  const entity = copy.entity ?? service?.spec.entity;
  const entityTypes = copy.entityTypes ?? (service ? [service.spec.entityType] : undefined);
  if (!entity || !entityTypes) throw new Error(`${descriptor.table}: a planning table needs its entity and entity types`);
  if (entityTypes.length > 1 && !copy.entityTypeSql)
    throw new Error(`${descriptor.table}: a table of several entity types declares entityTypeSql`);
  const view = copy.view ?? descriptor.changes?.permission;
  const edit = copy.edit ?? (view && editPermissionOf(view));
  if (!view || !edit) throw new Error(`${descriptor.table}: a planning table declares the permissions that read and write it`);
  return {
    table: descriptor.table,
    entity,
    entityTypes,
    view,
    edit,
    payload: copy.payload ?? (service ? (row) => service.payload(row as CrudEntity) : rowPayload),
    entityTypeOf: copy.entityTypeOf ?? (service ? (row) => service.entityTypeOf(row as CrudEntity) : () => entityTypes[0]),
    entityTypeSql: copy.entityTypeSql ?? (() => sqlLiteral(entityTypes[0])),
    updatedAtIsChange: copy.updatedAtIsChange,
    related: copy.related,
    parents: copy.parents,
  };
}

/**
 * Each planning table's parents: the other planning tables its foreign keys, its declared `references` and the
 * entity types of its `parents` point at (a parent type of records outside plans, `outsidePlans`, is none).
 */
function parentTables(
  copies: readonly { table: PlanningTable; references: readonly string[] }[],
  foreignKeys: (table: PlanningTable) => readonly string[],
  outsidePlans: ReadonlySet<RecordedEntityType>,
): Map<string, string[]> {
  const tableOf = new Map<string, string>();
  for (const { table } of copies) for (const type of table.entityTypes) tableOf.set(type, table.table);
  const names = new Set(copies.map((copy) => copy.table.table));
  const parents = new Map<string, string[]>();
  for (const { table, references } of copies) {
    const byType = (table.parents ?? [])
      .filter((type) => !outsidePlans.has(type))
      .map((type) => {
        const parent = tableOf.get(type);
        if (!parent) throw new Error(`${table.table}: no planning table holds the parent entity type ${type}`);
        return parent;
      });
    const all = [...foreignKeys(table), ...references, ...byType].filter((name) => names.has(name) && name !== table.table);
    parents.set(table.table, [...new Set(all)]);
  }
  return parents;
}

/**
 * The planning tables parents first, as a fork copies them and a merge writes them (it deletes in the reverse
 * order): level by level (a table one level below its deepest parent), by name within a level. A cycle between
 * tables is an error at start-up.
 */
export function parentsFirst<T extends { table: string }>(tables: readonly T[], parents: ReadonlyMap<string, readonly string[]>): T[] {
  const level = new Map<string, number>();
  const visiting = new Set<string>();
  const levelOf = (name: string): number => {
    const known = level.get(name);
    if (known !== undefined) return known;
    if (visiting.has(name)) throw new Error(`planning tables refer to each other in a cycle through ${name}`);
    visiting.add(name);
    const own = Math.max(-1, ...(parents.get(name) ?? []).map(levelOf)) + 1;
    visiting.delete(name);
    level.set(name, own);
    return own;
  };
  return [...tables].sort((a, b) => levelOf(a.table) - levelOf(b.table) || a.table.localeCompare(b.table));
}

/** A string constant of the code (an entity type) as an SQL literal. */
export function sqlLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Collects the resource declarations (global: scenarios and the change feed read them). */
@Global()
@Module({ imports: [DiscoveryModule], providers: [ResourceCatalog], exports: [ResourceCatalog] })
export class ResourcesModule {}
