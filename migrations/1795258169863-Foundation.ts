import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1795258169863 implements MigrationInterface {
  name = 'Foundation1795258169863';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // btree_gist: exclusion constraints over dated ranges; pg_trgm: indexed case-insensitive search.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE TABLE "organizations" ("id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "reporting_currency" character(3) NOT NULL DEFAULT 'USD', "functional_groups_enabled" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6b031fcd0863e3f6b44230163f9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "email" character varying(320) NOT NULL, "name" character varying(200) NOT NULL, "permissions" text array NOT NULL DEFAULT '{}', "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_org_email" ON "users"  ("organization_id", "email") `);
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "user_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "prefix" character varying(16) NOT NULL, "key_hash" character(64) NOT NULL, "permissions" text array NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_api_keys_user" ON "api_keys"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "idx_api_keys_org" ON "api_keys"  ("organization_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_api_keys_prefix" ON "api_keys"  ("prefix") `);
    await queryRunner.query(
      `CREATE TABLE "plans" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "kind" character varying(10) NOT NULL, "name" character varying(200) NOT NULL, "description" text, "status" character varying(10) NOT NULL DEFAULT 'OPEN', "forked_at" TIMESTAMP WITH TIME ZONE, "merged_at" TIMESTAMP WITH TIME ZONE, "merged_by_user_id" character varying(25), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3720521a81c7c24fe9b7202ba61" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_plans_org" ON "plans"  ("organization_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_plans_one_live_per_org" ON "plans"  ("organization_id") WHERE "kind" = 'LIVE'`);
    await queryRunner.query(
      `CREATE TABLE "record_changes" ("seq" BIGSERIAL NOT NULL, "event_id" uuid NOT NULL, "organization_id" character varying(25) NOT NULL, "plan_id" character varying(25) NOT NULL, "entity_type" character varying(60) NOT NULL, "entity_id" character varying(255) NOT NULL, "change_type" character varying(10) NOT NULL, "before" jsonb, "after" jsonb, "actor_type" character varying(10) NOT NULL, "actor_id" character varying(255) NOT NULL, "actor_email" character varying(320), "dispatch_status" character varying(12), "dispatch_claimed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_11e8ae54816cc9488e6ad7143f0" UNIQUE ("event_id"), CONSTRAINT "PK_128ff07d3cbbf511cccaed2c20c" PRIMARY KEY ("seq"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_record_changes_pending" ON "record_changes"  ("seq") WHERE "dispatch_status" = 'PENDING'`);
    await queryRunner.query(`CREATE INDEX "idx_record_changes_plan" ON "record_changes"  ("plan_id", "seq") `);
    await queryRunner.query(
      `CREATE INDEX "idx_record_changes_entity" ON "record_changes"  ("organization_id", "entity_type", "entity_id", "seq") `,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "fk_users_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "fk_api_keys_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "fk_api_keys_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "plans" ADD CONSTRAINT "fk_plans_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "record_changes" ADD CONSTRAINT "fk_record_changes_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "record_changes" DROP CONSTRAINT "fk_record_changes_organization"`);
    await queryRunner.query(`ALTER TABLE "plans" DROP CONSTRAINT "fk_plans_organization"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "fk_api_keys_user"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "fk_api_keys_organization"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "fk_users_organization"`);
    await queryRunner.query(`DROP INDEX "public"."idx_record_changes_entity"`);
    await queryRunner.query(`DROP INDEX "public"."idx_record_changes_plan"`);
    await queryRunner.query(`DROP INDEX "public"."idx_record_changes_pending"`);
    await queryRunner.query(`DROP TABLE "record_changes"`);
    await queryRunner.query(`DROP INDEX "public"."uq_plans_one_live_per_org"`);
    await queryRunner.query(`DROP INDEX "public"."idx_plans_org"`);
    await queryRunner.query(`DROP TABLE "plans"`);
    await queryRunner.query(`DROP INDEX "public"."uq_api_keys_prefix"`);
    await queryRunner.query(`DROP INDEX "public"."idx_api_keys_org"`);
    await queryRunner.query(`DROP INDEX "public"."idx_api_keys_user"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP INDEX "public"."uq_users_org_email"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "organizations"`);
  }
}
