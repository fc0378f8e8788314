import { MigrationInterface, QueryRunner } from 'typeorm';

export class Vacancies1795260770923 implements MigrationInterface {
  name = 'Vacancies1795260770923';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "vacancies" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "external_id" character varying(255), "role" character varying(200) NOT NULL, "description" text, "status" character varying(20) NOT NULL DEFAULT 'open', "fte" numeric(5,4) NOT NULL DEFAULT '1', "target_start_date" date, "target_fill_date" date, "job_role_id" character varying(25), "work_type_id" character varying(25), "geography_id" character varying(25), "cost_centre_id" character varying(25), "salary" numeric(16,2), "salary_min" numeric(16,2), "salary_max" numeric(16,2), "currency_code" character(3), "filled_by_live_employee_id" character varying(25), "filled_by_live_contractor_id" character varying(25), "hiring_manager_id" character varying(25), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6af976721121cfc2b857ae812dc" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_vacancies_filled_contractor" ON "vacancies"  ("plan_id", "filled_by_live_contractor_id") `);
    await queryRunner.query(`CREATE INDEX "idx_vacancies_filled_employee" ON "vacancies"  ("plan_id", "filled_by_live_employee_id") `);
    await queryRunner.query(`CREATE INDEX "idx_vacancies_cost_centre" ON "vacancies"  ("plan_id", "cost_centre_id") `);
    await queryRunner.query(`CREATE INDEX "idx_vacancies_role" ON "vacancies"  ("organization_id", "plan_id", "role") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_vacancies_external_id" ON "vacancies"  ("plan_id", "external_id") `);
    // Hand-made trigram indexes for search (declared on the entity with synchronize: false).
    await queryRunner.query(`CREATE INDEX "idx_vacancies_role_trgm" ON "vacancies" USING gin ("role" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_vacancies_description_trgm" ON "vacancies" USING gin ("description" gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_vacancies_role_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_vacancies_description_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."uq_vacancies_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_vacancies_role"`);
    await queryRunner.query(`DROP INDEX "public"."idx_vacancies_cost_centre"`);
    await queryRunner.query(`DROP INDEX "public"."idx_vacancies_filled_employee"`);
    await queryRunner.query(`DROP INDEX "public"."idx_vacancies_filled_contractor"`);
    await queryRunner.query(`DROP TABLE "vacancies"`);
  }
}
