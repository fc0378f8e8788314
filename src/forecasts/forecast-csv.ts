import type { AppliedAssumptionsDto, ForecastAnswer, ForecastMonthDto } from './dto/forecast-query.dto';

const FIGURES = [
  'opening',
  'joiners',
  'leavers',
  'closing',
  'employees',
  'contractors',
  'openVacancies',
  'openVacancyFte',
  'plannedHires',
  'notices',
  'forecastHeadcount',
  'cost',
  'vacancyCost',
  'forecastCost',
  'unpricedVacancies',
  'unpricedPeople',
  'averageFte',
  'averageVacancyFte',
  'expectedLeavers',
  'onCost',
] as const satisfies readonly (keyof ForecastMonthDto)[];

/** The columns stating the assumptions applied (the same on every row), with the live side's after `live` ones. */
export const ASSUMPTIONS_COLUMNS = [
  'assumptionsSource',
  'attritionRatePerYear',
  'meritIncreaseMonth',
  'meritIncreasePercent',
  'timeToFillDays',
  'onCostPercent',
] as const;

export function assumptionCells(a: AppliedAssumptionsDto): (string | number | null)[] {
  return [
    a.source,
    a.attritionRatePerYear,
    a.meritIncrease?.month ?? null,
    a.meritIncrease?.percent ?? null,
    a.timeToFillDays,
    a.onCostPercent,
  ];
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break; null is empty. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Spec 04 §2 `Accept: text/csv`: one row per group and month with a header row (deltas with compare=live), and
 * the assumptions applied (spec 07 §4.1's `meta.assumptions`) in the last columns of every row, the live side's
 * after them with compare=live (`liveAssumptionsSource`, ...).
 */
export function forecastCsv({ data: forecast, meta }: ForecastAnswer): string {
  const withDelta = forecast.totals.some((m) => m.delta);
  const live = meta.liveAssumptions;
  const header = [
    'groupBy',
    'groupId',
    'groupName',
    'month',
    ...FIGURES,
    'currency',
    ...(withDelta ? ['deltaClosing', 'deltaForecastHeadcount', 'deltaForecastCost'] : []),
    ...ASSUMPTIONS_COLUMNS,
    ...(live ? ASSUMPTIONS_COLUMNS.map((name) => `live${name[0].toUpperCase()}${name.slice(1)}`) : []),
  ];
  const stated = [...assumptionCells(meta.assumptions), ...(live ? assumptionCells(live) : [])];
  const lines = [header.join(',')];
  for (const group of forecast.groups) {
    for (const m of group.months) {
      const cells = [forecast.groupBy, group.key?.id ?? null, group.label, m.month, ...FIGURES.map((f) => m[f]), forecast.currency];
      if (withDelta) cells.push(m.delta!.closing, m.delta!.forecastHeadcount, m.delta!.forecastCost);
      cells.push(...stated);
      lines.push(cells.map(csvField).join(','));
    }
  }
  return lines.join('\r\n') + '\r\n';
}
