import { Body, Controller, Get, Inject, Param, Query, Type } from '@nestjs/common';
import { Delete, Patch, Post } from '../common/http/write-routes';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { ActingUserNeeds, AdminApi, InScenarioPath } from '../common/auth/access.decorators';
import type { ApiPermission } from '../common/auth/permissions';
import { Ctx, RequestContext } from '../common/auth/request-context';
import type { CrudOperations, CrudServiceClass } from './crud.service';
import { ApiCrudOperation, ApiSortQuery, nounsOf } from '../common/http/api-docs';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one } from '../common/http/envelopes';
import { ListQueryDto } from '../common/http/pagination.dto';
import { classNameOf, generatedController } from '../common/http/generated-controller';

/** Writes inside a scenario need it OPEN and writable by the acting user. */
const NOT_OPEN = [
  403,
  'PLAN_NOT_EDITABLE: the scenario is LOCKED or MERGED and accepts no changes, or is private and shared with the acting user for reading only',
] as const;
/** A private scenario is hidden from users it is not shared with. */
const NOT_READABLE = [404, 'NOT_FOUND: no such scenario or record, or a private scenario the acting user may not read'] as const;

/** What the scenario routes take of a resource's CRUD routes (its `CrudControllerOptions`). */
export interface ScenarioRecordsOptions {
  /** `employees`, `teams`, ... */
  path: string;
  /** The public API's read and write permissions of the resource: an acting user needs them here too. */
  view: ApiPermission;
  edit: ApiPermission;
  service: CrudServiceClass;
  response: Type<unknown>;
  create: Type<unknown>;
  update: Type<unknown>;
  query?: Type<ListQueryDto>;
}

/**
 * Application writes inside an open scenario (`/admin/v1/organizations/:orgId/scenarios/:scenarioId/<records>`),
 * through the same services as the public API. Nothing is sent as a webhook until the scenario is merged. The
 * access guard resolves the scenario (`InScenarioPath`): the handlers run in its plan; then it checks the acting
 * user's own permissions (`ActingUserNeeds`: the resource's view permission to read, its edit permission to write,
 * as on the public API); the services check the rest (nested records, includes) on the same context.
 */
export function scenarioRecordsController(o: ScenarioRecordsOptions): Type<unknown> {
  const nouns = nounsOf(o.path.replace(/-/g, ' '));
  const where = 'the scenario';
  const note =
    'No webhook is sent until the scenario is merged; a LOCKED or merged scenario takes no writes. With X-Acting-User, a PRIVATE scenario is read only by its owner, its members and users with manage_scenarios, and written by its owner, its EDITOR members and manage_scenarios; the acting user needs the permissions the same write needs on the public API.';
  @ApiTags('Application: scenarios')
  @AdminApi()
  @Controller(`admin/v1/organizations/:orgId/scenarios/:scenarioId/${o.path}`)
  class GeneratedScenarioRecordsController {
    constructor(@Inject(o.service) readonly service: CrudOperations) {}

    @Get()
    @InScenarioPath('read')
    @ActingUserNeeds(o.view)
    @ApiCrudOperation('list', nouns, where)
    @ApiSortQuery(o.service)
    @ApiList(o.response)
    @ApiErrors(400, NOT_READABLE)
    list(@Ctx() ctx: RequestContext, @Query() q: ListQueryDto): Promise<ListEnvelope<unknown>> {
      return this.service.list(ctx, q as ListQueryDto & Record<string, unknown>);
    }

    @Post()
    @InScenarioPath('write')
    @ActingUserNeeds(o.edit)
    @ApiCrudOperation('create', nouns, where, note)
    @ApiBody({ type: o.create })
    @ApiData(o.response, 201)
    @ApiErrors(400, NOT_OPEN, NOT_READABLE)
    async create(@Ctx() ctx: RequestContext, @Body() body: unknown): Promise<DataEnvelope<unknown>> {
      return one(await this.service.create(ctx, body));
    }

    @Patch(':id')
    @InScenarioPath('write')
    @ActingUserNeeds(o.edit)
    @ApiCrudOperation('update', nouns, where, note)
    @ApiBody({ type: o.update })
    @ApiData(o.response)
    @ApiErrors(400, NOT_OPEN, NOT_READABLE)
    async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown): Promise<DataEnvelope<unknown>> {
      return one(await this.service.update(ctx, id, body));
    }

    @Delete(':id')
    @InScenarioPath('write')
    @ActingUserNeeds(o.edit)
    @ApiCrudOperation('remove', nouns, where, note)
    @ApiNoContent()
    @ApiErrors(NOT_OPEN, NOT_READABLE)
    async remove(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<void> {
      await this.service.remove(ctx, id);
    }
  }
  return generatedController(GeneratedScenarioRecordsController, `Scenario${classNameOf(o.path)}Controller`, {
    list: [Object, o.query ?? ListQueryDto],
    create: [Object, o.create],
    update: [Object, String, o.update],
  });
}
