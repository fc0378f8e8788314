import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spec 04 §2 `groupBy=projectCostCentre`: projects gain `post_completion_cost_centre_id`, the cost centre
 * their allocations are booked to after the project's end date (a cost centre of the organization, as
 * `cost_centre_id`).
 */
export class ProjectPostCompletionCostCentre1795680000000 implements MigrationInterface {
  name = 'ProjectPostCompletionCostCentre1795680000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "projects" ADD "post_completion_cost_centre_id" character varying(25)`);
    await queryRunner.query(`CREATE INDEX "idx_projects_post_completion_cost_centre" ON "projects" ("post_completion_cost_centre_id") `);
    await queryRunner.query(
      `ALTER TABLE "projects" ADD CONSTRAINT "fk_projects_post_completion_cost_centre" FOREIGN KEY ("organization_id", "post_completion_cost_centre_id") REFERENCES "cost_centres"("organization_id", "id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "projects" DROP CONSTRAINT "fk_projects_post_completion_cost_centre"`);
    await queryRunner.query(`DROP INDEX "public"."idx_projects_post_completion_cost_centre"`);
    await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "post_completion_cost_centre_id"`);
  }
}
