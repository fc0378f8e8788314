import { Injectable } from '@nestjs/common';
import { rateAdjustmentsJoinSql, salaryAdjustmentsJoinSql, salaryInWindowSql } from '../compensation/compensation-sql';
import type { RateType } from '../compensation/entities/rate-adjustment.entity';
import { contractorsSql } from '../contractors/contractors-sql';
import { SqlParams } from '../database/sql-params';
import type { PlanRef } from '../database/distribution';
import type { TxScope } from '../database/unit-of-work';
import { employeesSql } from '../employees/employees-sql';
import { reportingCurrencySql } from '../organizations/organizations.repository';
import { locationJoinSql } from '../reference-data/locations-sql';
import { vacanciesSql } from '../vacancies/vacancies.repository';
import { GenerateSql } from '../common/generate-sql';

/**
 * People chosen by another module in SQL: a sub-query of the ids in `column` of the plan (`scope`), its
 * values bound through `params` (the seat holders of the functional structure, for instance).
 */
/** The cost book's statements: $1 the plan, $2 the organization. */
const SCOPE: PlanRef = { plan: '$1', organization: '$2' };

export type PeopleSql = (column: 'employee_id' | 'contractor_id', scope: PlanRef, params: SqlParams) => string;

/** Whose amounts to read: these ids, or the people a sub-query selects. */
export type PeopleFilter = { ids: string[] } | { selectedBy: PeopleSql };

/** The days whose salary adjustments can count (inclusive `YYYY-MM-DD`). */
export interface AmountWindow {
  from: string;
  to: string;
}

export type EmployeeAmountRow = {
  id: string;
  multiplier: string | null;
  effective_date: string | null;
  salary: string | null;
  currency_code: string | null;
};
export type ContractorAmountRow = {
  id: string;
  multiplier: string | null;
  effective_date: string | null;
  rate: string | null;
  rate_type: RateType | null;
  currency_code: string | null;
};
export type VacancyAmountRow = { id: string; multiplier: string | null; salary: string | null; currency_code: string | null };

/**
 * The cost book's reads: the people's amounts with their location multipliers, one statement per kind of
 * person. Each statement joins the tables of several modules through the SQL builders they export
 * (employees, contractors, vacancies, compensation, locations, organizations), routed by organization.
 */
@Injectable()
export class CostRepository {
  /** Each employee (one row per salary adjustment, or one row without), with a window: only the adjustments that can count in it. */
  @GenerateSql(
    { name: 'by ids', params: (s) => [s.tx, { ids: [s.id] }, { from: s.day, to: s.day }] },
    { name: 'without window', params: (s) => [s.tx, { ids: [s.id] }, null] },
  )
  employeeAmounts({ ctx, em }: TxScope, people: PeopleFilter, window: AmountWindow | null): Promise<EmployeeAmountRow[]> {
    const params = new SqlParams(ctx.planId, ctx.organizationId);
    const who = idCondition(people, 'employee_id', SCOPE, params);
    const inWindow = window
      ? salaryInWindowSql('s', SCOPE, params.add(window.from), params.add(window.to), reportingCurrencySql(SCOPE.organization))
      : '';
    return em.query(
      `SELECT e.id, l.cost_multiplier AS multiplier, s.effective_date, s.salary, s.currency_code
         FROM ${employeesSql(['id', 'geography_id'], SCOPE, who)} e
         ${locationJoinSql('l', SCOPE.organization, 'e.geography_id')}
         ${salaryAdjustmentsJoinSql('s', { ...SCOPE, id: 'e.id' }, inWindow)}`,
      params.values,
    );
  }

  /** Each contractor (one row per rate adjustment, or one row without). */
  @GenerateSql({ params: (s) => [s.tx, { ids: [s.id] }] })
  contractorAmounts({ ctx, em }: TxScope, people: PeopleFilter): Promise<ContractorAmountRow[]> {
    const params = new SqlParams(ctx.planId, ctx.organizationId);
    const who = idCondition(people, 'contractor_id', SCOPE, params);
    return em.query(
      `SELECT c.id, l.cost_multiplier AS multiplier, r.effective_date, r.rate, r.rate_type, r.currency_code
         FROM ${contractorsSql(['id', 'geography_id'], SCOPE, who)} c
         ${locationJoinSql('l', SCOPE.organization, 'c.geography_id')}
         ${rateAdjustmentsJoinSql('r', { ...SCOPE, id: 'c.id' })}`,
      params.values,
    );
  }

  /** Each of the vacancies with its planned salary. */
  @GenerateSql({ params: (s) => [s.tx, [s.id]] })
  vacancyAmounts({ ctx, em }: TxScope, ids: string[]): Promise<VacancyAmountRow[]> {
    return em.query(
      `SELECT v.id, l.cost_multiplier AS multiplier, v.salary, v.currency_code
         FROM ${vacanciesSql(['id', 'geography_id', 'salary', 'currency_code'], SCOPE, '= ANY($3)')} v
         ${locationJoinSql('l', SCOPE.organization, 'v.geography_id')}`,
      [ctx.planId, ctx.organizationId, ids],
    );
  }
}

/** The id condition of `people`: `= ANY($n)` of a list, or `IN (<sub-query>)`. */
function idCondition(people: PeopleFilter, column: 'employee_id' | 'contractor_id', scope: PlanRef, params: SqlParams): string {
  return 'ids' in people ? `= ANY(${params.add(people.ids)})` : `IN (${people.selectedBy(column, scope, params)})`;
}
