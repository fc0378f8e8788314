import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18 item 5 (the nightly full sync of an HR system updates every employee): each heap page of
 * `employees` keeps half its space free, so that an update that changes no indexed column (the usual
 * sync: names, dates, internal ids stay; `updated_at` is not indexed) writes its new row version on the
 * same page as a HOT update, with no new entry in the seven indexes (the trigram index among them).
 * With every page full, 12,000 resynced employees gave 0-40 HOT updates; with half free, all 12,000
 * (bench/RESULTS.md). A table that is rewritten every night holds a dead version per row until
 * vacuum anyway; here it stays on the row's page, where the next update's pruning reuses it.
 * Applies to pages written from now on (existing rows move on their next update or a VACUUM FULL).
 */
export class EmployeesFillfactor1795650000000 implements MigrationInterface {
  name = 'EmployeesFillfactor1795650000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "employees" SET (fillfactor = 50)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "employees" RESET (fillfactor)`);
  }
}
