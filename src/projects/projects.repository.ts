import { Injectable } from '@nestjs/common';
import type { TxScope } from '../database/unit-of-work';
import { GenerateSql } from '../common/generate-sql';

/** The projects module's own SQL beyond the generic CRUD rows: project-management links and the derived delivery status. */
@Injectable()
export class ProjectsRepository {
  /** How many project-management links the project has in the plan. */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async linkCount({ ctx, em }: TxScope, projectId: string): Promise<number> {
    const [{ n }]: { n: number }[] = await em.query(
      `SELECT count(*)::int AS n FROM project_links WHERE organization_id = $1 AND plan_id = $2 AND project_id = $3`,
      [ctx.organizationId, ctx.planId, projectId],
    );
    return n;
  }

  /** The ticket statuses of the project's links. */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async linkStatuses({ ctx, em }: TxScope, projectId: string): Promise<string[]> {
    const rows: { status: string }[] = await em.query(
      `SELECT status FROM project_links WHERE organization_id = $1 AND plan_id = $2 AND project_id = $3`,
      [ctx.organizationId, ctx.planId, projectId],
    );
    return rows.map((row) => row.status);
  }

  /** Stores a derived delivery status (the project's `updatedAt` moves). */
  @GenerateSql({ params: (s) => [s.tx, s.id, 'IN_PROGRESS'] })
  async setDeliveryStatus({ ctx, em }: TxScope, projectId: string, status: string): Promise<void> {
    await em.query(`UPDATE projects SET delivery_status = $4, updated_at = now() WHERE organization_id = $1 AND plan_id = $2 AND id = $3`, [
      ctx.organizationId,
      ctx.planId,
      projectId,
      status,
    ]);
  }
}
