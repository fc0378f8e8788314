import { withRetry } from './db-retry';
import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { DATABASE_RUNTIME, DatabaseRuntime } from './database-runtime';
import { poolClients } from './pool-clients';
import { poolReadManager, prepareStatementsOn, transactionManager } from './pool-reads';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { endpointWants, pushHookWants } from './delivery-targets';
import type { ChangeType } from './entities/record-change.entity';
import { withPersonExternalIds } from './person-external-ids';

export interface ChangeInput {
  /** Document 02's entity type (`employee`, `employee_team_allocation`, ...). */
  entityType: string;
  entityId: string;
  changeType: ChangeType;
  /** The record in the service's own field names, as webhook payloads carry it. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** false: history only, never sent (a side effect document 02's events table does not list, e.g. allocations moved by a fill). */
  notify?: boolean;
  /** true: organization-level data about the record (a functional group's grant): a scenario merge does not count it as a live change. */
  organizationLevel?: boolean;
}

/** Emitted after a transaction that recorded changes commits; wakes the webhook dispatcher. */
export const CHANGES_COMMITTED = 'record-changes.committed';

export interface ChangesCommittedEvent {
  organizationId: string;
  planId: string;
  live: boolean;
  count: number;
}

/**
 * What travels with every read and write of a request: its context and the EntityManager to query with.
 * A write passes its Tx; a plain read passes `UnitOfWork.read(ctx)`. Services, use cases and
 * repositories take it as one parameter (never `ctx, em` apart).
 */
export type TxScope = Pick<Tx, 'ctx' | 'em'>;

/** One part of a read split across connections (`UnitOfWork.readOnlyParts`): part `index` of `count`. */
export interface ReadPart {
  index: number;
  count: number;
}

/** A read that is not split: the whole, as part 0 of 1. */
export const WHOLE_READ: ReadPart = { index: 0, count: 1 };

/**
 * A write in progress: its EntityManager (use it for every query of the write, never the pool) and
 * the change recorder. Changes are inserted into `record_changes` in one statement just before commit.
 */
export class Tx {
  private readonly changes: ChangeInput[] = [];
  private savepoints = 0;
  /** The last savepoint that succeeded and is not yet released (see savepoint). */
  private releasable: string | null = null;

  constructor(
    readonly em: EntityManager,
    readonly ctx: RequestContext,
    /** false: every change of this write is history only, never sent (see UnitOfWork.run's options). */
    readonly notify = true,
  ) {}

  record(change: ChangeInput): void {
    this.assertAttributable();
    this.changes.push(change);
  }

  /**
   * Records an update only when the record changed: `before` and `after` (payloads in the same field
   * order) compared as JSON. Returns whether it recorded one.
   */
  recordUpdate(
    change: Omit<ChangeInput, 'changeType' | 'before' | 'after'> & { before: Record<string, unknown>; after: Record<string, unknown> },
  ): boolean {
    if (JSON.stringify(change.before) === JSON.stringify(change.after)) return false;
    this.record({ ...change, changeType: 'update' });
    return true;
  }

  /**
   * Spec 03 §1 item 9: the initiator `system` is never sent, so a change of live data made by the
   * application API needs a person behind it (`X-Acting-User`); without one the write is refused (400,
   * the transaction rolls back) at its first change. Scenario plans are not sent and need no one.
   */
  private assertAttributable(): void {
    if (this.ctx.actor.type === 'system' && this.ctx.planId === this.ctx.livePlanId) {
      throw DomainError.validation(
        'X-Acting-User',
        'This application-API write changes live data: name the user who makes it in X-Acting-User',
      );
    }
  }

  get recorded(): readonly ChangeInput[] {
    return this.changes;
  }

  /**
   * Runs part of the write under a SAVEPOINT: when it throws, its rows and the changes it recorded are
   * both undone (nothing of it reaches the history or the webhook outbox) and the error is rethrown;
   * the rest of the transaction goes on. Bulk upserts run each item (or chunk of items) this way.
   * A savepoint that succeeded is released together with the next one's creation (one round trip
   * instead of two), or by the commit; until then the work after it runs inside it, which changes
   * nothing: it is never rolled back to.
   */
  async savepoint<T>(work: () => Promise<T>): Promise<T> {
    const name = `sp_${++this.savepoints}`;
    const mark = this.changes.length;
    const release = this.releasable;
    this.releasable = null;
    await this.em.query(release ? `RELEASE SAVEPOINT ${release}; SAVEPOINT ${name}` : `SAVEPOINT ${name}`);
    try {
      const value = await work();
      this.releasable = name;
      return value;
    } catch (error) {
      // Also undoes a savepoint made and left unreleased inside this one.
      this.releasable = null;
      await this.em.query(`ROLLBACK TO SAVEPOINT ${name}`);
      this.changes.length = mark;
      throw error;
    }
  }

  /**
   * @internal Must be the transaction's last statement. Live changes take their numbers from the
   * organization's commit clock in the same statement: its row lock is held from here to commit, so
   * writers of one organization commit in clock order and `GET /changes` never sees k + 1 before k.
   * Deferred constraints are checked first, so that nothing waits on another transaction while the
   * clock is held (a wait there could close a deadlock with a writer queued on the clock).
   */
  async flush(): Promise<number> {
    const n = this.changes.length;
    if (n === 0) return 0;
    const live = this.ctx.planId === this.ctx.livePlanId;
    const { organizationId, planId, actor } = this.ctx;
    // Live changes (the feed's, the webhooks') of a person's records name the person's externalId.
    const changes = live
      ? await withPersonExternalIds({ organizationId, planId }, this.changes, (q, p) => this.em.query(q, p))
      : this.changes;
    for (const [sql, params] of changeFlushStatements({ organizationId, planId, live, actor, notify: this.notify }, changes))
      await this.em.query(sql, params);
    return n;
  }
}

/**
 * The statements `Tx.flush` sends (the benchmarks' baselines import them, so that they cannot drift from
 * the service): live changes take their numbers from the organization's commit clock. A change to be
 * sent that no delivery target of its organization wants is written DONE (an event that went nowhere):
 * the dispatcher never claims it, which spares two updates of its row (bulk writes record thousands).
 */
export function changeFlushStatements(
  batch: { organizationId: string; planId: string; live: boolean; actor: RequestContext['actor']; notify?: boolean },
  changes: readonly ChangeInput[],
): [string, unknown[]][] {
  const n = changes.length;
  const { live, actor } = batch;
  const befores = changes.map((c) => beforePart(c.before, c.after));
  const clock = live
    ? `INSERT INTO change_clocks (organization_id, seq) VALUES ($1, ${n})
           ON CONFLICT (organization_id) DO UPDATE SET seq = change_clocks.seq + ${n} RETURNING seq - ${n} AS base`
    : `SELECT NULL::bigint AS base`;
  // Only live changes are ever sent (scenario changes have no dispatch status).
  const dispatchStatus = live
    ? `CASE WHEN u.dispatch_status = 'PENDING'
             AND NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE ${endpointWants('e', '$1', 'u.entity_type', 'u.change_type')})
             AND NOT EXISTS (SELECT 1 FROM integrations i WHERE ${pushHookWants('i', '$1', 'u.entity_type', 'u.change_type')})
            THEN 'DONE' ELSE u.dispatch_status END`
    : 'u.dispatch_status';
  const insert = `WITH clock AS (${clock})
       INSERT INTO record_changes
         (event_id, organization_id, plan_id, entity_type, entity_id, change_type, before, after,
          actor_type, actor_id, actor_email, dispatch_status, organization_level, commit_seq)
       SELECT u.event_id, $1, $2, u.entity_type, u.entity_id, u.change_type,
              CASE WHEN u.before_is_diff THEN u.after || u.before_part ELSE u.before_part END, u.after, $3, $4, $5,
              ${dispatchStatus}, u.organization_level, clock.base + u.ord
         FROM clock, unnest($6::uuid[], $7::text[], $8::text[], $9::text[], $10::jsonb[], $11::jsonb[], $12::text[], $13::boolean[], $14::boolean[])
           WITH ORDINALITY AS u(event_id, entity_type, entity_id, change_type, before_part, after, dispatch_status, organization_level, before_is_diff, ord)`;
  const params = [
    batch.organizationId,
    batch.planId,
    actor.type,
    actor.id,
    actor.email ?? null,
    changes.map(() => randomUUID()),
    changes.map((c) => c.entityType),
    changes.map((c) => c.entityId),
    changes.map((c) => c.changeType),
    jsonArray(befores.map((before) => before.json)),
    jsonArray(changes.map((c) => (c.after === null ? null : JSON.stringify(c.after)))),
    changes.map((c) => (live && batch.notify !== false && c.notify !== false ? 'PENDING' : null)),
    changes.map((c) => c.organizationLevel === true),
    befores.map((before) => before.isDiff),
  ];
  return live
    ? [
        ['SET CONSTRAINTS ALL IMMEDIATE', []],
        [insert, params],
      ]
    : [[insert, params]];
}

/**
 * What an update sends of its `before`: the fields whose values differ from `after` (stored as
 * `after || part`, the same jsonb as the whole record), which is most of the bytes a bulk resync sends
 * saved; the whole record where `after` lacks one of its fields or there is no `after`.
 */
function beforePart(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { json: string | null; isDiff: boolean } {
  if (before === null) return { json: null, isDiff: false };
  if (after === null) return { json: JSON.stringify(before), isDiff: false };
  const part: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const value = before[key];
    // A field only `after` has cannot be taken away by `||`.
    if (value === undefined && after[key] !== undefined) return { json: JSON.stringify(before), isDiff: false };
  }
  for (const key of Object.keys(before)) {
    const value = before[key];
    if (value === undefined) continue;
    const other = after[key];
    if (value === other) continue;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof other === 'object' &&
      other !== null &&
      JSON.stringify(value) === JSON.stringify(other)
    )
      continue;
    part[key] = value;
  }
  return { json: JSON.stringify(part), isDiff: true };
}

/**
 * A PostgreSQL array literal of JSON texts (or NULLs), escaped in one pass (pg's own array parameters
 * escape each element twice over).
 */
function jsonArray(values: (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/** Makes the current transaction read-only and sets its `SET LOCAL` settings (`readOnly`, `readOnlyParts`). */
async function readOnlySession(q: { query(sql: string): Promise<unknown> }, settings: readonly string[]): Promise<void> {
  await q.query('SET TRANSACTION READ ONLY');
  for (const setting of settings) await q.query(`SET LOCAL ${setting}`);
}

/**
 * One transaction per write (DESIGN.md mechanism 3): runs the work in a transaction, records its
 * changes in the same transaction, and after commit tells the dispatcher.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventEmitter2,
    @Inject(DATABASE_RUNTIME) private readonly runtime: DatabaseRuntime,
  ) {
    if (!runtime.isEmbedded) prepareStatementsOn(dataSource);
  }

  /** The pool's entity manager, for statements outside any organization (the application API's organizations). */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** A plain read's scope (no transaction; taken as a Tx is), its `query` straight to the pool (`poolReadManager`). */
  read(ctx: RequestContext): TxScope {
    return { ctx, em: poolReadManager(this.dataSource) };
  }

  /** A read in a read-only transaction of its own, for statements that need `SET LOCAL` `settings` (`work_mem = '16MB'`). */
  readOnly<T>(ctx: RequestContext, settings: readonly string[], work: (scope: TxScope) => Promise<T>): Promise<T> {
    return this.transaction(undefined, async (em) => {
      await readOnlySession(em, settings);
      return work({ ctx, em });
    });
  }

  /**
   * `readOnly` cut in two, for one long statement that can be computed in parts and summed (the forecast):
   * the work runs as part 0 and part 1 of 2 at the same time, on the transaction's connection and on a
   * second one whose transaction imports the first one's snapshot (REPEATABLE READ, `pg_export_snapshot`,
   * `SET TRANSACTION SNAPSHOT`), so both parts read the same data and PostgreSQL works on both on two cores.
   * The second connection is taken only when the pool has one idle, or room to open one, right now, and
   * nobody waits for one: it is never waited for (requests holding one connection while they wait for
   * another could, with enough of them, hold the whole pool);
   * without it, or where the runtime does not split reads (`DatabaseRuntime.splitsReads`), the work runs
   * once, as the whole (`WHOLE_READ`). Returns each part's result.
   */
  readOnlyParts<T>(ctx: RequestContext, settings: readonly string[], work: (scope: TxScope, part: ReadPart) => Promise<T>): Promise<T[]> {
    if (!this.runtime.splitsReads) return this.readOnly(ctx, settings, async (scope) => [await work(scope, WHOLE_READ)]);
    return this.transaction('REPEATABLE READ', async (em) => {
      const second = this.idleRunner();
      await readOnlySession(em, settings);
      if (!second || !(await second.connected)) {
        second?.runner.release().catch(() => undefined);
        return [await work({ ctx, em }, WHOLE_READ)];
      }
      const { runner } = second;
      try {
        const [{ snapshot }] = (await em.query('SELECT pg_export_snapshot() AS snapshot')) as { snapshot: string }[];
        const own = work({ ctx, em }, { index: 0, count: 2 });
        const other = (async () => {
          await runner.startTransaction('REPEATABLE READ');
          await runner.query(`SET TRANSACTION SNAPSHOT '${snapshot.replace(/[^0-9A-Fa-f-]/g, '')}'`);
          await readOnlySession(runner, settings);
          return work({ ctx, em: transactionManager(runner.manager) }, { index: 1, count: 2 });
        })();
        const parts = await Promise.allSettled([own, other]);
        const failed = parts.find((part) => part.status === 'rejected');
        if (failed) throw failed.reason;
        return parts.map((part) => (part as PromiseFulfilledResult<T>).value);
      } finally {
        if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        await runner.release();
      }
    });
  }

  /** A transaction at `isolation` (else the server's: naming it costs a round trip), `query` on its connection (`transactionManager`). */
  private transaction<T>(isolation: IsolationLevel | undefined, work: (em: EntityManager) => Promise<T>): Promise<T> {
    const inTransaction = (em: EntityManager) => work(transactionManager(em));
    return isolation ? this.dataSource.transaction(isolation, inTransaction) : this.dataSource.transaction(inTransaction);
  }

  /**
   * A query runner on a connection the pool has idle or may open right now, or null. `connect()` asks the
   * pool at once (no await before it): with nobody waiting before us, that connection is ours.
   */
  private idleRunner(): { runner: QueryRunner; connected: Promise<boolean> } | null {
    const clients = poolClients(this.dataSource);
    if (!clients || clients.waiting > 0 || (clients.idle === 0 && clients.total >= clients.max)) return null;
    const runner = this.dataSource.createQueryRunner();
    return {
      runner,
      connected: runner.connect().then(
        () => true,
        () => false,
      ),
    };
  }

  /**
   * A write outside any organization's plan, which records no change: creating an organization with its
   * live plan, and the first start's demo seed. Run again (whole) after a deadlock or serialization failure: on
   * Citus the organization is a reference table, whose writes lock every copy and can meet another
   * reference-table write in a distributed deadlock; the transaction that lost was rolled back.
   */
  runUnscoped<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return withRetry(() => this.transaction(undefined, work), 3);
  }

  /**
   * `options.notify: false` keeps every change of the write out of webhooks and push hooks (history and
   * `GET /changes` only): changes a PULL hook makes to the records of spec 04 §5.4.
   */
  async run<T>(
    ctx: RequestContext,
    work: (tx: Tx) => Promise<T>,
    options: { notify?: boolean; isolation?: 'READ COMMITTED' | 'REPEATABLE READ' } = {},
  ): Promise<T> {
    let recorded = 0;
    const inTransaction = async (em: EntityManager) => {
      const tx = new Tx(em, ctx, options.notify ?? true);
      const value = await work(tx);
      recorded = await tx.flush();
      return value;
    };
    const result = await this.transaction(options.isolation, inTransaction);
    if (recorded > 0) {
      // (Changes recorded with notify: false are counted too: the wake-up is cheap and harmless.)
      const event: ChangesCommittedEvent = {
        organizationId: ctx.organizationId,
        planId: ctx.planId,
        live: ctx.planId === ctx.livePlanId,
        count: recorded,
      };
      this.events.emit(CHANGES_COMMITTED, event);
    }
    return result;
  }
}
