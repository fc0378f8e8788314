import { MigrationInterface, QueryRunner } from 'typeorm';

export class FunctionalVisibilitySetting1795530322597 implements MigrationInterface {
  name = 'FunctionalVisibilitySetting1795530322597';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" ADD "functional_groups_restricted_visibility" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "functional_groups_restricted_visibility"`);
  }
}
