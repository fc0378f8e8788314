/**
 * The files `npm run generate:resource -- <name>` writes (scripts/generate-resource.ts): a CRUD planning resource
 * modelled on teams, in the house's anatomy. Each function returns one file's text for the resource's names.
 */

/** The names of a generated resource, all derived from its plural, kebab-case name (`cost-items`). */
export interface ResourceNames {
  /** `cost-items`: the path, folder and file prefix. */
  plural: string;
  /** `cost-item`: the entity and DTO files. */
  singular: string;
  /** `cost_items`: the table. */
  table: string;
  /** `cost_item`: the entity type of the change history, webhooks and custom attributes. */
  entityType: string;
  /** `CostItem`: the entity and DTO classes. */
  Class: string;
  /** `CostItems`: the module, service and controller classes. */
  Classes: string;
  /** `costItems`: local names. */
  camel: string;
  /** `Cost items`: the OpenAPI tag and labels. */
  title: string;
  /** `cost item`: prose. */
  words: string;
  /** `COST_ITEMS`: the descriptor constant. */
  constant: string;
  /** `costitem`: the kind of its demo records' fixed ids (`demoId(kind, n)`). */
  kind: string;
}

const cap = (text: string) => text[0].toUpperCase() + text.slice(1);

export function entityFile(n: ResourceNames): string {
  return `import { Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/** A ${n.words}: a planning record, so it lives in a plan (live or scenario) under the key (organization_id, plan_id, id). */
@Entity({ name: '${n.table}' })
@Index('uq_${n.table}_external_id', ['organizationId', 'planId', 'externalId'], { unique: true })
export class ${n.Class}Entity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
`;
}

export function dtoFile(n: ResourceNames): string {
  return `import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { fieldPlan } from '../../crud/assign';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsExternalId, IsNullable, IsOptional, IsText } from '../../common/validation/validators';
import type { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import type { ${n.Class}Entity } from '../entities/${n.singular}.entity';

export class Create${n.Class}Dto {
  /** @example "${cap(n.words)} for 2027" */
  @IsText(200)
  name: string;

  /** Id in the system of record; unique among ${n.words}s; not CUID-shaped. */
  @IsExternalId()
  @ApiPropertyOptional({ example: '${n.constant}-1' })
  externalId?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

export class Update${n.Class}Dto extends PatchType(Create${n.Class}Dto) {}

/** Where each field of a body goes (the service's \`apply\`): a field added above does not compile until it is placed. */
export const ${n.constant}_FIELDS = fieldPlan<Update${n.Class}Dto>()({ copy: ['name', 'externalId', 'description'] });

export class ${n.Class}QueryDto extends IncrementalListQueryDto {}

export class ${n.Class}Dto {
  /** @example cm3x7k2p90003defgqwer1234 */
  id: string;
  /** @example "First ${n.words}" */
  name: string;
  /** Id in the system of record; null when none. */
  externalId: string | null;
  /** Free text; null when none. */
  description: string | null;
  createdAt: string;
  updatedAt: string;
  /** By-id reads only. */
  customAttributes?: CustomAttributeValueDto[];

  static from(e: ${n.Class}Entity): ${n.Class}Dto {
    return { id: e.id, name: e.name, externalId: e.externalId, description: e.description, ...timestamps(e) };
  }
}
`;
}

export function serviceFile(n: ResourceNames): string {
  return `import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { externalIdConstraint } from '../common/errors/unique-constraints';
import { CrudService } from '../crud/crud.service';
import { applyPlan } from '../crud/assign';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { recordAttributes } from '../custom-attributes/custom-attribute-values.reader';
import { UnitOfWork } from '../database/unit-of-work';
import { ${n.constant}_FIELDS, Create${n.Class}Dto, ${n.Class}Dto, Update${n.Class}Dto } from './dto/${n.singular}.dto';
import { ${n.Class}Entity } from './entities/${n.singular}.entity';

/**
 * The names this module adds to the app's vocabularies (src/common/vocabulary.ts): its entity type (webhooks,
 * GET /changes, custom attributes) and its permissions. The compiler reads them through the interface below, the
 * running app through the descriptor.
 */
export const ${n.constant}_VOCABULARY = {
  entityTypes: ['${n.entityType}'],
  customAttributeRecordTypes: ['${n.entityType}'],
  permissions: ['${n.table}_view', '${n.table}_edit'],
} as const;

declare module '../common/vocabulary' {
  interface ModuleVocabulary {
    ${n.camel}: typeof ${n.constant}_VOCABULARY;
  }
}

/** What the app needs to know of ${n.words}s besides the routes: one declaration, collected at start-up. */
const ${n.constant}: ResourceDescriptor = {
  table: '${n.table}',
  constraints: { uq_${n.table}_external_id: externalIdConstraint('${n.words}') },
  scenario: {},
  changes: { entityTypes: ['${n.entityType}'], permission: '${n.table}_view', payload: { dto: ${n.Class}Dto } },
  vocabulary: ${n.constant}_VOCABULARY,
  tag: { name: '${n.title}', description: 'Public API. ${n.title}: planning records with an externalId and custom attributes.' },
  demo: {
    collection: '${n.plural}',
    kind: '${n.kind}',
    records: [{ name: 'First ${n.words}', externalId: '${n.constant}-DEMO-1', description: 'The ${n.words} the examples name.' }],
    deletable: { name: 'Retired ${n.words}' },
  },
};

/** ${n.title}: planning records (plan_id) with a name, an externalId, a description and custom attributes. */
@Resources(${n.constant})
@Injectable()
export class ${n.Classes}Service extends CrudService<${n.Class}Entity, ${n.Class}Dto, Create${n.Class}Dto, Update${n.Class}Dto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: ${n.Class}Entity,
      table: '${n.table}',
      label: '${cap(n.words)}',
      entityType: '${n.entityType}',
      planScoped: true,
      externalId: true,
      search: ['name', 'description'],
      searchSql: \`(r.name || ' ' || coalesce(r.description, ''))\`,
      customAttributes: recordAttributes,
      toResponse: ${n.Class}Dto.from,
    });
  }

  protected override apply(entity: ${n.Class}Entity, input: Update${n.Class}Dto): Promise<void> {
    applyPlan(entity, input, ${n.constant}_FIELDS);
    return Promise.resolve();
  }
}
`;
}

export function controllerFile(n: ResourceNames): string {
  return `import type { CrudControllerOptions } from '../crud/crud.controller';
import { recordControllers } from '../custom-attributes/record-controllers';
import { Create${n.Class}Dto, ${n.Class}Dto, ${n.Class}QueryDto, Update${n.Class}Dto } from './dto/${n.singular}.dto';
import { ${n.Classes}Service } from './${n.plural}.service';

const ${n.camel}Crud: CrudControllerOptions = {
  path: '${n.plural}',
  etag: true,
  tag: '${n.title}',
  view: '${n.table}_view',
  edit: '${n.table}_edit',
  service: ${n.Classes}Service,
  response: ${n.Class}Dto,
  create: Create${n.Class}Dto,
  update: Update${n.Class}Dto,
  query: ${n.Class}QueryDto,
};

/** The routes of this module, in the order Nest registers them (recordControllers). */
export const ${n.Classes}Controllers = recordControllers(${n.camel}Crud);
`;
}

export function moduleFile(n: ResourceNames): string {
  return `import { Module } from '@nestjs/common';
import { FeatureModule } from '../common/feature-module';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { ${n.Classes}Controllers } from './${n.plural}.controller';
import { ${n.Classes}Service } from './${n.plural}.service';

/** Found by its file name and registered by the app (no list names it). */
@FeatureModule()
@Module({
  imports: [CustomAttributesModule],
  controllers: ${n.Classes}Controllers,
  providers: [${n.Classes}Service],
  exports: [${n.Classes}Service],
})
export class ${n.Classes}Module {}
`;
}

export function specFile(n: ResourceNames): string {
  const p = `/${n.plural}`;
  return `import { changesOf } from '../support/changes';
import { requiredBody } from '../support/record-bodies';
import { Tenant, TestApp } from '../support/test-app';

describe('${n.plural} (a generated planning resource)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  /** A valid create body: the DTO's required fields (from the committed openapi.json), the given fields over them. */
  const body = async (org: Tenant, fields: Record<string, unknown> = {}) => ({ ...(await requiredBody(org, '${p}')), ...fields });

  it('06/§3.2: create, read by id or externalId, PATCH, list with search and sort, delete; each write is recorded as ${n.entityType}', async () => {
    const org = await t.createTenant();
    const first = (await org.api('post', '${p}').send(await body(org, { name: 'Beta', externalId: 'X-1' })).expect(201)).body.data;
    expect(first).toMatchObject({ id: expect.any(String), name: 'Beta', externalId: 'X-1', description: null });
    await org.api('post', '${p}').send(await body(org, { name: 'Alpha', description: 'the first' })).expect(201);
    expect((await org.api('get', '${p}/X-1').expect(200)).body.data.id).toBe(first.id);
    const again = await org.api('post', '${p}').send(await body(org, { name: 'Again', externalId: 'X-1' })).expect(400);
    expect(again.body.error.details[0].field).toBe('externalId');
    await org.api('patch', \`${p}/\${first.id}\`).send({ description: 'changed' }).expect(200);
    const names = async (query: string) =>
      (await org.api('get', \`${p}\${query}\`).expect(200)).body.data.map((x: { name: string }) => x.name);
    expect(await names('')).toEqual(['Alpha', 'Beta']);
    expect(await names('?sortBy=name&sortDir=desc')).toEqual(['Beta', 'Alpha']);
    expect(await names('?search=alph')).toEqual(['Alpha']);
    await org.api('delete', \`${p}/\${first.id}\`).expect(204);
    await org.api('get', \`${p}/\${first.id}\`).expect(404);
    const rows = await changesOf(t, org.orgId, { entityId: first.id });
    expect(rows.map((r) => \`\${r.entityType}:\${r.changeType}\`)).toEqual(['${n.entityType}:create', '${n.entityType}:update', '${n.entityType}:delete']);
    expect(rows.every((r) => r.dispatchStatus !== null)).toBe(true);
  });

  it('06/§3.2: ${n.table}_view reads, ${n.table}_edit writes; GET /changes shows the type to a key that may view it', async () => {
    const org = await t.createTenant();
    await org.api('post', '${p}').send(await body(org, { name: 'Seen' })).expect(201);
    const viewer = await t.createTenant({ keyPermissions: ['${n.table}_view'] });
    await viewer.api('get', '${p}').expect(200);
    await viewer.api('post', '${p}').send({ name: 'No' }).expect(403);
    const feed = (await org.api('get', '/changes?entityTypes=${n.entityType}').expect(200)).body.data;
    expect(feed.map((c: { entity_type: string }) => c.entity_type)).toEqual(['${n.entityType}']);
  });

  it('06/§3.2: bulk upsert by externalId creates then updates', async () => {
    const org = await t.createTenant();
    const first = await org
      .api('post', '${p}/bulk')
      .send({ records: [await body(org, { externalId: 'B-1', name: 'One' })] })
      .expect(200);
    expect(first.body.data).toMatchObject({ created: 1, updated: 0, failed: 0 });
    const second = await org
      .api('post', '${p}/bulk')
      .send({ records: [await body(org, { externalId: 'B-1', name: 'Uno' })] })
      .expect(200);
    expect(second.body.data).toMatchObject({ created: 0, updated: 1, failed: 0 });
    expect((await org.api('get', '${p}/B-1').expect(200)).body.data.name).toBe('Uno');
  });

  it('06/§3.2: custom attributes of type ${n.entityType.toUpperCase()} are set and read on the record', async () => {
    const org = await t.createTenant();
    const id = (await org.api('post', '${p}').send(await body(org, { name: 'Attributed' })).expect(201)).body.data.id;
    const definition = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: '${n.entityType.toUpperCase()}', name: 'Owner', attributeKey: 'owner', fieldType: 'STRING' })
        .expect(201)
    ).body.data;
    await org.api('put', \`${p}/\${id}/custom-attributes/\${definition.id}\`).send({ stringValue: 'Ada' }).expect(200);
    const values = (await org.api('get', \`${p}/\${id}/custom-attributes\`).expect(200)).body.data;
    expect(values).toEqual([
      expect.objectContaining({ definitionId: definition.id, entityType: '${n.entityType.toUpperCase()}', entityId: id, stringValue: 'Ada' }),
    ]);
  });

  it('06/§3.2: a scenario copies the records, takes writes through the application API and merges them into live', async () => {
    const org = await t.createTenant();
    const id = (await org.api('post', '${p}').send(await body(org, { name: 'Live' })).expect(201)).body.data.id;
    const user = async (email: string, permissions: string[]) =>
      (await t.admin('post', \`/organizations/\${org.orgId}/users\`).send({ email, name: 'Merger', permissions }).expect(201)).body.data;
    // Merging writes live records: the acting user needs the records' own edit permission, not only manage_scenarios.
    const lacking = await user('lacking@example.com', ['manage_scenarios']);
    const merger = await user('merger@example.com', ['manage_scenarios', '${n.table}_edit']);
    const scenarios = \`/organizations/\${org.orgId}/scenarios\`;
    const s = (await t.admin('post', scenarios).send({ name: 'What if' }).expect(201)).body.data.id;
    expect((await org.api('get', \`${p}?scenarioId=\${s}\`).expect(200)).body.data.map((x: { id: string }) => x.id)).toEqual([id]);
    await t.admin('patch', \`\${scenarios}/\${s}${p}/\${id}\`).send({ name: 'Renamed' }).expect(200);
    expect((await org.api('get', \`${p}/\${id}\`).expect(200)).body.data.name).toBe('Live');
    await t.admin('post', \`\${scenarios}/\${s}/merge\`, lacking.id).expect(403);
    expect((await org.api('get', \`${p}/\${id}\`).expect(200)).body.data.name).toBe('Live');
    const merged = await t.admin('post', \`\${scenarios}/\${s}/merge\`, merger.id).expect(200);
    expect(merged.body.data).toEqual({ status: 'MERGED', changes: { ${n.entityType}: 1 } });
    expect((await org.api('get', \`${p}/\${id}\`).expect(200)).body.data.name).toBe('Renamed');
  });
});
`;
}

/**
 * The migration's statements: the table and its unique externalId, as `npm run migration:generate` writes them for the
 * entity (`primaryKey` is the key's name by the naming strategy). After the entity gains columns,
 * `npm run migration:generate -- ${Classes}` writes this migration again (it is not committed yet): one migration.
 */
export function migrationStatements(n: ResourceNames, primaryKey: string): { up: string[]; down: string[] } {
  return {
    up: [
      `CREATE TABLE "${n.table}" ("organization_id" character varying(25) NOT NULL, "plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(200) NOT NULL, "external_id" character varying(255), "description" text, CONSTRAINT "${primaryKey}" PRIMARY KEY ("organization_id", "plan_id", "id"))`,
      `CREATE UNIQUE INDEX "uq_${n.table}_external_id" ON "${n.table}" ("organization_id", "plan_id", "external_id") `,
    ],
    down: [`DROP INDEX "public"."uq_${n.table}_external_id"`, `DROP TABLE "${n.table}"`],
  };
}
