import { MigrationInterface, QueryRunner } from 'typeorm';

export class ReferenceData1795259093079 implements MigrationInterface {
  name = 'ReferenceData1795259093079';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "custom_attribute_definitions" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "attribute_key" character varying(80) NOT NULL, "entity_type" character varying(30) NOT NULL, "field_type" character varying(20) NOT NULL, "options" text array, "required" boolean NOT NULL DEFAULT false, "description" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bc25a5e0aaca1b8bd0a8cf33e3c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_custom_attribute_definitions_key" ON "custom_attribute_definitions"  ("organization_id", "entity_type", "attribute_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "custom_attribute_values" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "definition_id" character varying(25) NOT NULL, "entity_type" character varying(30) NOT NULL, "entity_id" character varying(25) NOT NULL, "string_value" text, "number_value" numeric, "date_value" date, "date_range_start" date, "date_range_end" date, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bfb9d3f407a8502a892f0af7710" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_custom_attribute_values_definition" ON "custom_attribute_values"  ("definition_id") `);
    await queryRunner.query(
      `CREATE INDEX "idx_custom_attribute_values_record" ON "custom_attribute_values"  ("plan_id", "entity_type", "entity_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_custom_attribute_values_entity" ON "custom_attribute_values"  ("plan_id", "definition_id", "entity_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "cost_centres" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "code" character varying(50), "external_id" character varying(255), "description" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dc8e0e3842bcd1f3b45c598f0f3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_cost_centres_code" ON "cost_centres"  ("organization_id", "code") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_cost_centres_external_id" ON "cost_centres"  ("organization_id", "external_id") `);
    await queryRunner.query(
      `CREATE TABLE "drivers" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "key" character varying(80) NOT NULL, "unit" character varying(50), "description" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_92ab3fb69e566d3eb0cae896047" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_drivers_key" ON "drivers"  ("organization_id", "key") `);
    await queryRunner.query(
      `CREATE TABLE "exchange_rates" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "from_currency" character(3) NOT NULL, "to_currency" character(3) NOT NULL, "rate" numeric(24,10) NOT NULL, "effective_date" date NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_33a614bad9e61956079d817ebe2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_exchange_rates_pair_date" ON "exchange_rates"  ("organization_id", "from_currency", "to_currency", "effective_date") `,
    );
    await queryRunner.query(
      `CREATE TABLE "job_roles" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "title" character varying(200) NOT NULL, "external_id" character varying(255), "family" character varying(200), "level" character varying(100), "description" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2010ead772199469bfe54ea513b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_job_roles_external_id" ON "job_roles"  ("organization_id", "external_id") `);
    await queryRunner.query(
      `CREATE TABLE "locations" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "external_id" character varying(255), "country_code" character(2), "currency_code" character(3), "cost_multiplier" numeric(12,4) NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7cc1c9e3853b94816c094825e74" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_locations_external_id" ON "locations"  ("organization_id", "external_id") `);
    await queryRunner.query(
      `CREATE TABLE "resource_types" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "external_id" character varying(255), "description" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d3bca389a6c56e445c7487b245e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_resource_types_external_id" ON "resource_types"  ("organization_id", "external_id") `);
    await queryRunner.query(
      `CREATE TABLE "value_streams" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "code" character varying(50), "external_id" character varying(255), "description" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b01118153ac3239cf4e107903a1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_value_streams_code" ON "value_streams"  ("organization_id", "code") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_value_streams_external_id" ON "value_streams"  ("organization_id", "external_id") `);
    await queryRunner.query(
      `CREATE TABLE "teams" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "external_id" character varying(255), "description" text, "cost_centre_id" character varying(25), "value_stream_id" character varying(25), "parent_team_id" character varying(25), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cabd37f5050c7537ab536e60c1e" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_teams_parent" ON "teams"  ("plan_id", "parent_team_id") `);
    await queryRunner.query(`CREATE INDEX "idx_teams_org_plan_name" ON "teams"  ("organization_id", "plan_id", "name") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_teams_external_id" ON "teams"  ("plan_id", "external_id") `);
    await queryRunner.query(
      `ALTER TABLE "custom_attribute_values" ADD CONSTRAINT "fk_custom_attribute_values_definition" FOREIGN KEY ("definition_id") REFERENCES "custom_attribute_definitions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "teams" ADD CONSTRAINT "fk_teams_cost_centre" FOREIGN KEY ("cost_centre_id") REFERENCES "cost_centres"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "teams" ADD CONSTRAINT "fk_teams_value_stream" FOREIGN KEY ("value_stream_id") REFERENCES "value_streams"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    // Hand-made: expression and trigram indexes TypeORM cannot describe (declared with synchronize: false).
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_job_roles_title" ON "job_roles" ("organization_id", lower("title"))`);
    await queryRunner.query(`CREATE INDEX "idx_job_roles_title_trgm" ON "job_roles" USING gin ("title" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_job_roles_family_trgm" ON "job_roles" USING gin ("family" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_locations_name_trgm" ON "locations" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_cost_centres_name_trgm" ON "cost_centres" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_cost_centres_code_trgm" ON "cost_centres" USING gin ("code" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_value_streams_name_trgm" ON "value_streams" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_value_streams_code_trgm" ON "value_streams" USING gin ("code" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_resource_types_name_trgm" ON "resource_types" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(
      `CREATE INDEX "idx_resource_types_description_trgm" ON "resource_types" USING gin ("description" gin_trgm_ops)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drivers_name_trgm" ON "drivers" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_drivers_key_trgm" ON "drivers" USING gin ("key" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_teams_name_trgm" ON "teams" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_teams_description_trgm" ON "teams" USING gin ("description" gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "uq_job_roles_title"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_job_roles_title_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_job_roles_family_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_locations_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_cost_centres_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_cost_centres_code_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_value_streams_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_value_streams_code_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_resource_types_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_resource_types_description_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_drivers_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_drivers_key_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_teams_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_teams_description_trgm"`);
    await queryRunner.query(`ALTER TABLE "teams" DROP CONSTRAINT "fk_teams_value_stream"`);
    await queryRunner.query(`ALTER TABLE "teams" DROP CONSTRAINT "fk_teams_cost_centre"`);
    await queryRunner.query(`ALTER TABLE "custom_attribute_values" DROP CONSTRAINT "fk_custom_attribute_values_definition"`);
    await queryRunner.query(`DROP INDEX "public"."uq_teams_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_teams_org_plan_name"`);
    await queryRunner.query(`DROP INDEX "public"."idx_teams_parent"`);
    await queryRunner.query(`DROP TABLE "teams"`);
    await queryRunner.query(`DROP INDEX "public"."uq_value_streams_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_value_streams_code"`);
    await queryRunner.query(`DROP TABLE "value_streams"`);
    await queryRunner.query(`DROP INDEX "public"."uq_resource_types_external_id"`);
    await queryRunner.query(`DROP TABLE "resource_types"`);
    await queryRunner.query(`DROP INDEX "public"."uq_locations_external_id"`);
    await queryRunner.query(`DROP TABLE "locations"`);
    await queryRunner.query(`DROP INDEX "public"."uq_job_roles_external_id"`);
    await queryRunner.query(`DROP TABLE "job_roles"`);
    await queryRunner.query(`DROP INDEX "public"."uq_exchange_rates_pair_date"`);
    await queryRunner.query(`DROP TABLE "exchange_rates"`);
    await queryRunner.query(`DROP INDEX "public"."uq_drivers_key"`);
    await queryRunner.query(`DROP TABLE "drivers"`);
    await queryRunner.query(`DROP INDEX "public"."uq_cost_centres_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_cost_centres_code"`);
    await queryRunner.query(`DROP TABLE "cost_centres"`);
    await queryRunner.query(`DROP INDEX "public"."uq_custom_attribute_values_entity"`);
    await queryRunner.query(`DROP INDEX "public"."idx_custom_attribute_values_record"`);
    await queryRunner.query(`DROP INDEX "public"."idx_custom_attribute_values_definition"`);
    await queryRunner.query(`DROP TABLE "custom_attribute_values"`);
    await queryRunner.query(`DROP INDEX "public"."uq_custom_attribute_definitions_key"`);
    await queryRunner.query(`DROP TABLE "custom_attribute_definitions"`);
  }
}
