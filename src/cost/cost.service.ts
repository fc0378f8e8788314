import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { ExchangeRatesService } from '../reference-data/exchange-rates.service';
import { ContractorAmountRow, CostRepository, EmployeeAmountRow, PeopleFilter, PeopleSql, VacancyAmountRow } from './cost.repository';
import { AmountTable, dayNumber, MONTHLY_FACTOR, MonthSpan, monthSpans } from './cost-math';
import type { TxScope } from '../database/unit-of-work';

export interface Person {
  kind: 'employee' | 'contractor' | 'vacancy';
  id: string;
}

type PeopleByKind = Record<Person['kind'], AmountTable>;

/** Whose cost a book holds: these people, or the employees and contractors a sub-query of another module selects (the seat holders of the functional structure). */
export type CostPeople = readonly Person[] | { selectedBy: PeopleSql };

/** The days a book was loaded for (inclusive `YYYY-MM-DD`): it answers for months inside them only. */
export interface CostWindow {
  from: string;
  to: string;
}

/**
 * The cost of people in the organization's reporting currency, loaded once for a set of people and
 * then asked per occupancy and month. Salaries and rates are converted at the current rate (today's);
 * an amount in a currency with no rate to the reporting currency is left out (and counted in `unconverted`):
 * the one before it stays in force, and days with none in force are `unpriced`.
 * A book loaded for a window (`CostService.book`'s `window`) answers for months inside it only.
 */
export class CostBook {
  unconverted = 0;
  private readonly window: { from: number; to: number } | null;
  /** The months last asked (most questions are about the same months). */
  private asked: { first: string; count: number; months: MonthSpan[] } | null = null;

  constructor(
    readonly currency: string,
    private readonly people: PeopleByKind,
    window: CostWindow | null = null,
  ) {
    this.window = window && { from: dayNumber(window.from), to: dayNumber(window.to) };
  }

  private months(first: string, count: number): MonthSpan[] {
    if (this.asked?.first !== first || this.asked.count !== count) {
      const months = monthSpans(first, count);
      const w = this.window;
      if (w && months.some((m) => m.first < w.from || m.last > w.to))
        throw new Error(`CostBook: ${first} (+${count - 1} months) outside the loaded window`);
      this.asked = { first, count, months };
    }
    return this.asked.months;
  }

  private into(
    person: Person,
    months: MonthSpan[],
    occupancy: { start: string; end: string | null; fte: number },
    out: number[],
  ): number[] {
    const end = occupancy.end === null ? Infinity : dayNumber(occupancy.end);
    return this.people[person.kind].costsInto(person.id, months, dayNumber(occupancy.start), end, occupancy.fte, out) ? out : out.fill(0);
  }

  /** One occupancy's cost in a month (YYYY-MM): fte share, location multiplier, day-weighted. */
  monthCost(person: Person, month: string, occupancy: { start: string; end: string | null; fte: number }): number {
    return this.into(person, this.months(month, 1), occupancy, [0])[0];
  }

  /**
   * Whether one occupancy has days in the month (YYYY-MM) that its cost leaves out for want of a price:
   * no salary or rate in force, none being recorded yet or only in a currency with no rate to the reporting currency.
   */
  unpriced(person: Person, month: string, occupancy: { start: string; end: string | null }): boolean {
    const end = occupancy.end === null ? Infinity : dayNumber(occupancy.end);
    return this.people[person.kind].unpricedIn(person.id, this.months(month, 1)[0], dayNumber(occupancy.start), end);
  }

  /** Whether one occupancy has unpriced days (as `unpriced`) in any of `count` months from `firstMonth`. */
  unpricedInMonths(person: Person, firstMonth: string, count: number, occupancy: { start: string; end: string | null }): boolean {
    const months = this.months(firstMonth, count);
    const span = { ...months[0], last: months[months.length - 1].last };
    const end = occupancy.end === null ? Infinity : dayNumber(occupancy.end);
    return this.people[person.kind].unpricedIn(person.id, span, dayNumber(occupancy.start), end);
  }

  /**
   * One occupancy's cost in each of `count` months from `firstMonth` (YYYY-MM), in one pass over the
   * person's amounts: the same figures as `monthCost` month by month.
   */
  monthCosts(person: Person, firstMonth: string, count: number, occupancy: { start: string; end: string | null; fte: number }): number[] {
    return this.into(person, this.months(firstMonth, count), occupancy, new Array<number>(count));
  }
}

/**
 * How amounts convert to the reporting currency today, for SQL (`rateOf` of cost-sql.ts): each
 * convertible currency with its rate (the reporting currency at 1); other currencies are left out.
 * Priced in another currency (`pricedIn`), each rate is followed by today's rate from the reporting currency into it.
 */
export interface CostPricing {
  /** The reporting currency (the currency of an amount that names none). */
  currency: string;
  /** The currency the rates convert into: the reporting currency unless asked otherwise. */
  pricedIn: string;
  currencies: string[];
  rates: number[];
}

@Injectable()
export class CostService {
  constructor(
    private readonly rates: ExchangeRatesService,
    private readonly organizations: OrganizationsRepository,
    private readonly repository: CostRepository,
  ) {}

  /**
   * The reporting currency and today's rates into it (the rates `book` uses), for cost computed in SQL. With
   * `pricedIn`, the rates continue into that currency at today's rate from the reporting currency (409 when there
   * is none), so that every figure is the reporting currency's converted once more.
   */
  async pricing({ ctx, em }: TxScope, pricedIn?: string): Promise<CostPricing> {
    const [currency, converter] = await reads(
      !em.queryRunner,
      () => this.organizations.reportingCurrency({ ctx, em }),
      () => this.rates.converterOn({ ctx, em }),
    );
    const onward = pricedIn === undefined || pricedIn === currency ? 1 : converter.rate(currency, pricedIn)?.rate;
    if (onward === undefined)
      throw DomainError.conflict(
        `No exchange rate from the reporting currency ${currency} to ${pricedIn} is in force today; add one to see figures in ${pricedIn}`,
      );
    const pricing: CostPricing = { currency, pricedIn: pricedIn ?? currency, currencies: [currency], rates: [onward] };
    for (const code of converter.currencies()) {
      const rate = code === currency ? null : converter.rate(code, currency);
      if (rate) {
        pricing.currencies.push(code);
        pricing.rates.push(rate.rate * onward);
      }
    }
    return pricing;
  }

  /** The organization's reporting currency: the currency of cost figures not priced in another. */
  async reportingCurrency(scope: TxScope): Promise<string> {
    return this.organizations.reportingCurrency(scope);
  }

  /** Whether the caller may see cost figures: key `financials_view_summary` and creator `view_costs` (document 02). */
  static canSeeCost(ctx: RequestContext): boolean {
    return ctx.permissions.has('financials_view_summary') && ctx.capabilities.has('view_costs');
  }

  /**
   * The cost book of `people`: a list, or `{ selectedBy }`, the employees and contractors a sub-query of
   * another module selects (the seat holders of the functional structure on some days: found by the
   * database, so that the book loads alongside the occupancies instead of after them). With a `window`, the book answers for months
   * inside it only, and salary adjustments that cannot count in it are not loaded: those after its last
   * day, and those followed, on or before its first day, by one in the same currency or in the reporting
   * currency (an amount that converts whenever the earlier one does). What is left gives every month
   * inside the window exactly the figures of the whole history; `unconverted` counts the amounts loaded.
   */
  async book({ ctx, em }: TxScope, people: CostPeople, window: CostWindow | null = null): Promise<CostBook> {
    return buildBook(await this.bookRows({ ctx, em }, people, window), window);
  }

  /** The reads of `book`: the reporting currency, today's converter, and the people's amounts with their location multipliers. */
  private async bookRows({ ctx, em }: TxScope, people: CostPeople, window: CostWindow | null): Promise<BookRows> {
    const ids: Record<Person['kind'], Set<string>> = { employee: new Set(), contractor: new Set(), vacancy: new Set() };
    if (!('selectedBy' in people)) for (const p of people) ids[p.kind].add(p.id);
    const filter = (kind: 'employee' | 'contractor'): PeopleFilter | null =>
      'selectedBy' in people ? people : ids[kind].size ? { ids: [...ids[kind]] } : null;
    const employees = filter('employee');
    const contractors = filter('contractor');
    const vacancyIds = [...ids.vacancy];
    // Five independent reads: at once on the pool; one after the other on a transaction's connection.
    const [currency, converter, employeeRows, contractorRows, vacancyRows] = await reads(
      !em.queryRunner,
      () => this.organizations.reportingCurrency({ ctx, em }),
      () => this.rates.converterOn({ ctx, em }),
      () => (employees ? this.repository.employeeAmounts({ ctx, em }, employees, window) : Promise.resolve([])),
      () => (contractors ? this.repository.contractorAmounts({ ctx, em }, contractors) : Promise.resolve([])),
      () => (vacancyIds.length ? this.repository.vacancyAmounts({ ctx, em }, vacancyIds) : Promise.resolve([])),
    );
    return { currency, converter, employeeRows, contractorRows, vacancyRows };
  }
}

interface BookRows {
  currency: string;
  converter: Awaited<ReturnType<ExchangeRatesService['converterOn']>>;
  employeeRows: EmployeeAmountRow[];
  contractorRows: ContractorAmountRow[];
  vacancyRows: VacancyAmountRow[];
}

/** The book of the rows read: amounts converted to monthly figures in the reporting currency, per person. */
function buildBook({ currency, converter, employeeRows, contractorRows, vacancyRows }: BookRows, window: CostWindow | null): CostBook {
  let unconverted = 0;
  // converter.convert's arithmetic ((amount x factor) x rate), with one rate look-up per currency.
  const rates = new Map<string, number | null>();
  const monthly = (amount: number, from: string, factor: number): number | null => {
    let rate = rates.get(from);
    if (rate === undefined) {
      rate = converter.rate(from, currency)?.rate ?? null;
      rates.set(from, rate);
    }
    if (rate === null) {
      unconverted++;
      return null;
    }
    return amount * factor * rate;
  };
  const byKind: PeopleByKind = { employee: new AmountTable(), contractor: new AmountTable(), vacancy: new AmountTable() };
  const multiplierOf = (value: string | null) => (value === null ? 1 : Number(value));
  for (const row of employeeRows) {
    const person = byKind.employee.person(row.id, multiplierOf(row.multiplier));
    if (row.effective_date && row.salary !== null) {
      const value = monthly(Number(row.salary), row.currency_code!, MONTHLY_FACTOR.salary);
      if (value !== null) byKind.employee.add(person, row.effective_date, value);
    }
  }
  for (const row of contractorRows) {
    const person = byKind.contractor.person(row.id, multiplierOf(row.multiplier));
    if (row.effective_date && row.rate !== null) {
      const value = monthly(Number(row.rate), row.currency_code!, MONTHLY_FACTOR[row.rate_type!]);
      if (value !== null) byKind.contractor.add(person, row.effective_date, value);
    }
  }
  for (const row of vacancyRows) {
    const person = byKind.vacancy.person(row.id, multiplierOf(row.multiplier));
    if (row.salary !== null) {
      const value = monthly(Number(row.salary), row.currency_code ?? currency, MONTHLY_FACTOR.salary);
      // A planned hire costs its salary from the first day it is planned.
      if (value !== null) byKind.vacancy.add(person, '0001-01-01', value);
    }
  }
  for (const table of Object.values(byKind)) table.seal();
  const book = new CostBook(currency, byKind, window);
  book.unconverted = unconverted;
  return book;
}

/** Runs the reads at once (`together`) or one after the other, and gives their results in order. */
async function reads<T extends unknown[]>(together: boolean, ...tasks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (together) return (await Promise.all(tasks.map((task) => task()))) as T;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as T;
}
