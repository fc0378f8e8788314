import { forecastChart } from '../../src/forecasts/forecast-chart';
import type { ForecastAnswer, ForecastMonthDto } from '../../src/forecasts/dto/forecast-query.dto';

function month(m: string, cost: number, headcount: number): ForecastMonthDto {
  return { month: m, forecastCost: cost, forecastHeadcount: headcount } as ForecastMonthDto;
}

function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
}

describe('charts: many groups', () => {
  it('07/§6.1: past twelve groups the smallest are folded into "Other"; the group without a key is named, never blank', () => {
    const months = ['2026-01', '2026-02'];
    const groups = Array.from({ length: 15 }, (_, i) => ({
      key: { id: `t${i}`, name: `Team ${String(i).padStart(2, '0')}` },
      months: months.map((m) => month(m, 1000 * (i + 1), i + 1)),
    }));
    const unkeyed = { key: null, months: months.map((m) => month(m, 50_000, 30)) };
    const answer = {
      data: {
        from: '2026-01',
        months: 2,
        groupBy: 'team',
        currency: 'EUR',
        groups: [...groups, unkeyed],
        totals: months.map((m) => month(m, 170_000, 150)),
      },
      meta: {},
    } as unknown as ForecastAnswer;
    const words = texts(forecastChart(answer));
    // 16 groups: the 11 largest drawn (the unkeyed one and teams 05-14), the 5 smallest (teams 00-04) as one.
    expect(words).toContain('No team');
    for (let i = 5; i < 15; i++) expect(words).toContain(`Team ${String(i).padStart(2, '0')}`);
    for (let i = 0; i < 5; i++) expect(words).not.toContain(`Team ${String(i).padStart(2, '0')}`);
    expect(words).toContain('Other (5 groups)');
    expect(words).toContain('Cost per month (EUR)');
    expect(words.some((w) => w.includes('total 340,000 EUR'))).toBe(true);
  });
});
