import { applyDecorators, HttpCode, Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiCreatedResponse,
  getSchemaPath,
  ApiResponse,
} from '@nestjs/swagger';
import { PageMetaDto } from './envelopes';
import { ErrorResponseDto } from './error-response.dto';

/** 200 (or 201) `{ data: <Model> }` */
export function ApiData(model: Type<unknown>, status: 200 | 201 = 200, description?: string): MethodDecorator {
  const schema = { type: 'object', required: ['data'], properties: { data: { $ref: getSchemaPath(model) } } };
  return applyDecorators(
    ApiExtraModels(model),
    status === 201 ? ApiCreatedResponse({ schema, description }) : ApiOkResponse({ schema, description }),
    HttpCode(status),
  );
}

/** 200 `{ data: <Model>, meta: <Meta> }`: a record and what the answer states beside it. */
export function ApiDataWithMeta(model: Type<unknown>, meta: Type<unknown>): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(model, meta),
    ApiOkResponse({
      schema: {
        type: 'object',
        required: ['data', 'meta'],
        properties: { data: { $ref: getSchemaPath(model) }, meta: { $ref: getSchemaPath(meta) } },
      },
    }),
  );
}

/** 200 `{ data: [<Model>] }` (a whole list, no paging). */
export function ApiDataArray(model: Type<unknown>): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(model),
    ApiOkResponse({
      schema: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { $ref: getSchemaPath(model) } } } },
    }),
  );
}

/** 200 `{ data: [<Model>], meta: { page, limit, total, hasNextPage } }` */
export function ApiList(model: Type<unknown>): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(model, PageMetaDto),
    ApiOkResponse({
      schema: {
        type: 'object',
        required: ['data', 'meta'],
        properties: { data: { type: 'array', items: { $ref: getSchemaPath(model) } }, meta: { $ref: getSchemaPath(PageMetaDto) } },
      },
    }),
  );
}

/** 204 with no body. */
export function ApiNoContent(description = 'Done; no content'): MethodDecorator {
  return applyDecorators(ApiNoContentResponse({ description }), HttpCode(204));
}

type ErrorStatus = 400 | 403 | 404 | 409 | 410 | 412 | 413 | 501;
const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'VALIDATION_ERROR: the body or query fails validation (details[] has dot paths)',
  403: 'FORBIDDEN: with X-Acting-User, the request would give or use rights the acting user does not hold',
  404: 'NOT_FOUND: no such record in the organization',
  409: 'CONFLICT: the record changed or is still referenced meanwhile (another request won, or a record depends on it); read it again and retry',
  410: 'GONE: what was asked for is no longer retained; details[0].value names what to ask for instead',
  412: 'PRECONDITION_FAILED: If-Match names a version the record no longer has; nothing changed',
  413: 'PAYLOAD_TOO_LARGE: the body is over the size limit',
  501: 'NOT_IMPLEMENTED: the write was sent with scenarioId',
};

/**
 * Documents the error answers a route gives, all in the `{ error: { ... } }` shape; `[status, description]`
 * when the route's reason differs from the usual one.
 */
export function ApiErrors(...statuses: (ErrorStatus | readonly [ErrorStatus, string])[]): MethodDecorator {
  return applyDecorators(
    ...statuses.map((entry) => {
      const [status, description] = typeof entry === 'number' ? [entry, DESCRIPTIONS[entry]] : entry;
      const options = { description, type: ErrorResponseDto };
      switch (status) {
        case 400:
          return ApiBadRequestResponse(options);
        case 404:
          return ApiNotFoundResponse(options);
        case 409:
          return ApiConflictResponse(options);
        default:
          return ApiResponse({ status, ...options });
      }
    }),
  );
}
