/**
 * A budget's own rules (spec 07 §2.1), pure: its months, and its lines checked one by one against them, its
 * dimension and the keys the organization has, each broken rule named by the line's dot path (`lines.3.month`).
 */
import type { FieldError } from '../common/errors/error-codes';
import { decimalToString } from '../common/decimals';
import type { BudgetLineInputDto } from './dto/budget.dto';
import { MAX_BUDGET_MONTHS } from './dto/budget.dto';
import type { BudgetDimension, StoredBudgetLine } from './entities/budget.entity';

/** A line as stored: `[key, month, cost, headcount, fte]`, figures as decimal strings. */
export function storedLine(line: BudgetLineInputDto): StoredBudgetLine {
  const figure = (value: number | null | undefined) => (value === null || value === undefined ? null : decimalToString(value));
  return [line.key ?? null, line.month, decimalToString(line.cost)!, figure(line.headcount), figure(line.fte)];
}

/** Months from `from` to `to` (`YYYY-MM`), both counted: 1 for the same month, 0 or less when `to` is before `from`. */
export function monthCount(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from) + 1;
}

/** What a budget's rules look at. */
export interface BudgetShape {
  dimension: BudgetDimension;
  fromMonth: string;
  toMonth: string;
  lines: readonly StoredBudgetLine[];
}

const KEY_KIND: Record<Exclude<BudgetDimension, 'none'>, string> = { costCentre: 'cost centre', team: 'team' };

/** The months' errors: `toMonth` before `fromMonth`, or more than 36 months. */
export function monthErrors(budget: BudgetShape): FieldError[] {
  const months = monthCount(budget.fromMonth, budget.toMonth);
  if (months < 1) return [{ field: 'toMonth', message: `toMonth ${budget.toMonth} is before fromMonth ${budget.fromMonth}` }];
  if (months > MAX_BUDGET_MONTHS)
    return [
      {
        field: 'toMonth',
        message: `a budget spans at most ${MAX_BUDGET_MONTHS} months; ${budget.fromMonth} to ${budget.toMonth} is ${months}`,
      },
    ];
  return [];
}

/**
 * Every broken rule of the lines, each naming its line: a month outside fromMonth..toMonth, a key of the wrong kind
 * for the dimension or not among `knownKeys` (the organization's cost centres or teams of that id), a key and month
 * that an earlier line already has.
 */
export function lineErrors(budget: BudgetShape, knownKeys: ReadonlySet<string>): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Map<string, number>();
  budget.lines.forEach(([key, month], i) => {
    const at = `lines.${i}`;
    if (month < budget.fromMonth || month > budget.toMonth)
      errors.push({
        field: `${at}.month`,
        message: `${at}.month ${month} is outside the budget's months ${budget.fromMonth} to ${budget.toMonth}`,
      });
    if (budget.dimension === 'none') {
      if (key !== null) errors.push({ field: `${at}.key`, message: `${at}.key must be null: the budget's dimension is none` });
    } else if (key === null) {
      errors.push({ field: `${at}.key`, message: `${at}.key must be a ${KEY_KIND[budget.dimension]} id (dimension ${budget.dimension})` });
    } else if (!knownKeys.has(key)) {
      errors.push({ field: `${at}.key`, message: `${at}.key ${key} is not a ${KEY_KIND[budget.dimension]} of the organization` });
    }
    const pair = `${key ?? ''}\u0000${month}`;
    const first = seen.get(pair);
    if (first === undefined) seen.set(pair, i);
    else errors.push({ field: `${at}.month`, message: `${at} has the key and month of lines.${first}: one line per key and month` });
  });
  return errors;
}

/** The distinct keys the lines name. */
export function lineKeys(lines: readonly StoredBudgetLine[]): string[] {
  return [...new Set(lines.map(([key]) => key).filter((key): key is string => key !== null))];
}
