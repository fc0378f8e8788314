import type { SeriesOption, YAXisComponentOption } from 'echarts';
import type { ForecastAnswer, ForecastDto, ForecastGroupBy, ForecastGroupDto, ForecastMonthDto } from './dto/forecast-query.dto';
import { groupLabel } from './group-labels';
import { foldGroups, money, OTHER_COLOUR, PALETTE, renderSvg, shortAmount } from '../charts/svg-chart';

const GROUPING_NAMES: Record<ForecastGroupBy, string> = {
  none: '',
  costCentre: 'by cost centre',
  location: 'by location',
  jobRole: 'by job role',
  workType: 'by work type',
  team: 'by team',
  project: 'by project',
  projectCostCentre: 'by project cost centre',
};

/** A group's label: its record's name, "No team" and the like for the group with no key. */
export function forecastGroupLabel(group: ForecastGroupDto, groupBy: ForecastGroupBy): string {
  return groupLabel(groupBy, group.key?.id ?? null, group.key?.name ?? null);
}

const cost = (m: ForecastMonthDto) => m.forecastCost ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

/** One bar series per group, stacked, in the groups' order: the largest eleven and "Other" past twelve groups. */
function costStacks(data: ForecastDto, withCost: boolean): SeriesOption[] {
  const ranked = data.groups.map((g) => ({
    label: forecastGroupLabel(g, data.groupBy),
    size: withCost ? g.months.reduce((s, m) => s + cost(m), 0) : g.months.reduce((s, m) => s + m.forecastHeadcount, 0),
    item: g,
  }));
  const { kept, other } = foldGroups(ranked);
  const stacks = kept.map((g, i) => ({ name: g.label, colour: PALETTE[i % PALETTE.length], values: g.item.months.map(cost) }));
  if (other.length)
    stacks.push({
      name: `Other (${other.length} groups)`,
      colour: OTHER_COLOUR,
      values: data.totals.map((_, i) => other.reduce((s, g) => s + cost(g.item.months[i]), 0)),
    });
  return stacks.map((s) => ({ type: 'bar', name: s.name, stack: 'cost', itemStyle: { color: s.colour }, data: s.values.map(round) }));
}

/**
 * `Accept: image/svg+xml` of the forecast: forecast cost (people and vacancies) per month stacked by group, the
 * smallest groups folded into "Other" past twelve, and forecast headcount as a line on a second axis; with
 * compare=live, the live side's headcount and cost as dashed lines. Without cost permission only headcount is drawn.
 */
export function forecastChart({ data }: ForecastAnswer): string {
  const months = data.totals.map((m) => m.month);
  const withCost = data.totals.some((m) => m.forecastCost !== null);
  const compare = data.totals.some((m) => m.delta);
  const series: SeriesOption[] = withCost ? costStacks(data, withCost) : [];
  series.push({
    type: 'line',
    name: 'Forecast headcount',
    yAxisIndex: withCost ? 1 : 0,
    itemStyle: { color: '#222222' },
    lineStyle: { width: 2 },
    data: data.totals.map((m) => m.forecastHeadcount),
  });
  if (compare) {
    series.push({
      type: 'line',
      name: 'Live headcount',
      yAxisIndex: withCost ? 1 : 0,
      itemStyle: { color: '#777777' },
      lineStyle: { type: 'dashed' },
      data: data.totals.map((m) => m.forecastHeadcount - (m.delta?.forecastHeadcount ?? 0)),
    });
    if (withCost)
      series.push({
        type: 'line',
        name: 'Live forecast cost',
        itemStyle: { color: '#c23531' },
        lineStyle: { type: 'dashed' },
        data: data.totals.map((m) => round(cost(m) - (m.delta?.forecastCost ?? 0))),
      });
  }
  const total = data.totals.reduce((s, m) => s + cost(m), 0);
  const title = `Forecast ${GROUPING_NAMES[data.groupBy]}${compare ? ', scenario against live' : ''}`.replace(/ ,/, ',');
  const subtitle = withCost
    ? `${months[0]} to ${months.at(-1)} · forecast cost per month in ${data.currency} (total ${money(total, data.currency)}) · headcount at month end`
    : `${months[0]} to ${months.at(-1)} · headcount at month end (cost not shown: the API key may not see cost)`;
  const headcountAxis: YAXisComponentOption = {
    type: 'value',
    name: 'Headcount (people)',
    nameLocation: 'middle',
    nameGap: 40,
    minInterval: 1,
  };
  const yAxis: YAXisComponentOption[] = withCost
    ? [
        {
          type: 'value',
          name: `Cost per month (${data.currency})`,
          nameLocation: 'middle',
          nameGap: 55,
          axisLabel: { formatter: shortAmount },
        },
        { ...headcountAxis, splitLine: { show: false } },
      ]
    : [headcountAxis];
  const legendRows = Math.ceil((series.length + 1) / 5);
  return renderSvg(
    {
      title: { text: title.trim(), subtext: subtitle, left: 'center' },
      legend: { bottom: 10, type: 'plain', itemWidth: 14 },
      grid: { top: 80, left: 80, right: 70, bottom: 50 + legendRows * 22 },
      xAxis: { type: 'category', name: 'Month', nameLocation: 'middle', nameGap: 28, data: months },
      yAxis,
      series,
    },
    960,
    520 + legendRows * 22,
  );
}
