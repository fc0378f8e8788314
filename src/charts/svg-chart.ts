import * as echarts from 'echarts';

/** The media type of the charts (`Accept: image/svg+xml`). */
export const SVG = 'image/svg+xml';

/** At most this many groups are drawn; the smallest of the rest are folded into "Other". */
export const MAX_GROUPS = 12;

/** Ten colours readable on white, then repeated; "Other" is grey. */
export const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc', '#2f4554'];
export const OTHER_COLOUR = '#a0a0a0';

/** Whether the request asks for a chart. */
export function wantsSvg(accept: string | undefined): boolean {
  return accept?.includes(SVG) ?? false;
}

/**
 * Draws `option` with Apache ECharts' server-side SVG renderer (no browser, no canvas) and answers the SVG document.
 * Animation is off: the string is the final picture.
 */
export function renderSvg(option: echarts.EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, backgroundColor: '#ffffff', color: PALETTE, textStyle: { fontFamily: 'sans-serif' }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** An amount for a label: thousands separated, no decimals, with its currency (`1,234,567 USD`). */
export function money(value: number, currency: string): string {
  return `${Math.round(value).toLocaleString('en-US')} ${currency}`;
}

/** An axis amount, short: 1.2M, 350k. */
export function shortAmount(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${+(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${+(value / 1e3).toFixed(0)}k`;
  return String(value);
}

export interface Ranked<T> {
  label: string;
  size: number;
  item: T;
}

/**
 * The groups to draw: all when at most MAX_GROUPS, else the MAX_GROUPS - 1 largest by `size` (in their order) and
 * the others in `other` (drawn as one "Other" group).
 */
export function foldGroups<T>(groups: Ranked<T>[]): { kept: Ranked<T>[]; other: Ranked<T>[] } {
  if (groups.length <= MAX_GROUPS) return { kept: groups, other: [] };
  const largest = new Set([...groups].sort((a, b) => b.size - a.size).slice(0, MAX_GROUPS - 1));
  return { kept: groups.filter((g) => largest.has(g)), other: groups.filter((g) => !largest.has(g)) };
}
