import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, MaxLength, MinLength } from 'class-validator';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import type { Tx, UnitOfWork } from '../database/unit-of-work';
import { BULK_MAX_RECORDS, BulkItemErrorDto, bulkItemError } from './bulk-upsert';
import type { CrudOperations } from './crud.service';
import { idsByExternalId } from './record-rows.repository';

/** `{ externalIds: [ ... ] }`: the records gone from the system of record. */
export class BulkDeleteDto {
  /** 1 to 1,000 externalIds of records to delete. */
  @ApiProperty({ type: [String], minItems: 1, maxItems: BULK_MAX_RECORDS, example: ['HR-1042', 'HR-1043'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(BULK_MAX_RECORDS)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(255, { each: true })
  externalIds: string[];
}

export type BulkDeleteOutcome = 'deleted' | 'not_found' | 'failed';

export class BulkDeleteItemDto {
  @ApiProperty({ description: '0-based position of the externalId in `externalIds`', type: 'integer', minimum: 0 }) index: number;
  @ApiProperty({ description: 'The externalId as sent' }) externalId: string;
  @ApiProperty({ description: 'The id of the record it named; null when none', type: String, nullable: true }) id: string | null;
  @ApiProperty({
    description: 'deleted, not_found (no record carries the externalId: not a failure) or failed (the record stays)',
    enum: ['deleted', 'not_found', 'failed'],
  })
  result: BulkDeleteOutcome;
  @ApiProperty({ description: 'Why the delete failed; null unless result is failed', type: BulkItemErrorDto, nullable: true })
  error: BulkItemErrorDto | null;
}

export class BulkDeleteResultDto {
  @ApiProperty({ description: 'How many records were deleted', type: 'integer', minimum: 0 }) deleted: number;
  @ApiProperty({ description: 'How many externalIds named no record', type: 'integer', minimum: 0 }) notFound: number;
  @ApiProperty({ description: 'How many deletes failed (each with its error; the others were still made)', type: 'integer', minimum: 0 })
  failed: number;
  @ApiProperty({ description: 'One result per externalId, in the order sent', type: [BulkDeleteItemDto] }) results: BulkDeleteItemDto[];
}

/**
 * Deletes the records carrying `externalIds` in one transaction, each through the single DELETE's removeIn (its
 * rules, cascades and events) under its own savepoint, so that a refused delete fails alone. An externalId that
 * names no record is `not_found`; one repeated in the request fails the later item.
 */
export async function bulkDelete(
  target: { service: CrudOperations & { removeIn(tx: Tx, id: string): Promise<void> }; uow: UnitOfWork },
  ctx: RequestContext,
  externalIds: string[],
): Promise<BulkDeleteResultDto> {
  const results: BulkDeleteItemDto[] = externalIds.map((externalId, index) => ({
    index,
    externalId,
    id: null,
    result: 'failed',
    error: null,
  }));
  await target.uow.run(ctx, async (tx) => {
    const rows = await idsByExternalId(tx, target.service.spec, [...new Set(externalIds)]);
    const ids = new Map(rows.map((row) => [row.external_id, row.id]));
    const seen = new Map<string, number>();
    for (const item of results) {
      const first = seen.get(item.externalId);
      if (first !== undefined) {
        const problem = DomainError.validation('externalId', `externalId repeats the one of item ${first} of this request`);
        item.error = bulkItemError(problem);
        continue;
      }
      seen.set(item.externalId, item.index);
      item.id = ids.get(item.externalId) ?? null;
      if (!item.id) {
        item.result = 'not_found';
        continue;
      }
      try {
        await tx.savepoint(() => target.service.removeIn(tx, item.id!));
        item.result = 'deleted';
      } catch (error) {
        item.error = bulkItemError(error);
      }
    }
  });
  const count = (outcome: BulkDeleteOutcome) => results.filter((r) => r.result === outcome).length;
  return { deleted: count('deleted'), notFound: count('not_found'), failed: count('failed'), results };
}
