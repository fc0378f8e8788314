import type { ForecastDto, ForecastMonthDto } from './dto/forecast-query.dto';

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
] as const satisfies readonly (keyof ForecastMonthDto)[];

/** RFC 4180 field: quoted when it holds a comma, quote or line break; null is empty. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Spec 04 §2 `Accept: text/csv`: one row per group and month with a header row (deltas with compare=live). */
export function forecastCsv(forecast: ForecastDto): string {
  const withDelta = forecast.totals.some((m) => m.delta);
  const header = [
    'groupBy',
    'groupId',
    'groupName',
    'month',
    ...FIGURES,
    'currency',
    ...(withDelta ? ['deltaClosing', 'deltaForecastHeadcount', 'deltaForecastCost'] : []),
  ];
  const lines = [header.join(',')];
  for (const group of forecast.groups) {
    for (const m of group.months) {
      const cells = [
        forecast.groupBy,
        group.key?.id ?? null,
        group.key?.name ?? null,
        m.month,
        ...FIGURES.map((f) => m[f]),
        forecast.currency,
      ];
      if (withDelta) cells.push(m.delta!.closing, m.delta!.forecastHeadcount, m.delta!.forecastCost);
      lines.push(cells.map(csvField).join(','));
    }
  }
  return lines.join('\r\n') + '\r\n';
}
