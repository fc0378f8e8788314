import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query, Type } from '@nestjs/common';
import { ApiBody, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequirePermissions } from '../../access/access.decorators';
import type { ApiPermission } from '../../access/permissions';
import { Ctx, RequestContext } from '../../access/request-context';
import { ApiCrudOperation, ApiIncludeQuery, ApiSortQuery, Nouns, nounsOf } from '../http/api-docs';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../http/api-responses';
import { DataEnvelope, ListEnvelope, one } from '../http/envelopes';
import { ListQueryDto } from '../http/pagination.dto';
import type { CrudService } from './crud.service';

export interface CrudControllerOptions {
  /** Path under /api/v1/org/:orgId. */
  path: string;
  tag: string;
  view: ApiPermission;
  edit: ApiPermission;
  /** The resource's service (a CrudService). */
  service: Type<CrudService<never, unknown, unknown, unknown>>;
  response: Type<unknown>;
  create: Type<unknown>;
  update: Type<unknown>;
  /** List query DTO (ListQueryDto or a subclass with the resource's filters). */
  query?: Type<ListQueryDto>;
  /** Query DTO of the by-id read (`include`), for resources that offer one. */
  readQuery?: Type<unknown>;
  /** Describes how `:id` is matched. */
  idDescription?: string;
  /** Names in the operation summaries; default from the tag ("Job roles": job role, job roles). */
  nouns?: Nouns;
}

type AnyCrud = CrudService<never, unknown, unknown, unknown>;

/**
 * Builds the public controller of a CRUD resource: list, get, create, update, delete with the
 * permissions, envelopes and OpenAPI documentation every resource shares. The DTO classes are set as
 * the parameters' design types, so validation and Swagger see them as if written by hand.
 */
export function crudController(options: CrudControllerOptions): Type<unknown> {
  const query = options.query ?? ListQueryDto;
  const idParam = ApiParam({ name: 'id', description: options.idDescription ?? 'The record id, or its externalId' });
  const nouns = options.nouns ?? nounsOf(options.tag);
  const includeKeys = (options.service as unknown as { includes?: readonly string[] }).includes;
  const includes = includeKeys ? ApiIncludeQuery(includeKeys) : () => undefined;

  @ApiTags(options.tag)
  @Controller(`api/v1/org/:orgId/${options.path}`)
  class GeneratedCrudController {
    constructor(@Inject(options.service) readonly service: AnyCrud) {}

    @Get()
    @RequirePermissions(options.view)
    @ApiCrudOperation('list', nouns, 'live data (or the scenario of `scenarioId`)')
    @ApiSortQuery(options.service)
    @ApiList(options.response)
    @ApiErrors(400, 404)
    list(@Ctx() ctx: RequestContext, @Query() q: ListQueryDto): Promise<ListEnvelope<unknown>> {
      return this.service.list(ctx, q as ListQueryDto & Record<string, unknown>);
    }

    @Get(':id')
    @RequirePermissions(options.view)
    @ApiCrudOperation('get', nouns, 'live data (or the scenario of `scenarioId`)')
    @includes
    @idParam
    @ApiData(options.response)
    @ApiErrors(404)
    async get(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() q: Record<string, unknown>): Promise<DataEnvelope<unknown>> {
      return one(await this.service.read(ctx, id, q ?? {}));
    }

    @Post()
    @RequirePermissions(options.edit)
    @ApiCrudOperation('create', nouns)
    @ApiBody({ type: options.create })
    @ApiData(options.response, 201)
    @ApiErrors(400, 501)
    async create(@Ctx() ctx: RequestContext, @Body() body: unknown): Promise<DataEnvelope<unknown>> {
      return one(await this.service.create(ctx, body as never));
    }

    @Patch(':id')
    @RequirePermissions(options.edit)
    @ApiCrudOperation('update', nouns)
    @idParam
    @ApiBody({ type: options.update })
    @ApiData(options.response)
    @ApiErrors(400, 404, 501)
    async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown): Promise<DataEnvelope<unknown>> {
      return one(await this.service.update(ctx, id, body as never));
    }

    @Delete(':id')
    @RequirePermissions(options.edit)
    @ApiCrudOperation('remove', nouns, 'live data', 'While other records still refer to it: 409 CONFLICT, counting them by kind.')
    @idParam
    @ApiNoContent()
    @ApiErrors(404, 409, 501)
    async remove(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<void> {
      await this.service.remove(ctx, id);
    }
  }

  const proto = GeneratedCrudController.prototype;
  Reflect.defineMetadata('design:paramtypes', [Object, query], proto, 'list');
  Reflect.defineMetadata('design:paramtypes', [Object, String, options.readQuery ?? Object], proto, 'get');
  Reflect.defineMetadata('design:paramtypes', [Object, options.create], proto, 'create');
  Reflect.defineMetadata('design:paramtypes', [Object, String, options.update], proto, 'update');
  const name = options.path.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
  Object.defineProperty(GeneratedCrudController, 'name', { value: `${name}Controller` });
  return GeneratedCrudController;
}
