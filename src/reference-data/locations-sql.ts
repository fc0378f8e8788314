/**
 * The locations' SQL for statements of other modules that join a record's location in the same
 * statement (docs/decisions.md, SQL builders of the owning module).
 */

/** SQL: `LEFT JOIN locations <alias>` on the organization's location `geography` (an expression); its multiplier is `<alias>.cost_multiplier`. */
export function locationJoinSql(alias: string, organization: string, geography: string): string {
  return `LEFT JOIN locations ${alias} ON ${alias}.organization_id = ${organization} AND ${alias}.id = ${geography}`;
}
