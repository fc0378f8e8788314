import { MigrationInterface, QueryRunner } from 'typeorm';

export class EmploymentTerms1796664208601 implements MigrationInterface {
  name = 'EmploymentTerms1796664208601';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "employment_terms" ("organization_id" character varying(25) NOT NULL, "plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "employee_id" character varying(25) NOT NULL, "effective_date" date NOT NULL, "fields" text array NOT NULL, "fte" numeric(5,4), "cost_centre_id" character varying(25), "job_role_id" character varying(25), "geography_id" character varying(25), CONSTRAINT "PK_6de4c8ee239dc1f57d40b5fab50" PRIMARY KEY ("organization_id", "plan_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_employment_terms_day" ON "employment_terms"  ("organization_id", "plan_id", "employee_id", "effective_date") `,
    );
    await queryRunner.query(`ALTER TABLE "employees" ADD "fte" numeric(5,4) NOT NULL DEFAULT '1'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "employees" DROP COLUMN "fte"`);
    await queryRunner.query(`DROP INDEX "public"."uq_employment_terms_day"`);
    await queryRunner.query(`DROP TABLE "employment_terms"`);
  }
}
