import { MigrationInterface, QueryRunner } from 'typeorm';

export class Budgets1796654228427 implements MigrationInterface {
  name = 'Budgets1796654228427';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "budgets" ("organization_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "dimension" character varying(20) NOT NULL, "from_month" character varying(7) NOT NULL, "to_month" character varying(7) NOT NULL, "currency_code" character varying(3) NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'DRAFT', "lines" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_budgets" PRIMARY KEY ("organization_id", "id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "budgets"`);
  }
}
