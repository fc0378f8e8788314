import type { DataSource } from 'typeorm';
import { inScenario } from '../access/access.guard';
import { ForecastQueryDto } from '../forecasts/dto/forecast-query.dto';
import type { ForecastService } from '../forecasts/forecast.service';
import { MetricsSummaryQueryDto } from '../business-metrics/dto/metrics-summary.dto';
import type { MetricsSummaryService } from '../business-metrics/metrics-summary.service';
import type { RequestContext } from '../common/auth/request-context';
import type { ContractorsService } from '../contractors/contractors.service';
import type { EmployeesService } from '../employees/employees.service';
import type { FunctionalFeatureGuard } from '../functional-structure/access/functional-feature.guard';
import type { FunctionalSummaryService } from '../functional-structure/reads/functional-summary.service';
import type { VacanciesService } from '../vacancies/vacancies.service';
import { VACANCY_STATUSES } from '../vacancies/entities/vacancy.entity';
import type { BudgetVarianceService } from '../budgets/budget-variance.service';
import { BudgetVarianceInputDto, GroupSummaryInputDto, OpenVacanciesInputDto, SearchPeopleInputDto } from './dto/tool-inputs.dto';
import { McpTool, tool } from './mcp-tool';
import { dtoSchema, JsonSchema, objectSchema, querySchema } from './tool-schemas';

const day: JsonSchema = { type: 'string', format: 'date', description: 'YYYY-MM-DD' };
const nullableNumber: JsonSchema = { type: ['number', 'null'] };

/** get_business_metrics_summary's output (no REST response shares it, so it is written here). */
const SUMMARY_OUTPUT = objectSchema({
  from: day,
  to: day,
  currency: { type: 'string', description: "The organization's reporting currency" },
  metrics: {
    type: 'array',
    items: objectSchema({
      key: { type: 'string' },
      name: { type: 'string' },
      unit: { type: 'string' },
      volume: { type: 'number', description: 'Sum over every source of value x overlapping days / period days' },
      aiVolume: { type: 'number' },
      aiShare: { ...nullableNumber, description: 'aiVolume / the volume of the readings with an aiValue; null when none has one' },
      cost: { ...nullableNumber, description: "People cost of the metric's cost scope over the window; null without cost visibility" },
      costPerUnit: { ...nullableNumber, description: 'cost / volume; null when volume is 0 or cost is null' },
      unpricedPeople: {
        type: ['integer', 'null'],
        description:
          'People of the cost scope with days in the window that cost leaves out for want of a price: no salary or rate in force, none being recorded yet or only in a currency with no exchange rate to the reporting currency; null without cost visibility',
      },
      readings: { type: 'integer', description: 'Readings overlapping the window' },
      sources: {
        type: 'array',
        items: objectSchema({
          name: { type: 'string' },
          feedStatus: { type: 'string', enum: ['NO_DATA', 'HEALTHY', 'FAILING'] },
          lastPushAt: { type: ['string', 'null'], format: 'date-time' },
        }),
      },
    }),
  },
});

export interface ReadServices {
  dataSource: DataSource;
  summary: MetricsSummaryService;
  forecasts: ForecastService;
  employees: EmployeesService;
  contractors: ContractorsService;
  vacancies: VacanciesService;
  functionalSummary: FunctionalSummaryService;
  functionalFeature: FunctionalFeatureGuard;
  budgetVariance: BudgetVarianceService;
}

/** The read tools of spec 04 §3, each calling the service of the REST read it mirrors. */
export function readTools(s: ReadServices): McpTool[] {
  return [metricsSummaryTool(s), forecastTool(s), budgetVarianceTool(s), searchPeopleTool(s), openVacanciesTool(s), groupSummaryTool(s)];
}

function metricsSummaryTool(s: ReadServices): McpTool {
  return tool({
    name: 'get_business_metrics_summary',
    title: 'Business metrics summary',
    description:
      "Active business metrics with volume (readings prorated by days inside the window, every source summed), AI share and the cost per unit of the metric's cost scope. Default window: the 30 days ending today.",
    readOnly: true,
    permissions: ['business_metrics_view'],
    input: MetricsSummaryQueryDto,
    inputSchema: objectSchema({ from: day, to: day, metric: { type: 'string', description: "A metric's key or id" } }, [
      'from',
      'to',
      'metric',
    ]),
    outputSchema: SUMMARY_OUTPUT,
    run: (ctx: RequestContext, input: MetricsSummaryQueryDto) => s.summary.summary(ctx, input),
  });
}

function forecastTool(s: ReadServices): McpTool {
  return tool({
    name: 'get_headcount_forecast',
    title: 'Headcount and cost forecast',
    description:
      'Headcount, joiners, leavers, open vacancies, day-weighted FTE and cost per month (GET /forecast): from a month (default the current one) for 1-60 months, optionally grouped by cost centre, location, job role or work type, or split over allocations by team, project or project cost centre, for live data or a scenario (scenarioId, with compare=live for deltas), under the forecast assumptions of the scenario or the organization (attrition, merit, time to fill, on-cost; assumptions=none for the records alone), which meta.assumptions states.',
    readOnly: true,
    permissions: ['forecasts_view'],
    input: ForecastQueryDto,
    inputSchema: querySchema('/api/v1/org/{orgId}/forecast'),
    outputSchema: withMeta('ForecastDto'),
    run: async (ctx: RequestContext, input: ForecastQueryDto) => {
      const { data, meta } = await s.forecasts.forecast(
        input.scenarioId === undefined ? ctx : await inScenario(s.dataSource, ctx, input.scenarioId, 'read'),
        input,
      );
      return { ...data, meta };
    },
  });
}

function budgetVarianceTool(s: ReadServices): McpTool {
  return tool({
    name: 'get_budget_variance',
    title: 'Budget variance',
    description:
      "A budget against the forecast of its months (GET /budgets/:id/variance): per group of its dimension (cost centres, teams by allocation, or one group) and month, the budget, the forecast (planned hires included), forecast minus budget and whether the cost is over, in the budget's currency; live data or a scenario (scenarioId).",
    readOnly: true,
    permissions: ['budgets_view', 'forecasts_view'],
    input: BudgetVarianceInputDto,
    inputSchema: objectSchema(
      {
        budgetId: { type: 'string', description: 'The budget id' },
        scenarioId: { type: 'string', description: 'Forecast this scenario instead of live data' },
      },
      ['scenarioId'],
    ),
    outputSchema: withMeta('BudgetVarianceDto'),
    run: async (ctx: RequestContext, input: BudgetVarianceInputDto) => {
      const { variance, meta } = await s.budgetVariance.report(
        input.scenarioId === undefined ? ctx : await inScenario(s.dataSource, ctx, input.scenarioId, 'read'),
        input.budgetId,
      );
      return { ...variance, meta };
    },
  });
}

/** The route's `data` (`schema`) with its `meta` (the forecast assumptions applied) beside the figures. */
function withMeta(schema: string): JsonSchema {
  const data = dtoSchema(schema);
  const properties = { ...(data.properties as Record<string, JsonSchema>), meta: dtoSchema('ForecastMetaDto') };
  return { ...data, properties, required: [...(data.required as string[]), 'meta'] };
}

function searchPeopleTool(s: ReadServices): McpTool {
  return tool({
    name: 'search_people',
    title: 'Search people',
    description:
      'Employees and contractors whose name, email or externalId matches the text (the lists of GET /employees and GET /contractors with search), at most 50 in all.',
    readOnly: true,
    permissions: ['employees_view', 'contractors_view'],
    anyPermission: true,
    input: SearchPeopleInputDto,
    inputSchema: objectSchema(
      { query: { type: 'string', minLength: 1, maxLength: 200 }, limit: { type: 'integer', minimum: 1, maximum: 50, default: 50 } },
      ['limit'],
    ),
    outputSchema: objectSchema({
      employees: { type: 'array', items: dtoSchema('EmployeeDto') },
      contractors: { type: 'array', items: dtoSchema('ContractorDto') },
    }),
    run: (ctx: RequestContext, input: SearchPeopleInputDto) => searchPeople(s, ctx, input),
  });
}

function openVacanciesTool(s: ReadServices): McpTool {
  return tool({
    name: 'list_open_vacancies',
    title: 'Open vacancies',
    description: 'Vacancies that are not filled (GET /vacancies), optionally of one status, by role; at most 100 per page.',
    readOnly: true,
    permissions: ['vacancies_view'],
    input: OpenVacanciesInputDto,
    inputSchema: objectSchema(
      {
        status: { type: 'string', enum: [...VACANCY_STATUSES] },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
        page: { type: 'integer', minimum: 1, default: 1 },
      },
      ['status', 'limit', 'page'],
    ),
    outputSchema: objectSchema({
      vacancies: { type: 'array', items: dtoSchema('VacancyDto') },
      total: { type: 'integer' },
      hasNextPage: { type: 'boolean' },
    }),
    run: async (ctx: RequestContext, input: OpenVacanciesInputDto) => {
      const page = await s.vacancies.list(ctx, {
        status: input.status,
        limit: input.limit ?? 100,
        page: input.page ?? 1,
        excludeFilled: true,
      });
      return { vacancies: page.data, total: page.meta.total, hasNextPage: page.meta.hasNextPage };
    },
  });
}

function groupSummaryTool(s: ReadServices): McpTool {
  return tool({
    name: 'get_functional_group_summary',
    title: 'Functional group summary',
    description:
      "A functional group's summary on a day (GET /functional-groups/:id/summary): figures, arrivals and leavers, the seat schedule, the cost bridge and recent changes.",
    readOnly: true,
    permissions: ['functional_groups_view'],
    dialect02: true,
    input: GroupSummaryInputDto,
    inputSchema: objectSchema({ id: { type: 'string', description: 'The group id or externalId' }, asOf: day }, ['asOf']),
    outputSchema: dtoSchema('FunctionalSummaryDto'),
    run: async (ctx: RequestContext, input: GroupSummaryInputDto) => {
      await s.functionalFeature.assertEnabled(ctx.organizationId);
      return s.functionalSummary.summary(ctx, input.id, input.asOf);
    },
  });
}

/** Both lists' first `limit` matches (of the kinds the key may view), merged by name, cut to `limit`. */
async function searchPeople(
  s: ReadServices,
  ctx: RequestContext,
  input: SearchPeopleInputDto,
): Promise<{ employees: object[]; contractors: object[] }> {
  const limit = input.limit ?? 50;
  const query = { search: input.query, limit, page: 1 };
  const [employees, contractors] = await Promise.all([
    ctx.permissions.has('employees_view') ? s.employees.list(ctx, query) : null,
    ctx.permissions.has('contractors_view') ? s.contractors.list(ctx, query) : null,
  ]);
  const named = [
    ...(employees?.data ?? []).map((record) => ({ kind: 'employee' as const, name: `${record.firstName} ${record.lastName}`, record })),
    ...(contractors?.data ?? []).map((record) => ({ kind: 'contractor' as const, name: record.name, record })),
  ];
  const kept = named.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())).slice(0, limit);
  return {
    employees: kept.filter((p) => p.kind === 'employee').map((p) => p.record),
    contractors: kept.filter((p) => p.kind === 'contractor').map((p) => p.record),
  };
}
