import { randomUUID } from 'node:crypto';
import { FindOptionsWhere, In, MoreThan, Repository } from 'typeorm';
import { ActorType, ChangeType, DispatchStatus, RecordChangeEntity } from '../../src/database/entities/record-change.entity';
import type { TestApp } from './test-app';

/**
 * The recorded changes of an organization (`record_changes`: the audit history and, for the live plan,
 * the webhook outbox), read and written through the app's repository of RecordChangeEntity. The one place
 * tests reach that table: everything else asks these functions.
 */

/** A recorded field set (`before` / `after`): the record's fields as they were written. */
export type Snapshot = { [field: string]: unknown };

/** One recorded change, ordered by `seq` (insertion order) in every list below. */
export interface Change {
  seq: number;
  eventId: string;
  planId: string;
  entityType: string;
  entityId: string;
  changeType: ChangeType;
  before: Snapshot | null;
  after: Snapshot | null;
  actorType: ActorType;
  actorId: string;
  dispatchStatus: DispatchStatus | null;
  dispatchClaimId: string | null;
  organizationLevel: boolean;
  createdAt: Date;
}

/** The table of the change history: for tests that count every other table's rows. */
export const CHANGES_TABLE = 'record_changes';

/** Which changes of the organization: every given condition holds. */
export interface ChangeFilter {
  entityId?: string;
  entityType?: string | string[];
  changeType?: ChangeType;
  planId?: string;
  actorType?: ActorType;
  dispatchStatus?: DispatchStatus | DispatchStatus[];
  organizationLevel?: boolean;
  /** Only changes recorded after this point (`lastSeq` before the writes under test). */
  afterSeq?: number;
  seqs?: number[];
}

/** A change written directly, as a crashed or slow dispatcher would have left it. */
export interface NewChange {
  planId: string;
  entityType: string;
  entityId: string;
  changeType: ChangeType;
  before?: Snapshot | null;
  after: Snapshot | null;
  actorType: ActorType;
  actorId: string;
  dispatchStatus: DispatchStatus | null;
  dispatchClaimedAt?: Date | null;
  dispatchClaimId?: string | null;
}

function repository(t: TestApp): Repository<RecordChangeEntity> {
  return t.dataSource.getRepository(RecordChangeEntity);
}

function where(orgId: string, filter: ChangeFilter): FindOptionsWhere<RecordChangeEntity> {
  const oneOrMany = <T>(value: T | T[]) => (Array.isArray(value) ? In(value) : value);
  const { entityType, dispatchStatus, afterSeq, seqs, ...equal } = filter;
  const conditions: FindOptionsWhere<RecordChangeEntity> = { organizationId: orgId, ...equal };
  if (entityType !== undefined) conditions.entityType = oneOrMany(entityType);
  if (dispatchStatus !== undefined) conditions.dispatchStatus = oneOrMany(dispatchStatus);
  if (seqs !== undefined) conditions.seq = In(seqs.map(String));
  else if (afterSeq !== undefined) conditions.seq = MoreThan(String(afterSeq));
  return conditions;
}

/** The organization's recorded changes that match the filter, oldest first. */
export async function changesOf(t: TestApp, orgId: string, filter: ChangeFilter = {}): Promise<Change[]> {
  const rows = await repository(t).find({ where: where(orgId, filter), order: { seq: 'ASC' } });
  return rows.map((row) => ({
    seq: Number(row.seq),
    eventId: row.eventId,
    planId: row.planId,
    entityType: row.entityType,
    entityId: row.entityId,
    changeType: row.changeType,
    before: row.before,
    after: row.after,
    actorType: row.actorType,
    actorId: row.actorId,
    dispatchStatus: row.dispatchStatus,
    dispatchClaimId: row.dispatchClaimId,
    organizationLevel: row.organizationLevel,
    createdAt: row.createdAt,
  }));
}

/** The `seq` of the organization's latest change (0 when none): pass it as `afterSeq` to see what came later. */
export async function lastSeq(t: TestApp, orgId: string): Promise<number> {
  const latest = await repository(t).findOne({ where: { organizationId: orgId }, order: { seq: 'DESC' }, select: { seq: true } });
  return Number(latest?.seq ?? 0);
}

/** Writes the changes directly (no unit of work, no dispatcher wake-up); returns their `seq`s in order. */
export async function insertChanges(t: TestApp, orgId: string, changes: NewChange[]): Promise<number[]> {
  const repo = repository(t);
  const rows = repo.create(
    changes.map((change) => ({ ...change, before: change.before ?? null, eventId: randomUUID(), organizationId: orgId })),
  );
  return (await repo.save(rows)).map((row) => Number(row.seq));
}

/** Sets the fields on the organization's changes that match the filter. */
export async function updateChanges(
  t: TestApp,
  orgId: string,
  filter: ChangeFilter,
  set: Partial<Pick<RecordChangeEntity, 'dispatchStatus' | 'createdAt'>>,
): Promise<void> {
  await repository(t).update(where(orgId, filter), set);
}
