import { Body, Controller, Inject, Type } from '@nestjs/common';
import { Post } from '../common/http/write-routes';
import { ApiBody, ApiExtraModels, ApiOperation, ApiProperty, ApiTags, getSchemaPath, PartialType } from '@nestjs/swagger';
import { RequirePermissions } from '../common/auth/access.decorators';
import type { ApiPermission } from '../common/auth/permissions';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { UnitOfWork } from '../database/unit-of-work';
import { ApiData, ApiErrors } from '../common/http/api-responses';
import { DataEnvelope, one } from '../common/http/envelopes';
import { classNameOf, generatedController } from '../common/http/generated-controller';
import { BULK_MAX_RECORDS, bulkUpsert, BulkResultDto, BulkUpsertDto } from './bulk-upsert';
import { bulkDelete, BulkDeleteDto, BulkDeleteResultDto } from './bulk-delete';
import type { CrudOperations, CrudServiceClass } from './crud.service';

export interface BulkControllerOptions {
  /** Path under /api/v1/org/:orgId (the resource's). */
  path: string;
  tag: string;
  edit: ApiPermission;
  service: CrudServiceClass;
  create: Type<unknown>;
  update: Type<unknown>;
}

/**
 * `POST /<resource>/bulk` (spec 04 §4.1): upsert by externalId, each item with the single POST's or
 * PATCH's body, permissions and events, per-item results.
 */
export function bulkController(options: BulkControllerOptions): Type<unknown> {
  const example = `${options.path.slice(0, 3).toUpperCase()}-1042`;
  const item = bulkItem(options.create, example);
  @ApiTags(options.tag)
  @Controller(`api/v1/org/:orgId/${options.path}`)
  class GeneratedBulkController {
    constructor(
      @Inject(options.service) readonly service: CrudOperations,
      readonly uow: UnitOfWork,
    ) {}

    @Post('bulk')
    @ApiOperation({
      summary: `Create or update ${options.path.replace(/-/g, ' ')} by externalId`,
      description:
        'Up to 1,000 records: a record whose externalId is new is created (the POST body), the others are ' +
        'PATCHed (only the fields sent change; a nested dated record updates the one with its key (effectiveDate; ' +
        'target and startDate) or is added). Each item succeeds or fails alone, with the ' +
        "single requests' validation, permissions and events; an item that changes nothing is `unchanged` and sends no event.",
    })
    @RequirePermissions(options.edit)
    @ApiExtraModels(item)
    @ApiBody({
      schema: {
        type: 'object',
        required: ['records'],
        properties: {
          records: {
            type: 'array',
            minItems: 1,
            maxItems: BULK_MAX_RECORDS,
            items: { $ref: getSchemaPath(item) },
          },
        },
      },
    })
    @ApiData(BulkResultDto, 200)
    @ApiErrors(400, 413, 501)
    async bulk(@Ctx() ctx: RequestContext, @Body() body: BulkUpsertDto): Promise<DataEnvelope<BulkResultDto>> {
      return one(
        await bulkUpsert({ service: this.service, uow: this.uow, create: options.create, update: options.update }, ctx, body.records),
      );
    }

    @Post('bulk-delete')
    @ApiOperation({
      summary: `Delete ${options.path.replace(/-/g, ' ')} by externalId`,
      description:
        'Up to 1,000 externalIds of records gone from the system of record. Each is deleted as by the single DELETE ' +
        '(its permissions, rules and events) and succeeds or fails alone; an externalId that names no record is `not_found`.',
    })
    @RequirePermissions(options.edit)
    @ApiBody({
      schema: {
        type: 'object',
        required: ['externalIds'],
        properties: {
          externalIds: {
            type: 'array',
            minItems: 1,
            maxItems: BULK_MAX_RECORDS,
            description: 'The externalIds of records gone from the system of record',
            items: { type: 'string', minLength: 1, maxLength: 255 },
            example: [example, `${options.path.slice(0, 3).toUpperCase()}-1043`],
          },
        },
      },
    })
    @ApiData(BulkDeleteResultDto, 200)
    @ApiErrors(400, 413, 501)
    async bulkDelete(@Ctx() ctx: RequestContext, @Body() body: BulkDeleteDto): Promise<DataEnvelope<BulkDeleteResultDto>> {
      return one(await bulkDelete({ service: this.service, uow: this.uow }, ctx, body.externalIds));
    }
  }

  return generatedController(GeneratedBulkController, `${classNameOf(options.path)}BulkController`);
}

/**
 * A bulk item as the document types it: `externalId` (required) and every field of the create body, optional (an
 * item for a known record carries only what changes; one creating a record without a required field fails alone).
 */
function bulkItem(create: Type<unknown>, example: string): Type<unknown> {
  const item = PartialType(create);
  Object.defineProperty(item, 'name', { value: `${create.name.replace(/^Create/, '').replace(/Dto$/, '')}BulkItemDto` });
  ApiProperty({
    type: String,
    required: true,
    nullable: false,
    maxLength: 255,
    description: 'Id in the system of record: a new one creates the record, a known one updates it.',
    example,
  })(item.prototype as object, 'externalId');
  return item;
}
