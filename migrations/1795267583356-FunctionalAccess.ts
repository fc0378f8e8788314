import { MigrationInterface, QueryRunner } from 'typeorm';

export class FunctionalAccess1795267583356 implements MigrationInterface {
  name = 'FunctionalAccess1795267583356';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "functional_access_grants" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "functional_group_id" character varying(25) NOT NULL, "user_id" character varying(25) NOT NULL, "resource_type" character varying(10) NOT NULL, "resource_id" character varying(25) NOT NULL, "access" character varying(6) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_functional_access_grants_resource_type" CHECK ("resource_type" IN ('USER', 'EMPLOYEE', 'CONTRACTOR')), CONSTRAINT "ck_functional_access_grants_access" CHECK ("access" IN ('EDITOR', 'READER')), CONSTRAINT "PK_cb708ff0f0002c71a028ae0156f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_access_grants_user" ON "functional_access_grants"  ("organization_id", "user_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_functional_access_grants_group_user" ON "functional_access_grants"  ("organization_id", "functional_group_id", "user_id") `,
    );
    await queryRunner.query(`ALTER TABLE "record_changes" ADD "organization_level" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `ALTER TABLE "functional_access_grants" ADD CONSTRAINT "fk_functional_access_grants_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "functional_access_grants" ADD CONSTRAINT "fk_functional_access_grants_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "functional_access_grants" DROP CONSTRAINT "fk_functional_access_grants_user"`);
    await queryRunner.query(`ALTER TABLE "functional_access_grants" DROP CONSTRAINT "fk_functional_access_grants_organization"`);
    await queryRunner.query(`ALTER TABLE "record_changes" DROP COLUMN "organization_level"`);
    await queryRunner.query(`DROP INDEX "public"."uq_functional_access_grants_group_user"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_access_grants_user"`);
    await queryRunner.query(`DROP TABLE "functional_access_grants"`);
  }
}
