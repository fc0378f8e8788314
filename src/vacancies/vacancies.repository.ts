import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { engagedAfterSql } from '../contractors/contractors-sql';
import { employedAfterSql } from '../employees/employees-sql';
import type { VacancyEntity } from './entities/vacancy.entity';
import type { PlanRef } from '../database/distribution';
import type { TxScope } from '../database/unit-of-work';
import { GenerateSql } from '../common/generate-sql';

/**
 * Document 01: a vacancy is filled while one filler field is set and that filler's endDate is unset
 * or later than `todayParam` (the day the caller binds). The fillers are read through the employees'
 * and contractors' SQL builders, by the statement's own organization and plan parameters (`scope`): on
 * Citus a filler looked up by the vacancy row's organization column runs on every shard.
 */
export function isFilledSql(alias: string, todayParam: string, scope: PlanRef): string {
  const of = (column: string) => ({ ...scope, id: `${alias}.${column}` });
  return `(CASE
    WHEN ${alias}.filled_by_live_employee_id IS NOT NULL THEN ${employedAfterSql(of('filled_by_live_employee_id'), todayParam)}
    WHEN ${alias}.filled_by_live_contractor_id IS NOT NULL THEN ${engagedAfterSql(of('filled_by_live_contractor_id'), todayParam)}
    ELSE false END)`;
}

/** The ids among $2 of plan $1 (organization $4) that are filled on day $3. The benchmark's baseline sends it. */
export const FILLED_IDS_SQL = `SELECT v.id FROM vacancies v WHERE v.organization_id = $4 AND v.plan_id = $1 AND v.id = ANY($2) AND ${isFilledSql('v', '$3', { organization: '$4', plan: '$1' })}`;

/** SQL row source for statements of other modules: the plan's vacancies whose id satisfies `idCondition`, with `columns`. */
export function vacanciesSql(columns: readonly string[], scope: PlanRef, idCondition: string): string {
  return `(SELECT ${columns.join(', ')} FROM vacancies WHERE organization_id = ${scope.organization} AND plan_id = ${scope.plan} AND id ${idCondition})`;
}

/** The vacancies module's own SQL beyond the generic CRUD rows. */
@Injectable()
export class VacanciesRepository {
  /** Keeps the list's rows (alias `r`) that are not filled on `today`; the list binds its organization and plan as `:org` and `:plan` (CrudService). */
  whereNotFilled(qb: SelectQueryBuilder<VacancyEntity>, today: string): void {
    qb.andWhere(`NOT ${isFilledSql('r', ':today', { organization: ':org', plan: ':plan' })}`, { today });
  }

  /** The ids among `ids` of the plan that are filled on `today`. */
  @GenerateSql({ params: (s) => [s.tx, [s.id], s.day] })
  async filledIds({ ctx, em }: TxScope, ids: string[], today: string): Promise<Set<string>> {
    const rows: { id: string }[] = await em.query(FILLED_IDS_SQL, [ctx.planId, ids, today, ctx.organizationId]);
    return new Set(rows.map((r) => r.id));
  }
}
