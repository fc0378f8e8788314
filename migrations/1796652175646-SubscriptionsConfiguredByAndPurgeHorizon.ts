import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who configured each webhook endpoint and integration (spec 03 §1.18: deliveries re-check that user's view rights;
 * existing rows stay null, the application's own), and the horizon of the last retention purge of live changes
 * (spec 03 §1.22: a scenario forked before it cannot be checked for conflicts any more).
 */
export class SubscriptionsConfiguredByAndPurgeHorizon1796652175646 implements MigrationInterface {
  name = 'SubscriptionsConfiguredByAndPurgeHorizon1796652175646';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "change_retention" ADD "purged_before" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ADD "configured_by_user_id" character varying(25)`);
    await queryRunner.query(`ALTER TABLE "integrations" ADD "configured_by_user_id" character varying(25)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "integrations" DROP COLUMN "configured_by_user_id"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP COLUMN "configured_by_user_id"`);
    await queryRunner.query(`ALTER TABLE "change_retention" DROP COLUMN "purged_before"`);
  }
}
