import { Injectable } from '@nestjs/common';
import type { TxScope } from '../database/unit-of-work';

/** Budgets beyond the generic CRUD rows (`BudgetsService.rows`). */
@Injectable()
export class BudgetsRepository {
  /** The names of the organization's budgets by cost centre whose lines name the cost centre `costCentreId`. */
  async namingCostCentre({ ctx, em }: TxScope, costCentreId: string): Promise<string[]> {
    // A stored line is [key, month, cost, headcount, fte]: [[id]] is contained in the lines whose first element is id.
    const rows: { name: string }[] = await em.query(
      `SELECT name FROM budgets
        WHERE organization_id = $1 AND dimension = 'costCentre' AND lines @> jsonb_build_array(jsonb_build_array($2::text))
        ORDER BY name, id`,
      [ctx.organizationId, costCentreId],
    );
    return rows.map((row) => row.name);
  }
}
