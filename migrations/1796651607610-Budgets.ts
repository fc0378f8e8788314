import { MigrationInterface, QueryRunner } from 'typeorm';

export class Budgets1796651607610 implements MigrationInterface {
  name = 'Budgets1796651607610';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "budgets" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "external_id" character varying(255), "description" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_budgets" PRIMARY KEY ("plan_id", "id", "organization_id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_budgets_external_id" ON "budgets" ("organization_id", "plan_id", "external_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_budgets_external_id"`);
    await queryRunner.query(`DROP TABLE "budgets"`);
  }
}
