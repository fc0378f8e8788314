import { MigrationInterface, QueryRunner } from 'typeorm';

export class PersonalDataRetention1795480000000 implements MigrationInterface {
  name = 'PersonalDataRetention1795480000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "change_retention" ("organization_id" character varying(25) NOT NULL, "purged_through" bigint NOT NULL DEFAULT '0', "lease_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_change_retention" PRIMARY KEY ("organization_id"))`,
    );
    await queryRunner.query(`ALTER TABLE "custom_attribute_definitions" ADD "personal" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "change_retention_days" integer`);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "delivery_retention_days" integer NOT NULL DEFAULT '30'`);
    await queryRunner.query(
      `ALTER TABLE "change_retention" ADD CONSTRAINT "fk_change_retention_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "change_retention" DROP CONSTRAINT "fk_change_retention_organization"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "delivery_retention_days"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "change_retention_days"`);
    await queryRunner.query(`ALTER TABLE "custom_attribute_definitions" DROP COLUMN "personal"`);
    await queryRunner.query(`DROP TABLE "change_retention"`);
  }
}
