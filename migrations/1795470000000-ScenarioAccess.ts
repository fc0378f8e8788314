import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scenario access: a scenario's visibility (ORGANIZATION, the default, so that existing scenarios stay readable and
 * writable by every user as before, or PRIVATE), its owner (null for existing scenarios: the application made them)
 * and the members it is shared with (EDITOR or VIEWER). Keys lead with organization_id (Citus-ready, as
 * CitusKeys1795640000000 made the others): this migration sorts before that one on a new database.
 */
export class ScenarioAccess1795470000000 implements MigrationInterface {
  name = 'ScenarioAccess1795470000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "scenario_members" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "scenario_id" character varying(25) NOT NULL, "user_id" character varying(25) NOT NULL, "role" character varying(6) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_scenario_members_role" CHECK ("role" IN ('EDITOR', 'VIEWER')), CONSTRAINT "PK_f5e82695b58acbe699757f0f378" PRIMARY KEY ("organization_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_scenario_members_user" ON "scenario_members" ("organization_id", "user_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_scenario_members_scenario_user" ON "scenario_members" ("organization_id", "scenario_id", "user_id") `,
    );
    await queryRunner.query(`ALTER TABLE "plans" ADD "visibility" character varying(12) NOT NULL DEFAULT 'ORGANIZATION'`);
    await queryRunner.query(`ALTER TABLE "plans" ADD "owner_user_id" character varying(25)`);
    await queryRunner.query(
      `ALTER TABLE "scenario_members" ADD CONSTRAINT "fk_scenario_members_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scenario_members" ADD CONSTRAINT "fk_scenario_members_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scenario_members" DROP CONSTRAINT "fk_scenario_members_user"`);
    await queryRunner.query(`ALTER TABLE "scenario_members" DROP CONSTRAINT "fk_scenario_members_organization"`);
    await queryRunner.query(`ALTER TABLE "plans" DROP COLUMN "owner_user_id"`);
    await queryRunner.query(`ALTER TABLE "plans" DROP COLUMN "visibility"`);
    await queryRunner.query(`DROP INDEX "public"."uq_scenario_members_scenario_user"`);
    await queryRunner.query(`DROP INDEX "public"."idx_scenario_members_user"`);
    await queryRunner.query(`DROP TABLE "scenario_members"`);
  }
}
