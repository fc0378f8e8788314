import { MigrationInterface, QueryRunner } from 'typeorm';

export class ScenarioApprovals1796664262931 implements MigrationInterface {
  name = 'ScenarioApprovals1796664262931';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "scenario_approvals" ("organization_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "scenario_id" character varying(25) NOT NULL, "round" integer NOT NULL, "status" character varying(10) NOT NULL, "submitted_by" character varying(25) NOT NULL, "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "impact" jsonb NOT NULL, "steps" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_scenario_approvals" PRIMARY KEY ("organization_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_scenario_approvals_round" ON "scenario_approvals"  ("organization_id", "scenario_id", "round") `,
    );
    await queryRunner.query(`ALTER TABLE "organizations" ADD "scenario_approval" jsonb NOT NULL DEFAULT '{"required":false,"steps":[]}'`);
    await queryRunner.query(
      `ALTER TABLE "scenario_approvals" ADD CONSTRAINT "fk_scenario_approvals_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scenario_approvals" ADD CONSTRAINT "fk_scenario_approvals_scenario" FOREIGN KEY ("organization_id", "scenario_id") REFERENCES "plans"("organization_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scenario_approvals" DROP CONSTRAINT "fk_scenario_approvals_scenario"`);
    await queryRunner.query(`ALTER TABLE "scenario_approvals" DROP CONSTRAINT "fk_scenario_approvals_organization"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "scenario_approval"`);
    await queryRunner.query(`DROP INDEX "public"."uq_scenario_approvals_round"`);
    await queryRunner.query(`DROP TABLE "scenario_approvals"`);
  }
}
