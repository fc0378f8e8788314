import { MigrationInterface, QueryRunner } from 'typeorm';

export class ForecastAssumptions1796654151896 implements MigrationInterface {
  name = 'ForecastAssumptions1796654151896';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "organizations" ADD "forecast_assumptions" jsonb NOT NULL DEFAULT '{"attritionRatePerYear":0,"meritIncrease":null,"timeToFillDays":0,"onCostPercent":0}'`,
    );
    await queryRunner.query(`ALTER TABLE "plans" ADD "assumptions" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plans" DROP COLUMN "assumptions"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "forecast_assumptions"`);
  }
}
