import { Body, Controller, Get, Inject, Param, Type } from '@nestjs/common';
import { Delete, Put } from '../common/http/write-routes';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequirePermissions } from '../common/auth/access.decorators';
import type { ApiPermission } from '../common/auth/permissions';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { article, nounsOf } from '../common/http/api-docs';
import { ApiData, ApiDataArray, ApiErrors, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, one } from '../common/http/envelopes';
import { classNameOf, generatedController } from '../common/http/generated-controller';
import type { CrudOperations, CrudServiceClass } from '../crud/crud.service';
import { CustomAttributeValuesService, ValueTarget } from './custom-attribute-values.service';
import { CustomAttributeValueDto, SetCustomAttributeValueDto } from './dto/custom-attribute-value.dto';
import { UnitOfWork } from '../database/unit-of-work';

export interface ValuesControllerOptions {
  /** The records' path under /api/v1/org/:orgId, such as `teams`. */
  path: string;
  tag: string;
  /** Permission to read the records. */
  view: ApiPermission;
  /** The records' CrudService (finds a record by id or externalId in the request's plan). */
  service: CrudServiceClass;
}

/**
 * `GET /<records>/:id/custom-attributes`, and `PUT`/`DELETE /<records>/:id/custom-attributes/:definitionId`
 * for one record type: setting and clearing need `custom_attributes_edit`.
 */
export function customAttributeValuesController(options: ValuesControllerOptions): Type<unknown> {
  const noun = nounsOf(options.path.replace(/-/g, ' ')).one;
  const record = `${article(noun)} ${noun}`;
  @ApiTags(options.tag)
  @Controller(`api/v1/org/:orgId/${options.path}/:id/custom-attributes`)
  class GeneratedValuesController {
    private readonly target: ValueTarget;

    constructor(
      @Inject(options.service) records: CrudOperations,
      private readonly values: CustomAttributeValuesService,
      private readonly uow: UnitOfWork,
    ) {
      if (!records.attributes) throw new Error(`${records.spec.table}: the CrudSpec declares no customAttributes`);
      this.target = { entityType: records.attributes.type, find: ({ ctx, em }, id) => records.find({ ctx, em }, id) };
    }

    @Get()
    @RequirePermissions(options.view)
    @ApiOperation({
      summary: `List the custom attribute values of ${record}`,
      description: `Every custom attribute value set on the ${noun}, with its definition (id, name, attributeKey, fieldType).`,
    })
    @ApiParam({ name: 'id', description: 'The record id, or its externalId' })
    @ApiDataArray(CustomAttributeValueDto)
    @ApiErrors(404)
    async list(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<DataEnvelope<CustomAttributeValueDto[]>> {
      return one(await this.values.list(this.uow.read(ctx), this.target, id));
    }

    @Put(':definitionId')
    @RequirePermissions('custom_attributes_edit')
    @ApiOperation({
      summary: `Set a custom attribute of ${record}`,
      description:
        "Sets or replaces one value. The value field must match the definition's fieldType: STRING and SELECT `stringValue` " +
        '(SELECT: one of its options), NUMBER `numberValue`, DATE `dateValue`, DATE_RANGE `dateRangeStart` and `dateRangeEnd`; ' +
        'the other value fields must be absent or null.',
    })
    @ApiParam({ name: 'id', description: 'The record id, or its externalId' })
    @ApiData(CustomAttributeValueDto)
    @ApiErrors(400, 404, 501)
    async set(
      @Ctx() ctx: RequestContext,
      @Param('id') id: string,
      @Param('definitionId') definitionId: string,
      @Body() body: SetCustomAttributeValueDto,
    ): Promise<DataEnvelope<CustomAttributeValueDto>> {
      return one(await this.values.set(ctx, this.target, id, definitionId, body));
    }

    @Delete(':definitionId')
    @RequirePermissions('custom_attributes_edit')
    @ApiOperation({
      summary: `Clear a custom attribute of ${record}`,
      description: 'Removes one value; 204 with no body. A required attribute can be replaced but not cleared (400 VALIDATION_ERROR).',
    })
    @ApiParam({ name: 'id', description: 'The record id, or its externalId' })
    @ApiNoContent()
    @ApiErrors(400, 404, 501)
    async clear(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('definitionId') definitionId: string): Promise<void> {
      await this.values.clear(ctx, this.target, id, definitionId);
    }
  }
  return generatedController(GeneratedValuesController, `${classNameOf(options.path)}CustomAttributesController`);
}
