import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Planning tables search with one ILIKE over one expression, backed by one trigram index, instead of
 * one index per column: forking a scenario copies these tables, and each GIN index roughly doubles the
 * cost of the copy.
 */
export class SearchIndexes1795262000000 implements MigrationInterface {
  name = 'SearchIndexes1795262000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const name of [
      'idx_employees_first_name_trgm',
      'idx_employees_last_name_trgm',
      'idx_employees_email_trgm',
      'idx_contractors_name_trgm',
      'idx_contractors_email_trgm',
      'idx_vacancies_role_trgm',
      'idx_vacancies_description_trgm',
      'idx_teams_name_trgm',
      'idx_teams_description_trgm',
    ]) {
      await queryRunner.query(`DROP INDEX IF EXISTS "${name}"`);
    }
    await queryRunner.query(
      `CREATE INDEX "idx_employees_search_trgm" ON "employees" USING gin ((first_name || ' ' || last_name || ' ' || email) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_contractors_search_trgm" ON "contractors" USING gin ((name || ' ' || coalesce(email, '')) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_vacancies_search_trgm" ON "vacancies" USING gin ((role || ' ' || coalesce(description, '')) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_teams_search_trgm" ON "teams" USING gin ((name || ' ' || coalesce(description, '')) gin_trgm_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['idx_employees_search_trgm', 'idx_contractors_search_trgm', 'idx_vacancies_search_trgm', 'idx_teams_search_trgm']) {
      await queryRunner.query(`DROP INDEX IF EXISTS "${name}"`);
    }
    await queryRunner.query(`CREATE INDEX "idx_employees_first_name_trgm" ON "employees" USING gin ("first_name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_employees_last_name_trgm" ON "employees" USING gin ("last_name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_employees_email_trgm" ON "employees" USING gin ("email" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_contractors_name_trgm" ON "contractors" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_contractors_email_trgm" ON "contractors" USING gin ("email" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_vacancies_role_trgm" ON "vacancies" USING gin ("role" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_vacancies_description_trgm" ON "vacancies" USING gin ("description" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_teams_name_trgm" ON "teams" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_teams_description_trgm" ON "teams" USING gin ("description" gin_trgm_ops)`);
  }
}
