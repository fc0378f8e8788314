import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /changes` (spec 04 §4.2): a per-organization commit clock and each live change's place in it.
 * Existing live changes are numbered in insertion order (they are all committed by now).
 */
export class ChangesFeed1795600000000 implements MigrationInterface {
  name = 'ChangesFeed1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "change_clocks" ("organization_id" character varying(25) NOT NULL, "seq" bigint NOT NULL, CONSTRAINT "PK_change_clocks" PRIMARY KEY ("organization_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "change_clocks" ADD CONSTRAINT "fk_change_clocks_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "record_changes" ADD "commit_seq" bigint`);
    await queryRunner.query(
      `UPDATE record_changes r SET commit_seq = n.n
         FROM (SELECT c.seq, row_number() OVER (PARTITION BY c.organization_id ORDER BY c.seq) AS n
                 FROM record_changes c JOIN plans p ON p.id = c.plan_id AND p.kind = 'LIVE') n
        WHERE r.seq = n.seq`,
    );
    await queryRunner.query(
      `INSERT INTO change_clocks (organization_id, seq)
       SELECT organization_id, max(commit_seq) FROM record_changes WHERE commit_seq IS NOT NULL GROUP BY organization_id`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_record_changes_commit_seq" ON "record_changes" ("organization_id", "commit_seq") WHERE "commit_seq" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_record_changes_commit_seq"`);
    await queryRunner.query(`ALTER TABLE "record_changes" DROP COLUMN "commit_seq"`);
    await queryRunner.query(`ALTER TABLE "change_clocks" DROP CONSTRAINT "fk_change_clocks_organization"`);
    await queryRunner.query(`DROP TABLE "change_clocks"`);
  }
}
