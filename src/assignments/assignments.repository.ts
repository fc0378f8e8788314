import { Injectable } from '@nestjs/common';
import type { Tx } from '../database/unit-of-work';

/** A transaction's request context (organization, plan) and entity manager. */
type TxScope = Pick<Tx, 'ctx' | 'em'>;

/** The assignments module's own SQL beyond the generic CRUD rows, in the transaction's plan. */
@Injectable()
export class AssignmentsRepository {
  /** How many assignments to the project are active on `day` or later (end date unset or on/after it). */
  async activeOnProject(tx: TxScope, projectId: string, day: string): Promise<number> {
    const [{ n }]: { n: number }[] = await tx.em.query(
      `SELECT count(*)::int AS n FROM assignments
        WHERE organization_id = $4 AND plan_id = $1 AND type = 'project' AND target_id = $2 AND (end_date IS NULL OR end_date >= $3)`,
      [tx.ctx.planId, projectId, day, tx.ctx.organizationId],
    );
    return n;
  }

  /** Deletes every assignment to the project (not recorded). */
  async deleteOnProject(tx: TxScope, projectId: string): Promise<void> {
    await tx.em.query(`DELETE FROM assignments WHERE organization_id = $3 AND plan_id = $1 AND type = 'project' AND target_id = $2`, [
      tx.ctx.planId,
      projectId,
      tx.ctx.organizationId,
    ]);
  }
}
