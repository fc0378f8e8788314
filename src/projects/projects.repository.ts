import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The projects module's own SQL beyond the generic CRUD rows: project-management links and the derived delivery status. */
@Injectable()
export class ProjectsRepository {
  /** How many project-management links the project has in the plan. */
  async linkCount(em: EntityManager, planId: string, projectId: string): Promise<number> {
    const [{ n }]: { n: number }[] = await em.query(`SELECT count(*)::int AS n FROM project_links WHERE plan_id = $1 AND project_id = $2`, [
      planId,
      projectId,
    ]);
    return n;
  }

  /** The ticket statuses of the project's links. */
  async linkStatuses(em: EntityManager, planId: string, projectId: string): Promise<string[]> {
    const rows: { status: string }[] = await em.query(`SELECT status FROM project_links WHERE plan_id = $1 AND project_id = $2`, [
      planId,
      projectId,
    ]);
    return rows.map((row) => row.status);
  }

  /** Stores a derived delivery status (the project's `updatedAt` moves). */
  async setDeliveryStatus(em: EntityManager, planId: string, projectId: string, status: string): Promise<void> {
    await em.query(`UPDATE projects SET delivery_status = $3, updated_at = now() WHERE plan_id = $1 AND id = $2`, [
      planId,
      projectId,
      status,
    ]);
  }
}
