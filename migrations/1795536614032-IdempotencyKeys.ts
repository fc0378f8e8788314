import { MigrationInterface, QueryRunner } from 'typeorm';

export class IdempotencyKeys1795536614032 implements MigrationInterface {
  name = 'IdempotencyKeys1795536614032';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" ("organization_id" character varying(25) NOT NULL, "key" character varying(255) NOT NULL, "request_hash" character(64) NOT NULL, "status_code" smallint, "response_body" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_fa1b697098c138245abc15cad73" PRIMARY KEY ("organization_id", "key"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_idempotency_keys_expires" ON "idempotency_keys"  ("expires_at") `);
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys" ADD CONSTRAINT "fk_idempotency_keys_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP CONSTRAINT "fk_idempotency_keys_organization"`);
    await queryRunner.query(`DROP INDEX "public"."idx_idempotency_keys_expires"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
