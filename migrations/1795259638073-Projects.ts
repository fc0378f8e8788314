import { MigrationInterface, QueryRunner } from 'typeorm';

export class Projects1795259638073 implements MigrationInterface {
  name = 'Projects1795259638073';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "projects" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "external_id" character varying(255), "name" character varying(200) NOT NULL, "project_code" character varying(50), "description" text, "start_date" date NOT NULL, "end_date" date, "owner_user_id" character varying(25), "delivery_status" character varying(20) NOT NULL DEFAULT 'BACKLOG', "priority" integer NOT NULL DEFAULT '0', "estimated_cost" numeric(14,2), "value_stream_id" character varying(25), "cost_centre_id" character varying(25), "icon" character varying(100), "icon_color" character varying(7) NOT NULL DEFAULT '#6B7280', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_projects_delivery_status" CHECK ("delivery_status" IN ('BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'DONE', 'CANCELLED')), CONSTRAINT "ck_projects_estimated_cost" CHECK ("estimated_cost" IS NULL OR "estimated_cost" >= 0), CONSTRAINT "ck_projects_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"), CONSTRAINT "PK_1c2a587b602f6b3aa580c91f2c7" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_projects_value_stream" ON "projects"  ("value_stream_id") `);
    await queryRunner.query(`CREATE INDEX "idx_projects_cost_centre" ON "projects"  ("cost_centre_id") `);
    await queryRunner.query(`CREATE INDEX "idx_projects_org_plan_name" ON "projects"  ("organization_id", "plan_id", "name") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_projects_external_id" ON "projects"  ("plan_id", "external_id") `);
    await queryRunner.query(
      `CREATE TABLE "project_links" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "project_id" character varying(25) NOT NULL, "provider" character varying(50) NOT NULL, "key" character varying(255) NOT NULL, "url" character varying(2048), "status" character varying(100) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_76ac57d7b2d94b1750842f6ba78" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_project_links_ticket" ON "project_links"  ("plan_id", "project_id", "provider", "key") `,
    );
    await queryRunner.query(
      `ALTER TABLE "projects" ADD CONSTRAINT "fk_projects_owner_user" FOREIGN KEY ("owner_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "projects" ADD CONSTRAINT "fk_projects_cost_centre" FOREIGN KEY ("cost_centre_id") REFERENCES "cost_centres"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "projects" ADD CONSTRAINT "fk_projects_value_stream" FOREIGN KEY ("value_stream_id") REFERENCES "value_streams"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "project_links" ADD CONSTRAINT "fk_project_links_project" FOREIGN KEY ("plan_id", "project_id") REFERENCES "projects"("plan_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Hand-made: trigram indexes for `search` (declared with synchronize: false).
    await queryRunner.query(`CREATE INDEX "idx_projects_name_trgm" ON "projects" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_projects_description_trgm" ON "projects" USING gin ("description" gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_projects_name_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_projects_description_trgm"`);
    await queryRunner.query(`ALTER TABLE "project_links" DROP CONSTRAINT "fk_project_links_project"`);
    await queryRunner.query(`ALTER TABLE "projects" DROP CONSTRAINT "fk_projects_value_stream"`);
    await queryRunner.query(`ALTER TABLE "projects" DROP CONSTRAINT "fk_projects_cost_centre"`);
    await queryRunner.query(`ALTER TABLE "projects" DROP CONSTRAINT "fk_projects_owner_user"`);
    await queryRunner.query(`DROP INDEX "public"."uq_project_links_ticket"`);
    await queryRunner.query(`DROP TABLE "project_links"`);
    await queryRunner.query(`DROP INDEX "public"."uq_projects_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_projects_org_plan_name"`);
    await queryRunner.query(`DROP INDEX "public"."idx_projects_cost_centre"`);
    await queryRunner.query(`DROP INDEX "public"."idx_projects_value_stream"`);
    await queryRunner.query(`DROP TABLE "projects"`);
  }
}
