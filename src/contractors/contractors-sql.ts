/**
 * The contractors module's SQL for statements of other modules that must read contractors in the same
 * statement (docs/decisions.md, SQL builders of the owning module): each builder names this module's tables and columns, the
 * caller gives the SQL expressions (columns or placeholders) it is joined on.
 */

import type { PlanRef, RecordRef } from '../database/distribution';

/** SQL condition: the contractor exists and is engaged after `day` (end date unset or later). */
export function engagedAfterSql(ref: RecordRef, day: string): string {
  return `EXISTS (SELECT 1 FROM contractors f WHERE f.organization_id = ${ref.organization} AND f.plan_id = ${ref.plan}
      AND f.id = ${ref.id} AND (f.end_date IS NULL OR f.end_date > ${day}))`;
}

/** SQL row source: the plan's contractors whose id satisfies `idCondition` (e.g. `= ANY($2)`), with `columns`. */
export function contractorsSql(columns: readonly string[], scope: PlanRef, idCondition: string): string {
  return `(SELECT ${columns.join(', ')} FROM contractors WHERE organization_id = ${scope.organization} AND plan_id = ${scope.plan} AND id ${idCondition})`;
}
