import { MigrationInterface, QueryRunner } from 'typeorm';

export class Contractors1795259976237 implements MigrationInterface {
  name = 'Contractors1795259976237';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "rate_adjustments" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "contractor_id" character varying(25) NOT NULL, "effective_date" date NOT NULL, "rate" numeric(16,2) NOT NULL, "rate_type" character varying(10) NOT NULL, "currency_code" character(3) NOT NULL, "reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2e287f5cd33382e44f033a66550" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_rate_adjustments_contractor" ON "rate_adjustments"  ("plan_id", "contractor_id", "effective_date") `,
    );
    await queryRunner.query(
      `CREATE TABLE "contractors" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "external_id" character varying(255), "name" character varying(400) NOT NULL, "email" character varying(320), "contractor_type" character varying(50) NOT NULL DEFAULT 'individual', "start_date" date NOT NULL, "end_date" date, "manager_id" character varying(25), "job_role_id" character varying(25), "work_type_id" character varying(25), "geography_id" character varying(25), "default_currency_code" character(3), "cost_centre_id" character varying(25), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_52959c4a2be11d581fcf6698342" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_contractors_cost_centre" ON "contractors"  ("plan_id", "cost_centre_id") `);
    await queryRunner.query(`CREATE INDEX "idx_contractors_name" ON "contractors"  ("organization_id", "plan_id", "name") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_contractors_external_id" ON "contractors"  ("plan_id", "external_id") `);
    // Hand-made: expression and trigram indexes (declared on the entity with synchronize: false).
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_contractors_email" ON "contractors" ("plan_id", lower("email"))`);
    await queryRunner.query(`CREATE INDEX "idx_contractors_name_trgm" ON "contractors" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_contractors_email_trgm" ON "contractors" USING gin ("email" gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "uq_contractors_email"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_contractors_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_contractors_email_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."uq_contractors_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_contractors_name"`);
    await queryRunner.query(`DROP INDEX "public"."idx_contractors_cost_centre"`);
    await queryRunner.query(`DROP TABLE "contractors"`);
    await queryRunner.query(`DROP INDEX "public"."idx_rate_adjustments_contractor"`);
    await queryRunner.query(`DROP TABLE "rate_adjustments"`);
  }
}
