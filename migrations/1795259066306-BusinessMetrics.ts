import { MigrationInterface, QueryRunner } from 'typeorm';

export class BusinessMetrics1795259066306 implements MigrationInterface {
  name = 'BusinessMetrics1795259066306';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "business_metrics" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "key" character varying(80) NOT NULL, "name" character varying(200) NOT NULL, "unit" character varying(50) NOT NULL, "description" text, "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e0b099eef5add99fc9467bc5fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_business_metrics_org_key" ON "business_metrics"  ("organization_id", "key") `);
    await queryRunner.query(
      `CREATE TABLE "business_metric_sources" ("id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "metric_id" character varying(25) NOT NULL, "name" character varying(120) NOT NULL, "paused" boolean NOT NULL DEFAULT false, "feed_status" character varying(10) NOT NULL DEFAULT 'NO_DATA', "last_push_at" TIMESTAMP WITH TIME ZONE, "last_error_message" text, "last_error_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f3419cb29edf4d0c18ebad4cc8b" PRIMARY KEY ("id"))`,
    );
    // Sources match case-insensitively by name within their metric; the reading upsert targets this index
    // (ON CONFLICT (metric_id, lower(name))). Declared on the entity with synchronize: false.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_business_metric_sources_metric_name" ON "business_metric_sources" ("metric_id", lower("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "business_metric_readings" ("source_id" character varying(25) NOT NULL, "period_start" date NOT NULL, "period_end" date NOT NULL, "organization_id" character varying(25) NOT NULL, "metric_id" character varying(25) NOT NULL, "value" numeric NOT NULL, "ai_value" numeric, "external_ref" text, "note" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_business_metric_readings_value" CHECK ("value" >= 0 AND ("ai_value" IS NULL OR ("ai_value" >= 0 AND "ai_value" <= "value"))), CONSTRAINT "chk_business_metric_readings_period" CHECK ("period_end" >= "period_start"), CONSTRAINT "PK_3ffa4ad9d715b40f38166b77a70" PRIMARY KEY ("source_id", "period_start"))`,
    );
    // Re-sent periods are updated in place: free room on each page lets PostgreSQL make them HOT updates
    // (no new index entries), which halves the cost of a re-sent batch (bench/RESULTS.md).
    await queryRunner.query(`ALTER TABLE "business_metric_readings" SET (fillfactor = 70)`);
    await queryRunner.query(
      `CREATE INDEX "idx_business_metric_readings_metric" ON "business_metric_readings"  ("metric_id", "period_start") `,
    );
    await queryRunner.query(
      `ALTER TABLE "business_metrics" ADD CONSTRAINT "fk_business_metrics_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "business_metric_sources" ADD CONSTRAINT "fk_business_metric_sources_metric" FOREIGN KEY ("metric_id") REFERENCES "business_metrics"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "business_metric_readings" ADD CONSTRAINT "fk_business_metric_readings_source" FOREIGN KEY ("source_id") REFERENCES "business_metric_sources"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "business_metric_readings" DROP CONSTRAINT "fk_business_metric_readings_source"`);
    await queryRunner.query(`ALTER TABLE "business_metric_sources" DROP CONSTRAINT "fk_business_metric_sources_metric"`);
    await queryRunner.query(`ALTER TABLE "business_metrics" DROP CONSTRAINT "fk_business_metrics_organization"`);
    await queryRunner.query(`DROP INDEX "public"."idx_business_metric_readings_metric"`);
    await queryRunner.query(`DROP TABLE "business_metric_readings"`);
    await queryRunner.query(`DROP INDEX "public"."uq_business_metric_sources_metric_name"`);
    await queryRunner.query(`DROP TABLE "business_metric_sources"`);
    await queryRunner.query(`DROP INDEX "public"."uq_business_metrics_org_key"`);
    await queryRunner.query(`DROP TABLE "business_metrics"`);
  }
}
