import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { BudgetVarianceService } from '../budgets/budget-variance.service';
import { ForecastService } from '../forecasts/forecast.service';
import { MetricsSummaryService } from '../business-metrics/metrics-summary.service';
import { ContractorsService } from '../contractors/contractors.service';
import { EmployeesService } from '../employees/employees.service';
import { FunctionalFeatureGuard } from '../functional-structure/access/functional-feature.guard';
import { FunctionalSummaryService } from '../functional-structure/reads/functional-summary.service';
import { FunctionalGroupsService } from '../functional-structure/groups/functional-groups.service';
import { MoveFunctionalGroupUseCase } from '../functional-structure/groups/move-functional-group.use-case';
import { FunctionalOccupanciesService } from '../functional-structure/seats/functional-occupancies.service';
import { FunctionalPositionsService } from '../functional-structure/seats/functional-positions.service';
import { VacanciesService } from '../vacancies/vacancies.service';
import { functionalWriteTools } from './functional-write-tools';
import { callTool, declaration, McpTool } from './mcp-tool';
import { readTools } from './read-tools';

const SERVER_INFO = { name: 'workforce-planning', title: 'Workforce planning', version: '1.4.0' };

/** The tools of the assistant tool server (spec 04 §3), and an MCP server over them for one request's key. */
@Injectable()
export class McpToolsService {
  readonly tools: McpTool[];
  private readonly byName: Map<string, McpTool>;

  constructor(
    dataSource: DataSource,
    summary: MetricsSummaryService,
    forecasts: ForecastService,
    employees: EmployeesService,
    contractors: ContractorsService,
    vacancies: VacanciesService,
    functionalSummary: FunctionalSummaryService,
    groups: FunctionalGroupsService,
    positions: FunctionalPositionsService,
    occupancies: FunctionalOccupanciesService,
    moveGroup: MoveFunctionalGroupUseCase,
    functionalFeature: FunctionalFeatureGuard,
    budgetVariance: BudgetVarianceService,
  ) {
    this.tools = [
      ...readTools({
        dataSource,
        summary,
        forecasts,
        employees,
        contractors,
        vacancies,
        functionalSummary,
        functionalFeature,
        budgetVariance,
      }),
      ...functionalWriteTools({ groups, positions, occupancies, moveGroup, functionalFeature }),
    ];
    this.byName = new Map(this.tools.map((t) => [t.name, t]));
  }

  /**
   * A low-level SDK server answering tools/list and tools/call as the request's API key. The SDK (and zod under it) is
   * loaded by the first MCP request, not by every start of the app.
   */
  async server(ctx: RequestContext) {
    const [sdk, { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError }] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/index.js'),
      import('@modelcontextprotocol/sdk/types.js'),
    ]);
    const server = new sdk.Server(SERVER_INFO, {
      capabilities: { tools: { listChanged: false } },
      instructions:
        "Workforce-planning data of the API key's organization: business metrics, forecasts and budgets, people, vacancies and the functional structure.",
    });
    const declarations = this.tools.map(declaration);
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: declarations }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const found = this.byName.get(request.params.name);
      if (!found) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return callTool(found, ctx, request.params.arguments);
    });
    return server;
  }
}
