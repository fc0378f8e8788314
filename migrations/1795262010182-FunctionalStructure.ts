import { MigrationInterface, QueryRunner } from 'typeorm';

export class FunctionalStructure1795262010182 implements MigrationInterface {
  name = 'FunctionalStructure1795262010182';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Hand-edited: the two exclusion constraints (no overlapping placements of a group, no overlapping
    // reporting lines of a seat) are DEFERRABLE INITIALLY DEFERRED, checked at commit, so that a
    // scenario merge may apply a move's ended and new rows in any order. TypeORM compares them by name.
    await queryRunner.query(
      `CREATE TABLE "functional_groups" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "group_type" character varying(100), "description" text, "external_id" character varying(255), "start_date" date NOT NULL, "end_date" date, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_functional_groups_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"), CONSTRAINT "PK_dcae6bfe0006ad8e4fd8b5985e3" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_groups_org_plan_start" ON "functional_groups"  ("organization_id", "plan_id", "start_date") `,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_functional_groups_external_id" ON "functional_groups"  ("plan_id", "external_id") `);
    await queryRunner.query(
      `CREATE TABLE "functional_group_placements" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "group_id" character varying(25) NOT NULL, "parent_group_id" character varying(25), "start_date" date NOT NULL, "end_date" date, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_functional_group_placements_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"), CONSTRAINT "ex_functional_group_placements_overlap" EXCLUDE USING gist ("plan_id" WITH =, "group_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&) DEFERRABLE INITIALLY DEFERRED, CONSTRAINT "PK_a49500777f41889721016b9ca35" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_group_placements_parent" ON "functional_group_placements"  ("plan_id", "parent_group_id", "start_date") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_group_placements_group" ON "functional_group_placements"  ("plan_id", "group_id", "start_date") `,
    );
    await queryRunner.query(
      `CREATE TABLE "functional_positions" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "functional_group_id" character varying(25) NOT NULL, "name" character varying(200) NOT NULL, "description" text, "external_id" character varying(255), "job_role_id" character varying(25), "required_fte" numeric(5,4) NOT NULL, "start_date" date NOT NULL, "end_date" date, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_functional_positions_fte" CHECK ("required_fte" > 0 AND "required_fte" <= 1), CONSTRAINT "ck_functional_positions_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"), CONSTRAINT "PK_b42f600bb82d306e0c19f9bada0" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_positions_group" ON "functional_positions"  ("plan_id", "functional_group_id", "start_date") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_functional_positions_external_id" ON "functional_positions"  ("plan_id", "external_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "functional_position_reports" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "position_id" character varying(25) NOT NULL, "reports_to_position_id" character varying(25), "start_date" date NOT NULL, "end_date" date, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_functional_position_reports_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"), CONSTRAINT "ex_functional_position_reports_overlap" EXCLUDE USING gist ("plan_id" WITH =, "position_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&) DEFERRABLE INITIALLY DEFERRED, CONSTRAINT "PK_9b1895619f465530ba3b2931c90" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_position_reports_target" ON "functional_position_reports"  ("plan_id", "reports_to_position_id", "start_date") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_position_reports_position" ON "functional_position_reports"  ("plan_id", "position_id", "start_date") `,
    );
    await queryRunner.query(
      `CREATE TABLE "functional_assignments" ("plan_id" character varying(25) NOT NULL, "id" character varying(25) NOT NULL, "organization_id" character varying(25) NOT NULL, "functional_position_id" character varying(25) NOT NULL, "employee_id" character varying(25), "contractor_id" character varying(25), "vacancy_id" character varying(25), "fte" numeric(5,4) NOT NULL, "start_date" date NOT NULL, "end_date" date, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_functional_assignments_fte" CHECK ("fte" > 0 AND "fte" <= 1), CONSTRAINT "ck_functional_assignments_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"), CONSTRAINT "ck_functional_assignments_one_resource" CHECK (num_nonnulls("employee_id", "contractor_id", "vacancy_id") = 1), CONSTRAINT "PK_54446585fb540e93eca1c9499a7" PRIMARY KEY ("plan_id", "id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_assignments_vacancy" ON "functional_assignments"  ("plan_id", "vacancy_id", "start_date") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_assignments_contractor" ON "functional_assignments"  ("plan_id", "contractor_id", "start_date") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_assignments_employee" ON "functional_assignments"  ("plan_id", "employee_id", "start_date") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_functional_assignments_position" ON "functional_assignments"  ("plan_id", "functional_position_id", "start_date") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_functional_assignments_position"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_assignments_employee"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_assignments_contractor"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_assignments_vacancy"`);
    await queryRunner.query(`DROP TABLE "functional_assignments"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_position_reports_position"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_position_reports_target"`);
    await queryRunner.query(`DROP TABLE "functional_position_reports"`);
    await queryRunner.query(`DROP INDEX "public"."uq_functional_positions_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_positions_group"`);
    await queryRunner.query(`DROP TABLE "functional_positions"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_group_placements_group"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_group_placements_parent"`);
    await queryRunner.query(`DROP TABLE "functional_group_placements"`);
    await queryRunner.query(`DROP INDEX "public"."uq_functional_groups_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_functional_groups_org_plan_start"`);
    await queryRunner.query(`DROP TABLE "functional_groups"`);
  }
}
