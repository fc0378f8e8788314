import { csvField } from '../forecasts/forecast-csv';
import type { BudgetVarianceDto } from './dto/budget-variance.dto';
import type { BudgetDimension } from './entities/budget.entity';

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
];

/** `Accept: text/csv` of the variance: a header row, then one row per group and month (totals are not rows). */
export function budgetVarianceCsv(variance: BudgetVarianceDto, dimension: BudgetDimension): string {
  const lines = [HEADER.join(',')];
  for (const group of variance.groups) {
    for (const m of group.months) {
      const cells = [
        dimension,
        group.key,
        group.name,
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
      ];
      lines.push(cells.map(csvField).join(','));
    }
  }
  return lines.join('\r\n') + '\r\n';
}
