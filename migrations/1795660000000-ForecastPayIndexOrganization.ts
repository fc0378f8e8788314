import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 15/7: the forecast's pay segments (`amountSegmentsSql`) now name the organization as well as the
 * plan (so that Citus routes them to one shard). Their index (`ForecastPayIndex1795620000000`) leads with
 * `organization_id` too, so that PostgreSQL still reads it in the window's order without the heap.
 */
export class ForecastPayIndexOrganization1795660000000 implements MigrationInterface {
  name = 'ForecastPayIndexOrganization1795660000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_salary_adjustments_pay_window"`);
    await queryRunner.query(
      `CREATE INDEX "idx_salary_adjustments_pay_window" ON "salary_adjustments" ("organization_id", "plan_id", "employee_id" COLLATE "C", "effective_date") INCLUDE ("salary", "currency_code")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_salary_adjustments_pay_window"`);
    await queryRunner.query(
      `CREATE INDEX "idx_salary_adjustments_pay_window" ON "salary_adjustments" ("plan_id", "employee_id" COLLATE "C", "effective_date") INCLUDE ("salary", "currency_code")`,
    );
  }
}
