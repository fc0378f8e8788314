import { Body, Controller, Inject, Type } from '@nestjs/common';
import { Post } from '../common/http/write-routes';
import { ApiBody, ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { RequirePermissions } from '../common/auth/access.decorators';
import type { ApiPermission } from '../common/auth/permissions';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { UnitOfWork } from '../database/unit-of-work';
import { ApiData, ApiErrors } from '../common/http/api-responses';
import { DataEnvelope, one } from '../common/http/envelopes';
import { classNameOf, generatedController } from '../common/http/generated-controller';
import { BULK_MAX_RECORDS, bulkUpsert, BulkResultDto, BulkUpsertDto } from './bulk-upsert';
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
        'PATCHed (only the fields sent change; nested objects add records). Each item succeeds or fails alone, with the ' +
        "single requests' validation, permissions and events; an item that changes nothing is `unchanged` and sends no event.",
    })
    @RequirePermissions(options.edit)
    @ApiExtraModels(options.create)
    @ApiBody({
      schema: {
        type: 'object',
        required: ['records'],
        properties: {
          records: {
            type: 'array',
            minItems: 1,
            maxItems: BULK_MAX_RECORDS,
            items: {
              allOf: [
                { $ref: getSchemaPath(options.create) },
                {
                  type: 'object',
                  required: ['externalId'],
                  properties: {
                    externalId: {
                      type: 'string',
                      maxLength: 255,
                      description: 'Id in the system of record: a new one creates the record, a known one updates it.',
                      example: `${options.path.slice(0, 3).toUpperCase()}-1042`,
                    },
                  },
                },
              ],
            },
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
  }

  return generatedController(GeneratedBulkController, `${classNameOf(options.path)}BulkController`);
}
