import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 15/7: keys ready for Citus, which distributes every tenant table by `organization_id`
 * (docs/scale-out.md). Every primary key, unique constraint or index and exclusion constraint of a tenant
 * table leads with `organization_id`, and every foreign key between tenant tables carries it on both
 * sides. `webhook_deliveries` gains the column (from its change). Constraint names stay (constraint
 * errors are matched by name); ON DELETE actions stay. organizations, users and api_keys keep their keys:
 * they become reference tables.
 */
export class CitusKeys1795640000000 implements MigrationInterface {
  name = 'CitusKeys1795640000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(`ALTER TABLE "webhook_deliveries" ADD "organization_id" character varying(25)`);
    await q(
      `UPDATE "webhook_deliveries" d SET "organization_id" = c."organization_id" FROM "record_changes" c WHERE c."seq" = d."change_seq"`,
    );
    await q(`ALTER TABLE "webhook_deliveries" ALTER COLUMN "organization_id" SET NOT NULL`);
    for (const [table, name] of FOREIGN_KEYS) await q(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
    for (const [table, , name] of EXCLUSIONS) await q(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
    await q(`ALTER TABLE "record_changes" DROP CONSTRAINT "UQ_11e8ae54816cc9488e6ad7143f0"`);
    for (const [name] of UNIQUE_INDEXES) await q(`DROP INDEX "${name}"`);
    for (const [table, before, after, columns] of PRIMARY_KEYS) {
      await q(`ALTER TABLE "${table}" DROP CONSTRAINT "${before}"`);
      await q(`ALTER TABLE "${table}" ADD CONSTRAINT "${after}" PRIMARY KEY ("organization_id", ${quoted(columns)})`);
    }
    await q(`CREATE UNIQUE INDEX "uq_record_changes_event_id" ON "record_changes" ("organization_id", "event_id")`);
    for (const [name, table, columns] of UNIQUE_INDEXES)
      await q(`CREATE UNIQUE INDEX "${name}" ON "${table}" ("organization_id", ${columns})`);
    for (const [table, columns, name] of EXCLUSIONS) await q(exclusion(table, name, `"organization_id" WITH =, ${columns}`));
    for (const [table, name, columns, target, targetColumns, action] of FOREIGN_KEYS) {
      await q(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" FOREIGN KEY ("organization_id", ${quoted(columns)}) REFERENCES "${target}"("organization_id", ${quoted(targetColumns)}) ON DELETE ${action}`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    for (const [table, name] of FOREIGN_KEYS) await q(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
    for (const [table, , name] of EXCLUSIONS) await q(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
    await q(`DROP INDEX "uq_record_changes_event_id"`);
    for (const [name] of UNIQUE_INDEXES) await q(`DROP INDEX "${name}"`);
    for (const [table, before, after, columns] of PRIMARY_KEYS) {
      await q(`ALTER TABLE "${table}" DROP CONSTRAINT "${after}"`);
      await q(`ALTER TABLE "${table}" ADD CONSTRAINT "${before}" PRIMARY KEY (${quoted(columns)})`);
    }
    await q(`ALTER TABLE "record_changes" ADD CONSTRAINT "UQ_11e8ae54816cc9488e6ad7143f0" UNIQUE ("event_id")`);
    for (const [name, table, columns] of UNIQUE_INDEXES) await q(`CREATE UNIQUE INDEX "${name}" ON "${table}" (${columns})`);
    for (const [table, columns, name] of EXCLUSIONS) await q(exclusion(table, name, columns));
    for (const [table, name, columns, target, targetColumns, action] of FOREIGN_KEYS) {
      await q(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" FOREIGN KEY (${quoted(columns)}) REFERENCES "${target}"(${quoted(targetColumns)}) ON DELETE ${action}`,
      );
    }
    await q(`ALTER TABLE "webhook_deliveries" DROP COLUMN "organization_id"`);
  }
}

const quoted = (columns: string) =>
  columns
    .split(', ')
    .map((c) => `"${c}"`)
    .join(', ');

const exclusion = (table: string, name: string, columns: string) =>
  `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" EXCLUDE USING gist (${columns}, daterange("start_date", "end_date", '[]') WITH &&) DEFERRABLE INITIALLY DEFERRED`;

/** Table, old primary key, new primary key, its columns after organization_id (also the old key's columns). */
const PRIMARY_KEYS: [string, string, string, string][] = [
  ['webhook_deliveries', 'PK_535dd409947fb6d8fc6dfc0112a', 'PK_24cb0452b7280b0c67c232ba3bf', 'id'],
  ['vacancies', 'PK_6af976721121cfc2b857ae812dc', 'PK_04733c4ecdf2c7aa6ce10cc0b8d', 'plan_id, id'],
  ['rate_adjustments', 'PK_2e287f5cd33382e44f033a66550', 'PK_01c30cfcbff856d61d2720d773b', 'plan_id, id'],
  ['contractors', 'PK_52959c4a2be11d581fcf6698342', 'PK_e8f8b7ff7875155c9a17294cd53', 'plan_id, id'],
  ['assignments', 'PK_e592e65926358c4d1f9a1f580d9', 'PK_8baf77bbd858b5d36df45078557', 'plan_id, id'],
  ['salary_adjustments', 'PK_8e802ec75cce1c2209843346af0', 'PK_cdeae5b34ce6ce77b3c55baf1bb', 'plan_id, id'],
  ['employees', 'PK_4a43821470cc7271acc83333c40', 'PK_03095ccddeda5e10b04326abf39', 'plan_id, id'],
  ['custom_attribute_definitions', 'PK_bc25a5e0aaca1b8bd0a8cf33e3c', 'PK_b59af51c29d40b0fbd7333efa74', 'id'],
  ['custom_attribute_values', 'PK_bfb9d3f407a8502a892f0af7710', 'PK_9ac9dcdc9f1f39da1ca99368da4', 'plan_id, id'],
  ['cost_centres', 'PK_dc8e0e3842bcd1f3b45c598f0f3', 'PK_7d26ec2da2dfa913c441bf6cd5a', 'id'],
  ['drivers', 'PK_92ab3fb69e566d3eb0cae896047', 'PK_be3681f6688062b441c379fd961', 'id'],
  ['exchange_rates', 'PK_33a614bad9e61956079d817ebe2', 'PK_24368da0bc80f45437b732aa2ef', 'id'],
  ['job_roles', 'PK_2010ead772199469bfe54ea513b', 'PK_6c553acb503cf788717272e3bca', 'id'],
  ['locations', 'PK_7cc1c9e3853b94816c094825e74', 'PK_1c600b38aca0ba5fd8b1bb0c733', 'id'],
  ['resource_types', 'PK_d3bca389a6c56e445c7487b245e', 'PK_8a1b22c054587d0c7591006e9b6', 'id'],
  ['value_streams', 'PK_b01118153ac3239cf4e107903a1', 'PK_33f15d151cb14f0a38b652aba44', 'id'],
  ['teams', 'PK_cabd37f5050c7537ab536e60c1e', 'PK_8b2b0d95b83f039561a92700aa9', 'plan_id, id'],
  ['projects', 'PK_1c2a587b602f6b3aa580c91f2c7', 'PK_328fc020e39b1a3880d9f83858d', 'plan_id, id'],
  ['project_links', 'PK_76ac57d7b2d94b1750842f6ba78', 'PK_e4552d1dff5e9165b21c49db096', 'plan_id, id'],
  ['business_metrics', 'PK_0e0b099eef5add99fc9467bc5fe', 'PK_071ce62010f16bb49f45f81f310', 'id'],
  ['business_metric_sources', 'PK_f3419cb29edf4d0c18ebad4cc8b', 'PK_d99fdeb5dce78c675870d534888', 'id'],
  ['business_metric_readings', 'PK_3ffa4ad9d715b40f38166b77a70', 'PK_415edc9b0af18599f5608ac77d3', 'source_id, period_start'],
  ['plans', 'PK_3720521a81c7c24fe9b7202ba61', 'PK_6ab8807295a800e57e45aa41fad', 'id'],
  ['record_changes', 'PK_128ff07d3cbbf511cccaed2c20c', 'PK_3c6124dc9005e998643cf6319c9', 'seq'],
  ['integrations', 'PK_9adcdc6d6f3922535361ce641e8', 'PK_e45548543580b3aea3455acf13a', 'id'],
  ['webhook_endpoints', 'PK_054c4cfb95223732f5939d2d546', 'PK_aa44af3ed57e7081569a62e0e96', 'id'],
  ['functional_groups', 'PK_dcae6bfe0006ad8e4fd8b5985e3', 'PK_a815fe7742a63baeb1929104186', 'plan_id, id'],
  ['functional_group_placements', 'PK_a49500777f41889721016b9ca35', 'PK_171bc09ac41e428bc5aba5284f6', 'plan_id, id'],
  ['functional_positions', 'PK_b42f600bb82d306e0c19f9bada0', 'PK_8358b2730cbd80136ae58037cda', 'plan_id, id'],
  ['functional_position_reports', 'PK_9b1895619f465530ba3b2931c90', 'PK_05b1cec3e140df150fca8688f8d', 'plan_id, id'],
  ['functional_assignments', 'PK_54446585fb540e93eca1c9499a7', 'PK_7b578ca0fdf994c8e31b62cf401', 'plan_id, id'],
  ['functional_access_grants', 'PK_cb708ff0f0002c71a028ae0156f', 'PK_d637797a237d893b3934d2f06a1', 'id'],
];

/** Unique index, its table, its columns after organization_id (which were its columns before). */
const UNIQUE_INDEXES: [string, string, string][] = [
  ['uq_employees_external_id', 'employees', '"plan_id", "external_id"'],
  ['uq_employees_email', 'employees', '"plan_id", lower("email")'],
  ['uq_contractors_external_id', 'contractors', '"plan_id", "external_id"'],
  ['uq_contractors_email', 'contractors', '"plan_id", lower("email")'],
  ['uq_vacancies_external_id', 'vacancies', '"plan_id", "external_id"'],
  ['uq_teams_external_id', 'teams', '"plan_id", "external_id"'],
  ['uq_projects_external_id', 'projects', '"plan_id", "external_id"'],
  ['uq_project_links_ticket', 'project_links', '"plan_id", "project_id", "provider", "key"'],
  ['uq_functional_groups_external_id', 'functional_groups', '"plan_id", "external_id"'],
  ['uq_functional_positions_external_id', 'functional_positions', '"plan_id", "external_id"'],
  ['uq_custom_attribute_values_entity', 'custom_attribute_values', '"plan_id", "definition_id", "entity_id"'],
  ['uq_business_metric_sources_metric_name', 'business_metric_sources', '"metric_id", lower("name")'],
  ['uq_webhook_deliveries_endpoint', 'webhook_deliveries', '"change_seq", "endpoint_id"'],
  ['uq_webhook_deliveries_integration', 'webhook_deliveries', '"change_seq", "integration_id"'],
];

/** Exclusion constraint: table, its equality columns after organization_id, name. */
const EXCLUSIONS: [string, string, string][] = [
  ['functional_group_placements', '"plan_id" WITH =, "group_id" WITH =', 'ex_functional_group_placements_overlap'],
  ['functional_position_reports', '"plan_id" WITH =, "position_id" WITH =', 'ex_functional_position_reports_overlap'],
];

/** Foreign key between tenant tables: table, name, columns and target columns after organization_id, ON DELETE. */
const FOREIGN_KEYS: [string, string, string, string, string, string][] = [
  ['teams', 'fk_teams_cost_centre', 'cost_centre_id', 'cost_centres', 'id', 'RESTRICT'],
  ['teams', 'fk_teams_value_stream', 'value_stream_id', 'value_streams', 'id', 'RESTRICT'],
  ['projects', 'fk_projects_cost_centre', 'cost_centre_id', 'cost_centres', 'id', 'RESTRICT'],
  ['projects', 'fk_projects_value_stream', 'value_stream_id', 'value_streams', 'id', 'RESTRICT'],
  ['project_links', 'fk_project_links_project', 'plan_id, project_id', 'projects', 'plan_id, id', 'CASCADE'],
  ['custom_attribute_values', 'fk_custom_attribute_values_definition', 'definition_id', 'custom_attribute_definitions', 'id', 'CASCADE'],
  ['business_metric_sources', 'fk_business_metric_sources_metric', 'metric_id', 'business_metrics', 'id', 'CASCADE'],
  ['business_metric_readings', 'fk_business_metric_readings_source', 'source_id', 'business_metric_sources', 'id', 'CASCADE'],
  ['webhook_deliveries', 'fk_webhook_deliveries_change', 'change_seq', 'record_changes', 'seq', 'CASCADE'],
  ['webhook_deliveries', 'fk_webhook_deliveries_endpoint', 'endpoint_id', 'webhook_endpoints', 'id', 'CASCADE'],
  ['webhook_deliveries', 'fk_webhook_deliveries_integration', 'integration_id', 'integrations', 'id', 'CASCADE'],
];
