import request from 'supertest';
import { EXAMPLE_ID } from '../../src/common/http/examples';
import { inlineResponses } from '../support/openapi-sample';
import { TestApp } from '../support/test-app';

/** The body of an SVG answer (supertest keeps image bodies as bytes). */
function svgOf(res: request.Response): string {
  return Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;
}

/** The text of an SVG's <text> elements, in order (labels, titles, axis names, legends). */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
}

describe('charts: Accept image/svg+xml draws the forecast, the budget variance and the functional tree', () => {
  let t: TestApp;
  let get: (path: string, accept?: string) => request.Test;

  beforeAll(async () => {
    t = await TestApp.start({ SEED_DEMO: 'true', DATABASE_URL: '' });
    const demo = t.running.demo!;
    get = (path, accept = 'image/svg+xml') =>
      request(t.server)
        .get(`/api/v1/org/${demo.organizationId}${path}`)
        .set('Authorization', `Bearer ${demo.apiKey}`)
        .set('Accept', accept);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  it('07/§6.1: the forecast by any grouping is an SVG: cost stacked by group, headcount as a line, titles, axes, currency', async () => {
    for (const groupBy of ['none', 'costCentre', 'location', 'jobRole', 'workType', 'team', 'project', 'projectCostCentre']) {
      const json = await get(`/forecast?from=2026-01&months=12&groupBy=${groupBy}`, 'application/json').expect(200);
      const res = await get(`/forecast?from=2026-01&months=12&groupBy=${groupBy}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const svg = svgOf(res);
      expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      const words = texts(svg);
      const currency = json.body.data.currency as string;
      expect(words.some((w) => w.startsWith('Forecast'))).toBe(true);
      expect(words).toContain(`Cost per month (${currency})`);
      expect(words).toContain('Headcount (people)');
      expect(words).toContain('Month');
      expect(words).toContain('Forecast headcount');
      expect(words).toContain('2026-01');
      // Every group is in the legend by its name, or by what its missing key means, never blank.
      const groups = json.body.data.groups as { label: string }[];
      expect(groups.length).toBeLessThanOrEqual(12);
      for (const g of groups) expect(words).toContain(g.label);
    }
  }, 300_000);

  it('07/§6.1: a group without a key is labelled by what it means ("No project", "No team", "No cost centre")', async () => {
    const expected: Record<string, string> = {
      project: 'No project',
      team: 'No team',
      costCentre: 'No cost centre',
      projectCostCentre: 'No cost centre',
    };
    let seen = 0;
    for (const [groupBy, label] of Object.entries(expected)) {
      const json = await get(`/forecast?from=2026-01&months=12&groupBy=${groupBy}`, 'application/json').expect(200);
      const svg = svgOf(await get(`/forecast?from=2026-01&months=12&groupBy=${groupBy}`).expect(200));
      const hasNull = (json.body.data.groups as { key: unknown }[]).some((g) => g.key === null);
      expect(texts(svg).includes(label)).toBe(hasNull);
      if (hasNull) seen++;
    }
    // The demo has people on no project at least.
    expect(seen).toBeGreaterThan(0);
  }, 300_000);

  it('07/§6.1: with compare=live the forecast chart draws the scenario and the live side', async () => {
    const svg = svgOf(
      await get(`/forecast?from=2026-06&months=18&groupBy=team&scenarioId=${EXAMPLE_ID.scenario}&compare=live`).expect(200),
    );
    const words = texts(svg);
    expect(words).toContain('Forecast by team, scenario against live');
    expect(words).toContain('Live headcount');
    expect(words).toContain('Live forecast cost');
  }, 300_000);

  it('07/§6.1: the budget variance is an SVG of the budget against the forecast, the months over budget marked', async () => {
    const json = await get(`/budgets/${EXAMPLE_ID.budget}/variance`, 'application/json').expect(200);
    const svg = svgOf(await get(`/budgets/${EXAMPLE_ID.budget}/variance`).expect(200));
    const words = texts(svg);
    const currency = json.body.data.currencyCode as string;
    expect(words.some((w) => /^Budget ".+" against forecast/.test(w))).toBe(true);
    expect(words).toContain(`Cost per month (${currency})`);
    expect(words).toEqual(expect.arrayContaining(['Forecast', 'Forecast over budget', 'Budget', 'Month']));
    // A month is over when the forecast cost summed over the groups exceeds the budget's: each has an "over" label.
    type Month = { budget: { cost: number }; forecast: { cost: number } };
    const groups = json.body.data.groups as { months: Month[] }[];
    const over = groups[0].months.filter((_, i) => {
      const budget = groups.reduce((s, g) => s + g.months[i].budget.cost, 0);
      const forecast = groups.reduce((s, g) => s + g.months[i].forecast.cost, 0);
      return forecast > budget;
    }).length;
    expect(words.filter((w) => w.startsWith('over +'))).toHaveLength(over);
    expect(words.some((w) => w.includes(`${over} month${over === 1 ? '' : 's'} over budget`))).toBe(true);
  }, 300_000);

  it('07/§6.1: the functional tree is an SVG org chart, each group with its figures and cost in the reporting currency', async () => {
    const json = await get('/functional-groups/tree', 'application/json').expect(200);
    const res = await get('/functional-groups/tree').expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const words = texts(svgOf(res));
    expect(words.some((w) => w.startsWith('Functional structure on '))).toBe(true);
    type Node = { name: string; figures: { headcount: number; positions: number; openPositions: number }; children: Node[] };
    const walk = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...walk(n.children)]);
    const nodes = walk(json.body.data.groups as Node[]);
    expect(nodes.length).toBeGreaterThan(3);
    for (const n of nodes) {
      expect(words).toContain(n.name);
      expect(words).toContain(`${n.figures.headcount} people · ${n.figures.positions} seats, ${n.figures.openPositions} open`);
    }
    expect(words.some((w) => / [A-Z]{3} \/ month$/.test(w))).toBe(true);
  }, 300_000);

  it('07/§6.2: the document declares the image/svg+xml answers; JSON stays the default; errors stay JSON', async () => {
    const paths = ['/forecast', '/budgets/{id}/variance', '/functional-groups/tree'];
    const doc = inlineResponses((await request(t.server).get('/docs/openapi.json').expect(200)).body) as {
      paths: Record<string, { get: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    for (const p of paths) {
      const ok = doc.paths[`/api/v1/org/{orgId}${p}`].get.responses['200'].content!;
      expect(ok['image/svg+xml']).toEqual({ schema: { type: 'string' } });
      expect(Object.keys(doc.paths[`/api/v1/org/{orgId}${p}`].get.responses['400'].content!)).toEqual(['application/json']);
    }
    await get('/forecast?months=12')
      .set('Accept', '*/*')
      .expect('content-type', /application\/json/);
    const bad = await get('/forecast?months=99').expect(400);
    expect(bad.headers['content-type']).toMatch(/application\/json/);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  }, 300_000);
});
