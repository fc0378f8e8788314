import { MigrationInterface, QueryRunner } from 'typeorm';

export class NoticePeriodSetting1795540000000 implements MigrationInterface {
  name = 'NoticePeriodSetting1795540000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" ADD "notice_period_days" integer NOT NULL DEFAULT 30`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "notice_period_days"`);
  }
}
