import { MigrationInterface, QueryRunner } from 'typeorm';

export class People1795259609331 implements MigrationInterface {
  name = 'People1795259609331';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "assignments" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "type" character varying(10) NOT NULL, "target_id" character varying(25) NOT NULL, "employee_id" character varying(25), "contractor_id" character varying(25), "vacancy_id" character varying(25), "team_id" character varying(25), "fte" numeric(8,4) NOT NULL, "start_date" date NOT NULL, "end_date" date, "role" character varying(200), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_assignments_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"), CONSTRAINT "ck_assignments_type" CHECK ("type" IN ('team', 'project') AND ("team_id" IS NULL OR "type" = 'project')), CONSTRAINT "ck_assignments_one_holder" CHECK (num_nonnulls("employee_id", "contractor_id", "vacancy_id", "team_id") = 1), CONSTRAINT "PK_e592e65926358c4d1f9a1f580d9" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_assignments_org_plan" ON "assignments"  ("organization_id", "plan_id", "start_date") `);
    await queryRunner.query(`CREATE INDEX "idx_assignments_target" ON "assignments"  ("plan_id", "type", "target_id") `);
    await queryRunner.query(`CREATE INDEX "idx_assignments_team_holder" ON "assignments"  ("plan_id", "team_id") `);
    await queryRunner.query(`CREATE INDEX "idx_assignments_vacancy" ON "assignments"  ("plan_id", "vacancy_id") `);
    await queryRunner.query(`CREATE INDEX "idx_assignments_contractor" ON "assignments"  ("plan_id", "contractor_id") `);
    await queryRunner.query(`CREATE INDEX "idx_assignments_employee" ON "assignments"  ("plan_id", "employee_id") `);
    await queryRunner.query(
      `CREATE TABLE "salary_adjustments" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "employee_id" character varying(25) NOT NULL, "effective_date" date NOT NULL, "salary" numeric(16,2) NOT NULL, "bonus" numeric(16,2), "currency_code" character(3) NOT NULL, "reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8e802ec75cce1c2209843346af0" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_salary_adjustments_employee" ON "salary_adjustments"  ("plan_id", "employee_id", "effective_date") `,
    );
    await queryRunner.query(
      `CREATE TABLE "employees" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "external_id" character varying(255), "first_name" character varying(200) NOT NULL, "last_name" character varying(200) NOT NULL, "name" character varying(400), "email" character varying(320) NOT NULL, "internal_employee_id" character varying(100), "start_date" date NOT NULL, "end_date" date, "notice_date" date, "manager_id" character varying(25), "job_role_id" character varying(25), "work_type_id" character varying(25), "geography_id" character varying(25), "default_currency_code" character(3), "cost_centre_id" character varying(25), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4a43821470cc7271acc83333c40" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_employees_cost_centre" ON "employees"  ("plan_id", "cost_centre_id") `);
    await queryRunner.query(`CREATE INDEX "idx_employees_manager" ON "employees"  ("plan_id", "manager_id") `);
    await queryRunner.query(`CREATE INDEX "idx_employees_last_name" ON "employees"  ("organization_id", "plan_id", "last_name") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_employees_external_id" ON "employees"  ("plan_id", "external_id") `);
    // Hand-made: expression and trigram indexes (declared on the entity with synchronize: false).
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_employees_email" ON "employees" ("plan_id", lower("email"))`);
    await queryRunner.query(`CREATE INDEX "idx_employees_first_name_trgm" ON "employees" USING gin ("first_name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_employees_last_name_trgm" ON "employees" USING gin ("last_name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_employees_email_trgm" ON "employees" USING gin ("email" gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "uq_employees_email"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_employees_first_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_employees_last_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_employees_email_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."uq_employees_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_employees_last_name"`);
    await queryRunner.query(`DROP INDEX "public"."idx_employees_manager"`);
    await queryRunner.query(`DROP INDEX "public"."idx_employees_cost_centre"`);
    await queryRunner.query(`DROP TABLE "employees"`);
    await queryRunner.query(`DROP INDEX "public"."idx_salary_adjustments_employee"`);
    await queryRunner.query(`DROP TABLE "salary_adjustments"`);
    await queryRunner.query(`DROP INDEX "public"."idx_assignments_employee"`);
    await queryRunner.query(`DROP INDEX "public"."idx_assignments_contractor"`);
    await queryRunner.query(`DROP INDEX "public"."idx_assignments_vacancy"`);
    await queryRunner.query(`DROP INDEX "public"."idx_assignments_team_holder"`);
    await queryRunner.query(`DROP INDEX "public"."idx_assignments_target"`);
    await queryRunner.query(`DROP INDEX "public"."idx_assignments_org_plan"`);
    await queryRunner.query(`DROP TABLE "assignments"`);
  }
}
