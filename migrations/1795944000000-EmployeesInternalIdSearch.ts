import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The people lists' `search` also matches `internalEmployeeId` exactly: a partial index (only rows that
 * carry one) keeps that match an index look-up beside the name search, and costs nothing to creates
 * without an internalEmployeeId.
 */
export class EmployeesInternalIdSearch1795944000000 implements MigrationInterface {
  name = 'EmployeesInternalIdSearch1795944000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_employees_internal_employee_id" ON "employees" ("organization_id", "plan_id", "internal_employee_id") WHERE "internal_employee_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_employees_internal_employee_id"`);
  }
}
