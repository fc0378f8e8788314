import { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1795259155885 implements MigrationInterface {
  name = 'Webhooks1795259155885';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoints" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(100) NOT NULL, "url" character varying(2048) NOT NULL, "entity_types" text array NOT NULL, "event_types" text array NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "secret" character(64) NOT NULL, "delivery_status" character varying(14) NOT NULL DEFAULT 'NO_DELIVERIES', "last_delivery_at" TIMESTAMP WITH TIME ZONE, "last_response_status" integer, "last_error" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_endpoints_org" ON "webhook_endpoints"  ("organization_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("change_seq" bigint NOT NULL, "endpoint_id" character varying(25) NOT NULL, "status" character varying(12) NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "finished_at" TIMESTAMP WITH TIME ZONE, "response_status" integer, "error" character varying(500), "duration_ms" integer, CONSTRAINT "PK_fca1531a6d8e88ec2776a927c29" PRIMARY KEY ("change_seq", "endpoint_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_deliveries_started" ON "webhook_deliveries"  ("started_at") `);
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_sending" ON "webhook_deliveries"  ("started_at") WHERE "status" = 'SENDING'`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_deliveries_endpoint" ON "webhook_deliveries"  ("endpoint_id") `);
    await queryRunner.query(`ALTER TABLE "record_changes" ADD "dispatch_claim_id" uuid`);
    await queryRunner.query(
      `CREATE INDEX "idx_record_changes_dispatching" ON "record_changes"  ("dispatch_claimed_at") WHERE "dispatch_status" = 'DISPATCHING'`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "fk_webhook_endpoints_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "fk_webhook_deliveries_change" FOREIGN KEY ("change_seq") REFERENCES "record_changes"("seq") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "fk_webhook_deliveries_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "fk_webhook_deliveries_endpoint"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "fk_webhook_deliveries_change"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "fk_webhook_endpoints_organization"`);
    await queryRunner.query(`DROP INDEX "public"."idx_record_changes_dispatching"`);
    await queryRunner.query(`ALTER TABLE "record_changes" DROP COLUMN "dispatch_claim_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_endpoint"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_sending"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_started"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_endpoints_org"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
