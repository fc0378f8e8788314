import { Injectable } from '@nestjs/common';
import { AssignmentEntity } from './entities/assignment.entity';
import type { TxScope } from '../database/unit-of-work';
import { recordFromRow, type Statement } from '../crud/row-sql';
import { GenerateSql } from '../common/generate-sql';

/** The property of an assignment naming its holder. */
export type HolderField = 'employeeId' | 'contractorId' | 'vacancyId' | 'teamId';

/** The column naming each kind of holder. */
const HOLDER_COLUMNS: Record<HolderField, string> = {
  employeeId: 'employee_id',
  contractorId: 'contractor_id',
  vacancyId: 'vacancy_id',
  teamId: 'team_id',
};

/**
 * The assignments of holders `ids` (one kind, `field`) active on `day` (start <= day, end unset or >= day),
 * teams first, then by start: `SELECT *` for `recordFromRow`. The employees benchmark's baseline sends its text.
 */
export function activeOfHoldersSql(
  scope: { organizationId: string; planId: string },
  field: HolderField,
  ids: string[],
  day: string,
): Statement {
  return {
    sql:
      `SELECT * FROM "assignments" WHERE "organization_id" = $1 AND "plan_id" = $2 AND "${HOLDER_COLUMNS[field]}" = ANY($3) ` +
      `AND "start_date" <= $4 AND ("end_date" IS NULL OR "end_date" >= $4) ORDER BY "type" DESC, "start_date" ASC`,
    params: [scope.organizationId, scope.planId, ids, day],
  };
}

/** The assignments module's own SQL beyond the generic CRUD rows. Other modules read assignments through it. */
@Injectable()
export class AssignmentsRepository {
  /** `activeOfHoldersSql`'s rows (mapped from the raw rows: no query builder or entity hydration on the read path). */
  @GenerateSql({ params: (s) => [s.tx, 'employeeId', [s.id], s.day] })
  async activeOfHolders({ ctx, em }: TxScope, field: HolderField, ids: string[], day: string): Promise<AssignmentEntity[]> {
    const { sql, params } = activeOfHoldersSql(ctx, field, ids, day);
    const raws = (await em.query(sql, params)) as Record<string, unknown>[];
    return raws.map((raw) => recordFromRow(em.connection, AssignmentEntity, raw));
  }

  /** The vacancy's assignments not ended before `day` (end unset or >= day), locked for update, by start. */
  @GenerateSql({ params: (s) => [s.tx, s.id, s.day] })
  openOfVacancy(tx: TxScope, vacancyId: string, day: string): Promise<AssignmentEntity[]> {
    return tx.em
      .getRepository(AssignmentEntity)
      .createQueryBuilder('a')
      .setLock('pessimistic_write')
      .where('a.organizationId = :organization AND a.planId = :plan AND a.vacancyId = :vacancy', {
        organization: tx.ctx.organizationId,
        plan: tx.ctx.planId,
        vacancy: vacancyId,
      })
      .andWhere('(a.endDate IS NULL OR a.endDate >= :start)', { start: day })
      .orderBy('a.startDate', 'ASC')
      .getMany();
  }

  /** How many assignments to the project are active on `day` or later (end date unset or on/after it). */
  @GenerateSql({ params: (s) => [s.tx, s.id, s.day] })
  async activeOnProject(tx: TxScope, projectId: string, day: string): Promise<number> {
    const [{ n }]: { n: number }[] = await tx.em.query(
      `SELECT count(*)::int AS n FROM assignments
        WHERE organization_id = $4 AND plan_id = $1 AND type = 'project' AND target_id = $2 AND (end_date IS NULL OR end_date >= $3)`,
      [tx.ctx.planId, projectId, day, tx.ctx.organizationId],
    );
    return n;
  }

  /** Deletes every assignment to the project (not recorded). */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async deleteOnProject(tx: TxScope, projectId: string): Promise<void> {
    await tx.em.query(`DELETE FROM assignments WHERE organization_id = $3 AND plan_id = $1 AND type = 'project' AND target_id = $2`, [
      tx.ctx.planId,
      projectId,
      tx.ctx.organizationId,
    ]);
  }
}
