import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19 (spec 04 §5): custom integrations, and webhook deliveries that target either a webhook
 * endpoint or an integration's push hook (the same dispatcher delivers both).
 */
export class Integrations1795630000000 implements MigrationInterface {
  name = 'Integrations1795630000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "integrations" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(100) NOT NULL, "act_as_user_id" character varying(25) NOT NULL, "secret" character(64) NOT NULL, "push_url" character varying(2048), "push_entity_types" text array NOT NULL DEFAULT '{}', "push_event_types" text array NOT NULL DEFAULT '{}', "push_enabled" boolean NOT NULL DEFAULT false, "pull_url" character varying(2048), "pull_entity_type" character varying(30), "pull_interval_minutes" integer, "pull_enabled" boolean NOT NULL DEFAULT false, "pull_next_at" TIMESTAMP WITH TIME ZONE, "pull_running_until" TIMESTAMP WITH TIME ZONE, "pull_run_id" uuid, "last_push_at" TIMESTAMP WITH TIME ZONE, "last_push_status" character varying(10) NOT NULL DEFAULT 'NEVER', "last_pull_at" TIMESTAMP WITH TIME ZONE, "last_pull_status" character varying(10) NOT NULL DEFAULT 'NEVER', "last_pull_result" jsonb, "last_error" character varying(1000), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9adcdc6d6f3922535361ce641e8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_integrations_pull_due" ON "integrations"  ("pull_next_at") WHERE "pull_enabled" AND "pull_url" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "idx_integrations_org" ON "integrations"  ("organization_id", "created_at") `);
    // A delivery targets a webhook endpoint or an integration's push hook: a surrogate key, one target column each.
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "PK_fca1531a6d8e88ec2776a927c29"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "id" BIGSERIAL NOT NULL`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id")`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ALTER COLUMN "endpoint_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "integration_id" character varying(25)`);
    await queryRunner.query(`CREATE INDEX "idx_webhook_deliveries_integration" ON "webhook_deliveries"  ("integration_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_webhook_deliveries_integration" ON "webhook_deliveries"  ("change_seq", "integration_id") `,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_webhook_deliveries_endpoint" ON "webhook_deliveries"  ("change_seq", "endpoint_id") `);
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "ck_webhook_deliveries_one_target" CHECK (num_nonnulls("endpoint_id", "integration_id") = 1)`,
    );
    await queryRunner.query(
      `ALTER TABLE "integrations" ADD CONSTRAINT "fk_integrations_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "integrations" ADD CONSTRAINT "fk_integrations_act_as_user" FOREIGN KEY ("act_as_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "fk_webhook_deliveries_integration" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "fk_webhook_deliveries_integration"`);
    await queryRunner.query(`ALTER TABLE "integrations" DROP CONSTRAINT "fk_integrations_act_as_user"`);
    await queryRunner.query(`ALTER TABLE "integrations" DROP CONSTRAINT "fk_integrations_organization"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "ck_webhook_deliveries_one_target"`);
    await queryRunner.query(`DROP INDEX "public"."uq_webhook_deliveries_endpoint"`);
    await queryRunner.query(`DROP INDEX "public"."uq_webhook_deliveries_integration"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_integration"`);
    await queryRunner.query(`DELETE FROM "webhook_deliveries" WHERE "endpoint_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "integration_id"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ALTER COLUMN "endpoint_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "id"`);
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "PK_fca1531a6d8e88ec2776a927c29" PRIMARY KEY ("change_seq", "endpoint_id")`,
    );
    await queryRunner.query(`DROP INDEX "public"."idx_integrations_org"`);
    await queryRunner.query(`DROP INDEX "public"."idx_integrations_pull_due"`);
    await queryRunner.query(`DROP TABLE "integrations"`);
  }
}
