import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../access/request-context';
import type { RateType } from '../compensation/entities/rate-adjustment.entity';
import { ExchangeRatesService } from '../reference-data/exchange-rates.service';
import { DatedAmount, MONTHLY_FACTOR, occupancyMonthCost } from './cost-math';

export interface Person {
  kind: 'employee' | 'contractor' | 'vacancy';
  id: string;
}

interface PersonCost {
  amounts: DatedAmount[];
  multiplier: number;
}

/**
 * The cost of people in the organization's reporting currency, loaded once for a set of people and
 * then asked per occupancy and month. Salaries and rates are converted at the current rate (today's);
 * an amount in a currency with no rate to the reporting currency is left out (and counted in `unconverted`).
 */
export class CostBook {
  unconverted = 0;

  constructor(
    readonly currency: string,
    private readonly people: Map<string, PersonCost>,
  ) {}

  /** One occupancy's cost in a month (YYYY-MM): fte share, location multiplier, day-weighted. */
  monthCost(person: Person, month: string, occupancy: { start: string; end: string | null; fte: number }): number {
    const cost = this.people.get(`${person.kind}:${person.id}`);
    return cost ? occupancyMonthCost(month, occupancy, cost.amounts, cost.multiplier) : 0;
  }
}

@Injectable()
export class CostService {
  constructor(private readonly rates: ExchangeRatesService) {}

  /** Whether the caller may see cost figures: key `financials_view_summary` and creator `view_costs` (document 02). */
  static canSeeCost(ctx: RequestContext): boolean {
    return ctx.permissions.has('financials_view_summary') && ctx.capabilities.has('view_costs');
  }

  async book(ctx: RequestContext, em: EntityManager, people: readonly Person[]): Promise<CostBook> {
    const [{ reporting_currency: currency }] = await em.query(`SELECT reporting_currency FROM organizations WHERE id = $1`, [ctx.organizationId]);
    const converter = await this.rates.converterOn(ctx.organizationId, undefined, em);
    const ids = (kind: Person['kind']) => [...new Set(people.filter((p) => p.kind === kind).map((p) => p.id))];
    const map = new Map<string, PersonCost>();
    let unconverted = 0;
    const monthly = (amount: number, from: string, factor: number): number | null => {
      const converted = converter.convert(amount * factor, from, currency);
      if (converted === null) unconverted++;
      return converted;
    };
    const employeeIds = ids('employee');
    if (employeeIds.length) {
      const rows: { id: string; multiplier: string | null; effective_date: string | null; salary: string | null; currency_code: string | null }[] = await em.query(
        `SELECT e.id, l.cost_multiplier AS multiplier, s.effective_date, s.salary, s.currency_code
           FROM employees e
           LEFT JOIN locations l ON l.id = e.geography_id
           LEFT JOIN salary_adjustments s ON s.plan_id = e.plan_id AND s.employee_id = e.id
          WHERE e.plan_id = $1 AND e.id = ANY($2)`,
        [ctx.planId, employeeIds],
      );
      for (const row of rows) {
        const entry = entryOf(map, `employee:${row.id}`, row.multiplier);
        if (row.effective_date && row.salary !== null) {
          const value = monthly(Number(row.salary), row.currency_code!, MONTHLY_FACTOR.salary);
          if (value !== null) entry.amounts.push({ effectiveDate: row.effective_date, monthly: value });
        }
      }
    }
    const contractorIds = ids('contractor');
    if (contractorIds.length) {
      const rows: { id: string; multiplier: string | null; effective_date: string | null; rate: string | null; rate_type: RateType | null; currency_code: string | null }[] = await em.query(
        `SELECT c.id, l.cost_multiplier AS multiplier, r.effective_date, r.rate, r.rate_type, r.currency_code
           FROM contractors c
           LEFT JOIN locations l ON l.id = c.geography_id
           LEFT JOIN rate_adjustments r ON r.plan_id = c.plan_id AND r.contractor_id = c.id
          WHERE c.plan_id = $1 AND c.id = ANY($2)`,
        [ctx.planId, contractorIds],
      );
      for (const row of rows) {
        const entry = entryOf(map, `contractor:${row.id}`, row.multiplier);
        if (row.effective_date && row.rate !== null) {
          const value = monthly(Number(row.rate), row.currency_code!, MONTHLY_FACTOR[row.rate_type!]);
          if (value !== null) entry.amounts.push({ effectiveDate: row.effective_date, monthly: value });
        }
      }
    }
    const vacancyIds = ids('vacancy');
    if (vacancyIds.length) {
      const rows: { id: string; multiplier: string | null; salary: string | null; currency_code: string | null }[] = await em.query(
        `SELECT v.id, l.cost_multiplier AS multiplier, v.salary, v.currency_code
           FROM vacancies v LEFT JOIN locations l ON l.id = v.geography_id
          WHERE v.plan_id = $1 AND v.id = ANY($2)`,
        [ctx.planId, vacancyIds],
      );
      for (const row of rows) {
        const entry = entryOf(map, `vacancy:${row.id}`, row.multiplier);
        if (row.salary !== null) {
          const value = monthly(Number(row.salary), row.currency_code ?? currency, MONTHLY_FACTOR.salary);
          // A planned hire costs its salary from the first day it is planned.
          if (value !== null) entry.amounts.push({ effectiveDate: '0001-01-01', monthly: value });
        }
      }
    }
    const book = new CostBook(currency, map);
    book.unconverted = unconverted;
    return book;
  }
}

function entryOf(map: Map<string, PersonCost>, key: string, multiplier: string | null): PersonCost {
  let entry = map.get(key);
  if (!entry) {
    entry = { amounts: [], multiplier: multiplier === null ? 1 : Number(multiplier) };
    map.set(key, entry);
  }
  return entry;
}
