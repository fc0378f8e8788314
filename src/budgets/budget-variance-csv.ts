import { assumptionCells, ASSUMPTIONS_COLUMNS, csvField } from '../forecasts/forecast-csv';
import type { BudgetVarianceReport } from './budget-variance.service';

const HEADER = [
  'dimension',
  'groupId',
  'groupName',
  'month',
  'budgetCost',
  'budgetHeadcount',
  'budgetFte',
  'forecastCost',
  'forecastClosingHeadcount',
  'forecastAverageFte',
  'forecastUnpricedPeople',
  'varianceCost',
  'varianceHeadcount',
  'varianceFte',
  'over',
  'currency',
  ...ASSUMPTIONS_COLUMNS,
];

/**
 * `Accept: text/csv` of the variance: a header row, then one row per group and month (totals are not rows), the
 * forecast assumptions applied in the last columns, as in the forecast's CSV.
 */
export function budgetVarianceCsv({ variance, dimension, meta }: BudgetVarianceReport): string {
  const stated = assumptionCells(meta.assumptions);
  const lines = [HEADER.join(',')];
  for (const group of variance.groups) {
    for (const m of group.months) {
      const cells = [
        dimension,
        group.key,
        group.label,
        m.month,
        m.budget.cost,
        m.budget.headcount,
        m.budget.fte,
        m.forecast.cost,
        m.forecast.closingHeadcount,
        m.forecast.averageFte,
        m.forecast.unpricedPeople,
        m.variance.cost,
        m.variance.headcount,
        m.variance.fte,
        m.over,
        variance.currencyCode,
        ...stated,
      ];
      lines.push(cells.map(csvField).join(','));
    }
  }
  return lines.join('\r\n') + '\r\n';
}
