import type { BudgetVarianceDto } from './dto/budget-variance.dto';
import { money, renderSvg, shortAmount } from '../charts/svg-chart';

const OVER = '#d63b3b';
const UNDER = '#5470c6';

/**
 * `Accept: image/svg+xml` of a budget's variance: per month, the budget (summed over its groups) as a line and the
 * forecast as bars, the bars of the months over budget in red and marked "over" with the amount. Costs in the budget's
 * currency; without cost permission, budgeted against forecast headcount (over: more people than budgeted).
 */
export function budgetVarianceChart(variance: BudgetVarianceDto, budgetName: string): string {
  const months = variance.groups[0]?.months.map((m) => m.month) ?? [];
  const withCost = variance.totals.budget.cost !== null;
  const budget = months.map((_, i) =>
    variance.groups.reduce((s, g) => s + ((withCost ? g.months[i].budget.cost : g.months[i].budget.headcount) ?? 0), 0),
  );
  const forecast = months.map((_, i) =>
    variance.groups.reduce((s, g) => s + ((withCost ? g.months[i].forecast.cost : g.months[i].forecast.closingHeadcount) ?? 0), 0),
  );
  const round = (n: number) => Math.round(n * 100) / 100;
  const over = months.map((_, i) => forecast[i] > budget[i]);
  const unit = withCost ? variance.currencyCode : 'people';
  const label = (n: number) => (withCost ? `+${shortAmount(round(n))}` : `+${round(n)}`);
  const overCount = over.filter(Boolean).length;
  const totalText = withCost
    ? `forecast ${money(
        forecast.reduce((a, b) => a + b, 0),
        unit,
      )} against budget ${money(
        budget.reduce((a, b) => a + b, 0),
        unit,
      )}`
    : 'headcount at month end';
  return renderSvg(
    {
      title: {
        text: `Budget "${budgetName}" against forecast${variance.scenarioId ? ' (scenario)' : ''}`,
        subtext: `${months[0] ?? ''} to ${months.at(-1) ?? ''} · ${withCost ? `cost per month in ${unit}` : 'headcount (cost not shown: the API key may not see cost)'} · ${totalText} · ${overCount} month${overCount === 1 ? '' : 's'} over budget (red)`,
        left: 'center',
      },
      legend: { bottom: 10, data: ['Forecast', 'Forecast over budget', 'Budget'] },
      grid: { top: 80, left: 80, right: 40, bottom: 70 },
      xAxis: { type: 'category', name: 'Month', nameLocation: 'middle', nameGap: 28, data: months },
      yAxis: {
        type: 'value',
        name: withCost ? `Cost per month (${unit})` : 'Headcount (people)',
        nameLocation: 'middle',
        nameGap: 55,
        axisLabel: { formatter: withCost ? shortAmount : undefined },
      },
      series: [
        {
          type: 'bar',
          name: 'Forecast',
          stack: 'forecast',
          itemStyle: { color: UNDER },
          data: forecast.map((v, i) => (over[i] ? '-' : round(v))),
        },
        {
          type: 'bar',
          name: 'Forecast over budget',
          stack: 'forecast',
          itemStyle: { color: OVER },
          label: {
            show: true,
            position: 'top',
            color: OVER,
            formatter: (p: { dataIndex: number }) => `over ${label(forecast[p.dataIndex] - budget[p.dataIndex])}`,
          },
          data: forecast.map((v, i) => (over[i] ? round(v) : '-')),
        },
        { type: 'line', name: 'Budget', itemStyle: { color: '#222222' }, lineStyle: { width: 2, type: 'dashed' }, data: budget.map(round) },
      ],
    },
    960,
    520,
  );
}
