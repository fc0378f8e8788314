import { MigrationInterface, QueryRunner } from 'typeorm';

export class MetricCostScope1795610000000 implements MigrationInterface {
  name = 'MetricCostScope1795610000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "business_metrics" ADD "cost_scope_type" character varying(20) NOT NULL DEFAULT 'ORGANIZATION'`);
    await queryRunner.query(`ALTER TABLE "business_metrics" ADD "cost_scope_id" character varying(25)`);
    await queryRunner.query(
      `ALTER TABLE "business_metrics" ADD CONSTRAINT "ck_business_metrics_cost_scope" CHECK (("cost_scope_type" = 'ORGANIZATION') = ("cost_scope_id" IS NULL))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "business_metrics" DROP CONSTRAINT "ck_business_metrics_cost_scope"`);
    await queryRunner.query(`ALTER TABLE "business_metrics" DROP COLUMN "cost_scope_id"`);
    await queryRunner.query(`ALTER TABLE "business_metrics" DROP COLUMN "cost_scope_type"`);
  }
}
