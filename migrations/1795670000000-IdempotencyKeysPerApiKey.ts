import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spec 04 §4.4: idempotency keys are kept per API key, `(organization_id, key, api_key_id)`, so that one API
 * key can neither replay nor block another's request. The answers stored before cannot be attributed to a
 * key and are dropped (they live 24 hours; a retry of one of them runs again, as after its expiry).
 */
export class IdempotencyKeysPerApiKey1795670000000 implements MigrationInterface {
  name = 'IdempotencyKeysPerApiKey1795670000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "idempotency_keys"`);
    await queryRunner.query(`ALTER TABLE "idempotency_keys" ADD "api_key_id" character varying(25) NOT NULL`);
    await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP CONSTRAINT "PK_fa1b697098c138245abc15cad73"`);
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys" ADD CONSTRAINT "PK_b9a944301afddc2d4a95faf4f4e" PRIMARY KEY ("organization_id", "key", "api_key_id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "idempotency_keys"`);
    await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP CONSTRAINT "PK_b9a944301afddc2d4a95faf4f4e"`);
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys" ADD CONSTRAINT "PK_fa1b697098c138245abc15cad73" PRIMARY KEY ("organization_id", "key")`,
    );
    await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP COLUMN "api_key_id"`);
  }
}
