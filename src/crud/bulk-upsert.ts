import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../common/auth/request-context';
import type { Tx, UnitOfWork } from '../database/unit-of-work';
import { translateDbError } from '../common/errors/db-errors';
import { DomainError } from '../common/errors/domain-error';
import type { ErrorCode, FieldError } from '../common/errors/error-codes';
import { isCuid } from '../common/ids';
import { logger } from '../common/logging/json-logger';
import { AppValidationPipe } from '../common/validation/validation.pipe';
import type { CrudService } from './crud.service';
import { idsByExternalId } from './record-rows.repository';
import { BatchedCrudService } from './batched-crud.service';
import type { CrudEntity } from './crud.types';

/** Spec 04 §4.1: at most this many records per bulk request. */
export const BULK_MAX_RECORDS = 1000;

/** `{ records: [ ... ] }`: each item is checked on its own by the resource's create or PATCH body. */
export class BulkUpsertDto {
  /** 1 to 1,000 records, each with its `externalId` and any fields of the create body. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(BULK_MAX_RECORDS)
  records: unknown[];
}

export type BulkItemOutcome = 'created' | 'updated' | 'unchanged' | 'failed';

export class BulkItemErrorDto {
  @ApiProperty({ description: 'Error code, as in a single request', example: 'VALIDATION_ERROR' }) code: string;
  @ApiProperty({ description: 'What went wrong with the item', example: 'firstName must be a string' }) message: string;
  /** Field errors with dot paths inside the item (`salary.currencyCode`); null for other errors. */
  @ApiProperty({
    description: 'Field errors with dot paths inside the item; null for other errors',
    type: 'array',
    nullable: true,
    items: {
      type: 'object',
      properties: {
        field: { type: 'string', description: 'Dot path of the offending field inside the item' },
        message: { type: 'string', description: 'What is wrong with the field' },
      },
      required: ['field', 'message'],
    },
  })
  details: FieldError[] | null;
}

export class BulkItemResultDto {
  @ApiProperty({ description: '0-based position of the item in `records`', type: 'integer', minimum: 0 }) index: number;
  @ApiProperty({ description: 'The externalId the item was sent with; null when it had none', type: String, nullable: true }) externalId:
    string | null;
  /** The record's id; null when a new record failed. */
  @ApiProperty({ type: String, nullable: true }) id: string | null;
  @ApiProperty({
    description: 'created, updated, unchanged (the item changed nothing and sent no event) or failed',
    enum: ['created', 'updated', 'unchanged', 'failed'],
  })
  result: BulkItemOutcome;
  @ApiProperty({ description: 'Why the item failed; null unless result is failed', type: BulkItemErrorDto, nullable: true })
  error: BulkItemErrorDto | null;
}

export class BulkResultDto {
  @ApiProperty({ description: 'How many items created a record', type: 'integer', minimum: 0 }) created: number;
  @ApiProperty({ description: 'How many items changed an existing record', type: 'integer', minimum: 0 }) updated: number;
  @ApiProperty({ description: 'How many items matched their record as it was (nothing written, no event)', type: 'integer', minimum: 0 })
  unchanged: number;
  @ApiProperty({ description: 'How many items failed (each with its error; the others were still written)', type: 'integer', minimum: 0 })
  failed: number;
  @ApiProperty({ description: 'One result per item, in the order of records', type: [BulkItemResultDto] }) results: BulkItemResultDto[];
}

/**
 * What a bulk upsert writes through: a CRUD service, or another resource's single writes in the caller's
 * transaction (the functional structure's, for PULL hooks: src/functional-structure/functional-bulk-writers.ts).
 */
export interface BulkWriter {
  spec: { table: string; planScoped: boolean };
  createIn(tx: Tx, input: unknown): Promise<{ id: string }>;
  updateIn(tx: Tx, id: string, input: unknown): Promise<unknown>;
}

export interface BulkTarget<E extends CrudEntity> {
  service: CrudService<E, unknown, unknown, unknown> | BulkWriter;
  uow: UnitOfWork;
  /** The single POST's body class (create semantics) and the single PATCH's (update semantics). */
  create: Type<unknown>;
  update: Type<unknown>;
  /** false: the write's changes are history only, never sent (PULL hooks, spec 04 §5.4). Default true. */
  notify?: boolean;
}

const pipe = new AppValidationPipe();

/**
 * Spec 04 §4.1: upserts records by externalId in one transaction, each item under its own savepoint
 * (its rows, nested records and recorded changes go together or not at all). Items are validated by
 * the same DTO pipeline as the single requests and written by the same createIn/updateIn.
 */
export async function bulkUpsert<E extends CrudEntity>(
  target: BulkTarget<E>,
  ctx: RequestContext,
  records: unknown[],
): Promise<BulkResultDto> {
  const results: BulkItemResultDto[] = records.map((_record, index) => ({
    index,
    externalId: null,
    id: null,
    result: 'failed',
    error: null,
  }));
  const seen = new Map<string, number>();
  const candidates: number[] = [];
  records.forEach((record, index) => {
    const problem = externalIdProblem(record);
    const externalId = (record as { externalId?: unknown } | null)?.externalId;
    if (typeof externalId === 'string') results[index].externalId = externalId;
    if (problem) return void (results[index].error = bulkItemError(DomainError.validation(problem.field, problem.message)));
    const first = seen.get(externalId as string);
    if (first !== undefined) {
      return void (results[index].error = bulkItemError(
        DomainError.validation('externalId', `externalId repeats the one of item ${first} of this batch`),
      ));
    }
    seen.set(externalId as string, index);
    candidates.push(index);
  });

  await target.uow.run(
    ctx,
    async (tx) => {
      const existing = await existingIds(
        target.service,
        tx,
        candidates.map((i) => results[i].externalId!),
      );
      const valid: Prepared[] = [];
      for (const index of candidates) {
        const item = results[index];
        item.id = existing.get(item.externalId!) ?? null;
        try {
          const input = await pipe.transform(records[index], { type: 'body', metatype: item.id ? target.update : target.create, data: '' });
          valid.push({ item, existingId: item.id, input });
        } catch (error) {
          item.error = bulkItemError(error);
        }
      }
      for (let start = 0; start < valid.length; start += CHUNK) await writeChunk(target, tx, valid.slice(start, start + CHUNK));
    },
    { notify: target.notify ?? true },
  );

  const count = (outcome: BulkItemOutcome) => results.filter((r) => r.result === outcome).length;
  return { created: count('created'), updated: count('updated'), unchanged: count('unchanged'), failed: count('failed'), results };
}

/**
 * Items written under one savepoint while none fails: each statement and savepoint is a round trip, and
 * multi-row statements cost less per row the more rows they carry.
 */
const CHUNK = 200;

interface Prepared {
  item: BulkItemResultDto;
  existingId: string | null;
  input: unknown;
}

/**
 * Writes a chunk of items under one savepoint; when one of them fails, the chunk is undone (rows and
 * recorded changes) and its two halves are written again the same way, down to one item per savepoint,
 * so that only the failing items fail. The outcome is the same as one savepoint per item, with fewer
 * round trips.
 */
async function writeChunk<E extends CrudEntity>(target: BulkTarget<E>, tx: Tx, chunk: Prepared[]): Promise<void> {
  if (chunk.length === 1) {
    const [prepared] = chunk;
    try {
      const [result, id] = await tx.savepoint(() => writeItem(target, tx, prepared));
      Object.assign(prepared.item, { result, id });
    } catch (error) {
      prepared.item.error = bulkItemError(error);
    }
    return;
  }
  try {
    const outcomes = await tx.savepoint(() => writeTogether(target, tx, chunk));
    chunk.forEach((prepared, i) => Object.assign(prepared.item, { result: outcomes[i][0], id: outcomes[i][1] }));
  } catch {
    const half = Math.ceil(chunk.length / 2);
    await writeChunk(target, tx, chunk.slice(0, half));
    await writeChunk(target, tx, chunk.slice(half));
  }
}

/**
 * The items of a chunk in order; for a resource with nested records, a run of new records goes through
 * createManyIn and a run of existing ones through updateManyIn (multi-row statements, the same checks,
 * rows and recorded changes as createIn and updateIn one by one).
 */
async function writeTogether<E extends CrudEntity>(target: BulkTarget<E>, tx: Tx, chunk: Prepared[]): Promise<[BulkItemOutcome, string][]> {
  const service = target.service;
  if (!(service instanceof BatchedCrudService)) return sequentially(target, tx, chunk);
  const batched = service as BatchedCrudService<E, unknown, unknown, unknown>;
  const done: [BulkItemOutcome, string][] = [];
  for (let i = 0; i < chunk.length;) {
    const isNew = !chunk[i].existingId;
    let end = i;
    while (end < chunk.length && !chunk[end].existingId === isNew) end++;
    const run = chunk.slice(i, end);
    if (isNew) {
      for (const record of await batched.createManyIn(
        tx,
        run.map((p) => p.input),
      ))
        done.push(['created', record.id]);
    } else {
      const changed = await batched.updateManyIn(
        tx,
        run.map((p) => ({ id: p.existingId!, input: p.input })),
      );
      run.forEach((p, k) => done.push([changed[k] ? 'updated' : 'unchanged', p.existingId!]));
    }
    i = end;
  }
  return done;
}

async function sequentially<E extends CrudEntity>(target: BulkTarget<E>, tx: Tx, chunk: Prepared[]): Promise<[BulkItemOutcome, string][]> {
  const done: [BulkItemOutcome, string][] = [];
  for (const prepared of chunk) done.push(await writeItem(target, tx, prepared));
  return done;
}

/** One item through the single requests' createIn or updateIn; `unchanged` when it recorded no change. */
async function writeItem<E extends CrudEntity>(
  target: BulkTarget<E>,
  tx: Tx,
  { existingId, input }: Prepared,
): Promise<[BulkItemOutcome, string]> {
  const mark = tx.recorded.length;
  const service: BulkWriter = target.service;
  if (!existingId) return ['created', (await service.createIn(tx, input)).id];
  await service.updateIn(tx, existingId, input);
  return [tx.recorded.length > mark ? 'updated' : 'unchanged', existingId];
}

/** Document 01 rule 6 for the item's key, which a bulk item must carry. */
function externalIdProblem(record: unknown): FieldError | null {
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    return { field: 'record', message: 'Each record must be a JSON object' };
  const value = (record as { externalId?: unknown }).externalId;
  if (value === undefined || value === null) return { field: 'externalId', message: 'externalId is required' };
  if (typeof value !== 'string' || value.length < 1 || value.length > 255)
    return { field: 'externalId', message: 'externalId must be a string of 1 to 255 characters' };
  if (isCuid(value)) return { field: 'externalId', message: 'externalId must not have the shape of an id (CUID)' };
  return null;
}

/** externalId -> id of the records of the request's organization (and plan) that already carry one of these. */
async function existingIds(service: BulkWriter, tx: Tx, externalIds: string[]): Promise<Map<string, string>> {
  if (!externalIds.length) return new Map();
  const rows = await idsByExternalId(tx, service.spec, externalIds);
  return new Map(rows.map((r) => [r.external_id, r.id]));
}

/** An item's error as the response carries it; errors that are not the client's are logged like a 500. */
export function bulkItemError(error: unknown): BulkItemErrorDto {
  const known = error instanceof DomainError ? error : translateDbError(error);
  if (known)
    return {
      code: known.code === 'INVALID_INPUT' ? 'VALIDATION_ERROR' : known.code,
      message: known.message,
      details: known.details?.length ? known.details : null,
    };
  const errorId = randomUUID();
  logger.write('error', 'bulk item failed', { errorId, cause: error instanceof Error ? error.stack : String(error) });
  return { code: 'INTERNAL_ERROR' satisfies ErrorCode, message: `An internal error occurred (errorId ${errorId})`, details: null };
}
