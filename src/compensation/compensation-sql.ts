/**
 * The compensation history's SQL (salary and rate adjustments) for statements of other modules that
 * read it in the same statement (docs/decisions.md, SQL builders of the owning module): the callers give the expressions of the
 * organization, plan and person it is joined on.
 */

import type { PlanRef, RecordRef } from '../database/distribution';

/** SQL: `LEFT JOIN salary_adjustments <alias>` on the employee's adjustments, narrowed by `condition` (SQL starting with AND, or ''). */
export function salaryAdjustmentsJoinSql(alias: string, employee: RecordRef, condition = ''): string {
  return `LEFT JOIN salary_adjustments ${alias} ON ${alias}.organization_id = ${employee.organization} AND ${alias}.plan_id = ${employee.plan} AND ${alias}.employee_id = ${employee.id} ${condition}`;
}

/** SQL: `LEFT JOIN rate_adjustments <alias>` on the contractor's adjustments. */
export function rateAdjustmentsJoinSql(alias: string, contractor: RecordRef): string {
  return `LEFT JOIN rate_adjustments ${alias} ON ${alias}.organization_id = ${contractor.organization} AND ${alias}.plan_id = ${contractor.plan} AND ${alias}.contractor_id = ${contractor.id}`;
}

/**
 * SQL condition (starting with AND) on salary adjustment `alias` of the plan `scope`: effective on or before
 * `to`, and not followed, on or before `from`, by one of the same employee in the same currency or in
 * `reportingCurrency` (an SQL expression): the adjustments that can count in the window [from, to].
 * The later adjustment is matched on the scope's expressions, not on `alias`'s columns: the anti-join then
 * hashes the employee id alone (matching organization and plan columns too cost a third more).
 */
export function salaryInWindowSql(alias: string, scope: PlanRef, from: string, to: string, reportingCurrency: string): string {
  return `AND ${alias}.effective_date <= ${to}::date
           AND NOT EXISTS (SELECT 1 FROM salary_adjustments n
                            WHERE n.organization_id = ${scope.organization} AND n.plan_id = ${scope.plan} AND n.employee_id = ${alias}.employee_id
                              AND n.effective_date > ${alias}.effective_date AND n.effective_date <= ${from}::date
                              AND (n.currency_code = ${alias}.currency_code OR n.currency_code = ${reportingCurrency}))`;
}
