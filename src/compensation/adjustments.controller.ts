import { Body, Controller, Get, Inject, Param, Query, Type } from '@nestjs/common';
import { Delete, Patch, Post } from '../common/http/write-routes';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { RequirePermissions } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import type { ApiPermission } from '../common/auth/permissions';
import type { CrudOperations, CrudServiceClass } from '../crud/crud.service';
import { DomainError } from '../common/errors/domain-error';
import { ApiCrudOperation, ApiSortQuery, nounsOf } from '../common/http/api-docs';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one } from '../common/http/envelopes';
import { ListQueryDto } from '../common/http/pagination.dto';
import { classNameOf, generatedController } from '../common/http/generated-controller';

export interface AdjustmentsControllerOptions {
  /** `employees` or `contractors`. */
  parentPath: string;
  /** `employeeId` or `contractorId`: the parent field of the adjustment. */
  parentField: 'employeeId' | 'contractorId';
  /** `salary-adjustments` or `rate-adjustments`. */
  path: string;
  tag: string;
  parent: Type<CrudOperations>;
  service: CrudServiceClass;
  response: Type<unknown>;
  create: Type<unknown>;
  update: Type<unknown>;
  /** The permissions that read and write the records: compensation_view / compensation_edit by default. */
  view?: ApiPermission;
  edit?: ApiPermission;
  /** What the records are part of, for the operation summaries: the person's compensation history by default. */
  where?: string;
}

/**
 * `/<parents>/:parentId/<adjustments>`: list (newest effectiveDate first), create, update, delete of
 * the dated records of one person (compensation, employment terms), with the permissions `view` / `edit`.
 */
export function adjustmentsController(o: AdjustmentsControllerOptions): Type<unknown> {
  const nouns = nounsOf(o.path.replace(/-/g, ' '));
  const where = o.where ?? `the ${o.parentPath.replace(/s$/, '')}'s compensation history`;
  const view = o.view ?? 'compensation_view';
  const edit = o.edit ?? 'compensation_edit';
  @ApiTags(o.tag)
  @Controller(`api/v1/org/:orgId/${o.parentPath}/:parentId/${o.path}`)
  class GeneratedAdjustmentsController {
    constructor(
      @Inject(o.parent) readonly parents: CrudOperations,
      @Inject(o.service) readonly service: CrudOperations,
    ) {}

    private async parentId(ctx: RequestContext, parentId: string): Promise<string> {
      return ((await this.parents.find(ctx, parentId)) as { id: string }).id;
    }

    private async owned(ctx: RequestContext, parentId: string, id: string): Promise<string> {
      const owner = await this.parentId(ctx, parentId);
      const record = await this.service.find(ctx, id);
      if (Reflect.get(record, o.parentField) !== owner) throw DomainError.notFound(o.path.replace(/-/g, ' '), id);
      return id;
    }

    @Get()
    @ApiCrudOperation('list', nouns, where)
    @ApiSortQuery(o.service)
    @RequirePermissions(view)
    @ApiList(o.response)
    @ApiErrors(400, 404)
    async list(@Ctx() ctx: RequestContext, @Param('parentId') parentId: string, @Query() q: ListQueryDto): Promise<ListEnvelope<unknown>> {
      const owner = await this.parentId(ctx, parentId);
      return this.service.list(ctx, { ...q, sortDir: q.sortDir ?? 'desc', [o.parentField]: owner });
    }

    @Post()
    @ApiCrudOperation('create', nouns, where)
    @RequirePermissions(edit)
    @ApiBody({ type: o.create })
    @ApiData(o.response, 201)
    @ApiErrors(400, 404, 501)
    async create(@Ctx() ctx: RequestContext, @Param('parentId') parentId: string, @Body() body: object): Promise<DataEnvelope<unknown>> {
      const owner = await this.parentId(ctx, parentId);
      return one(await this.service.create(ctx, { ...body, [o.parentField]: owner }));
    }

    @Patch(':id')
    @ApiCrudOperation('update', nouns, where)
    @RequirePermissions(edit)
    @ApiBody({ type: o.update })
    @ApiData(o.response)
    @ApiErrors(400, 404, 501)
    async update(
      @Ctx() ctx: RequestContext,
      @Param('parentId') parentId: string,
      @Param('id') id: string,
      @Body() body: object,
    ): Promise<DataEnvelope<unknown>> {
      return one(await this.service.update(ctx, await this.owned(ctx, parentId, id), body));
    }

    @Delete(':id')
    @ApiCrudOperation('remove', nouns, where)
    @RequirePermissions(edit)
    @ApiNoContent()
    @ApiErrors(404, 501)
    async remove(@Ctx() ctx: RequestContext, @Param('parentId') parentId: string, @Param('id') id: string): Promise<void> {
      await this.service.remove(ctx, await this.owned(ctx, parentId, id));
    }
  }
  return generatedController(GeneratedAdjustmentsController, `${classNameOf(o.path)}Controller`, {
    list: [Object, String, ListQueryDto],
    create: [Object, String, o.create],
    update: [Object, String, String, o.update],
  });
}
