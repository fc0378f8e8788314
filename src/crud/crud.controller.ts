import { applyDecorators, Body, Controller, Get, Inject, Param, Query, Req, Res, Type } from '@nestjs/common';
import { Delete, Patch, Post } from '../common/http/write-routes';
import { ApiBody, ApiHeader, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RequirePermissions } from '../common/auth/access.decorators';
import type { ApiPermission } from '../common/auth/permissions';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiCrudOperation, ApiIncludeQuery, ApiSortQuery, Nouns, nounsOf } from '../common/http/api-docs';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one } from '../common/http/envelopes';
import { etagMatches, weakETag } from '../common/http/etag';
import { classNameOf, generatedController } from '../common/http/generated-controller';
import { ListQueryDto } from '../common/http/pagination.dto';
import type { CrudOperations, CrudServiceClass } from './crud.service';
import { declaredResources } from './resources';
import { scenarioRecordsController } from './scenario-records.controller';

export interface CrudControllerOptions {
  /** Path under /api/v1/org/:orgId. */
  path: string;
  tag: string;
  view: ApiPermission;
  edit: ApiPermission;
  /** The resource's service (a CrudService). */
  service: CrudServiceClass;
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
  /** Spec 04 §4.5: the by-id read carries a weak ETag (304 on If-None-Match); PATCH and DELETE honour If-Match. */
  etag?: boolean;
  /** The create body names records that answer 404 when they do not resolve (document 01: managerId, nested jobRole.externalId). */
  createResolvesReferences?: boolean;
}

/** The decorators and settings a resource's generated CRUD controller shares between its routes. */
function crudRouteParts(options: CrudControllerOptions) {
  const includeKeys = options.service.includes;
  const etag = options.etag === true;
  const none: MethodDecorator = () => undefined;
  return {
    etag,
    nouns: options.nouns ?? nounsOf(options.tag),
    idParam: ApiParam({ name: 'id', description: options.idDescription ?? 'The record id, or its externalId' }),
    includes: includeKeys ? ApiIncludeQuery(includeKeys) : none,
    readVersioning: etag
      ? applyDecorators(
          ApiHeader({
            name: 'If-None-Match',
            required: false,
            description: 'An ETag of an earlier plain read (no include): 304 when the record still has it',
          }),
          ApiResponse({ status: 304, description: 'Not modified: the record still has the version named by If-None-Match' }),
        )
      : none,
    writeVersioning: etag
      ? applyDecorators(
          ApiHeader({
            name: 'If-Match',
            required: false,
            description: 'The ETag of the version read: 412 PRECONDITION_FAILED, and no change, if the record has another',
          }),
          ApiErrors(412),
        )
      : none,
  };
}

/**
 * Spec 04 §4.5: a plain by-id read carries a weak ETag and answers 304 to a matching If-None-Match; a
 * read with includes has no tag (the included records change on their own: docs/decisions.md).
 */
function withETag(
  etag: boolean,
  data: unknown,
  q: Record<string, unknown>,
  req: Request,
  res: Response,
): DataEnvelope<unknown> | undefined {
  if (!etag || (typeof q?.include === 'string' && q.include !== '')) return one(data);
  const tag = weakETag(data);
  res.setHeader('ETag', tag);
  if (!etagMatches(req.headers['if-none-match'], tag)) return one(data);
  res.status(304);
  return undefined;
}

/** Where a write of a record with ETags puts the tag its record now has: the answer's `ETag` header. */
function etagHeader(etag: boolean, res: Response): ((tag: string) => void) | undefined {
  return etag ? (tag) => res.setHeader('ETag', tag) : undefined;
}

/**
 * The CRUD routes of a resource: the public ones (list, get, create, update, delete) and, when its table is copied
 * into scenarios (its service's resource descriptor declares `scenario`), the application's routes inside a
 * scenario. The one way to route a CrudService, so a planning resource cannot be left out of scenarios.
 */
export function crudControllers(options: CrudControllerOptions): Type<unknown>[] {
  const scenario = declaredResources(options.service).some((descriptor) => descriptor.scenario);
  return scenario ? [crudController(options), scenarioRecordsController(options)] : [crudController(options)];
}

/**
 * Builds the public controller of a CRUD resource: list, get, create, update, delete with the
 * permissions, envelopes and OpenAPI documentation every resource shares. The DTO classes are set as
 * the parameters' design types, so validation and Swagger see them as if written by hand.
 */
function crudController(options: CrudControllerOptions): Type<unknown> {
  const { etag, nouns, idParam, includes, readVersioning, writeVersioning } = crudRouteParts(options);

  @ApiTags(options.tag)
  @Controller(`api/v1/org/:orgId/${options.path}`)
  class GeneratedCrudController {
    constructor(@Inject(options.service) readonly service: CrudOperations) {}

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
    @readVersioning
    async get(
      @Ctx() ctx: RequestContext,
      @Param('id') id: string,
      @Query() q: Record<string, unknown>,
      @Res({ passthrough: true }) res: Response,
    ): Promise<DataEnvelope<unknown> | undefined> {
      return withETag(etag, await this.service.read(ctx, id, q ?? {}), q, res.req, res);
    }

    @Post()
    @RequirePermissions(options.edit)
    @ApiCrudOperation('create', nouns)
    @ApiBody({ type: options.create })
    @ApiData(options.response, 201)
    @ApiErrors(...(options.createResolvesReferences ? ([400, 404, 501] as const) : ([400, 501] as const)))
    async create(
      @Ctx() ctx: RequestContext,
      @Body() body: unknown,
      @Res({ passthrough: true }) res: Response,
    ): Promise<DataEnvelope<unknown>> {
      return one(await this.service.create(ctx, body, etagHeader(etag, res)));
    }

    @Patch(':id')
    @RequirePermissions(options.edit)
    @ApiCrudOperation('update', nouns)
    @idParam
    @ApiBody({ type: options.update })
    @ApiData(options.response)
    @ApiErrors(400, 404, 501)
    @writeVersioning
    async update(
      @Ctx() ctx: RequestContext,
      @Param('id') id: string,
      @Body() body: unknown,
      @Res({ passthrough: true }) res: Response,
    ): Promise<DataEnvelope<unknown>> {
      return one(await this.service.update(ctx, id, body, etag ? res.req.headers['if-match'] : undefined, etagHeader(etag, res)));
    }

    @Delete(':id')
    @RequirePermissions(options.edit)
    @ApiCrudOperation('remove', nouns, 'live data', 'While other records still refer to it: 409 CONFLICT, counting them by kind.')
    @idParam
    @ApiNoContent()
    @ApiErrors(404, 409, 501)
    @writeVersioning
    async remove(@Ctx() ctx: RequestContext, @Param('id') id: string, @Req() req: Request): Promise<void> {
      await this.service.remove(ctx, id, etag ? req.headers['if-match'] : undefined);
    }
  }

  return finished(GeneratedCrudController, options);
}

/** The CRUD controller named after its path, its routes typed by the resource's DTOs. */
function finished(controller: Type<unknown>, options: CrudControllerOptions): Type<unknown> {
  return generatedController(controller, `${classNameOf(options.path)}Controller`, {
    list: [Object, options.query ?? ListQueryDto],
    get: [Object, String, options.readQuery ?? Object, Object],
    create: [Object, options.create, Object],
    update: [Object, String, options.update, Object],
  });
}
