import type { Type } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from './auth/request-context';

/**
 * `@GenerateSql` (immich's decorator of the same name): a repository method's statements are written to `sql/` by
 * `npm run sql` (scripts/sql-queries.ts), which calls the method with these sample arguments on a migrated database and
 * records every statement it sends; CI regenerates the files and fails when they differ from the committed ones. A
 * change of a statement, or of what a method sends, is then visible in the diff of a pull request as SQL.
 */
export interface SqlSampleCall {
  /** Names the call when a method has several samples (another branch, another option). */
  name?: string;
  /** The arguments, from the sample organization and values (`SqlSample`) and the repository itself. */
  params: (sample: SqlSample, self: unknown) => unknown[];
}

/** What sample arguments are made of: one organization with its live plan, in a transaction rolled back after the call. */
export interface SqlSample {
  /** A write of the sample organization's live plan (a `Tx`; its transaction is rolled back after the call). */
  tx: { ctx: RequestContext; em: EntityManager };
  /** The transaction's entity manager (`tx.em`). */
  em: EntityManager;
  organizationId: string;
  planId: string;
  /** `{ organizationId, planId }`: the key of the live plan. */
  plan: { organizationId: string; planId: string };
  /** The sample organization's user. */
  userId: string;
  /** An id no record has. */
  id: string;
  /** A UUID (claim and run ids). */
  uuid: string;
  /** A calendar day. */
  day: string;
  /** An instant. */
  now: Date;
  /** A provider of the app (a service whose declarations a statement reads). */
  get<T>(type: Type<T>): T;
}

export const GENERATE_SQL = Symbol('generateSql');

/** Records the method's statements for `sql/` with these samples (one call each); no argument: one call with none. */
export function GenerateSql(...calls: SqlSampleCall[]): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(GENERATE_SQL, calls.length ? calls : [{ params: () => [] }], descriptor.value as object);
  };
}

/** The samples a method declares with `@GenerateSql`, if any. */
export function sqlSamplesOf(method: unknown): readonly SqlSampleCall[] | undefined {
  return typeof method === 'function' ? (Reflect.getMetadata(GENERATE_SQL, method) as SqlSampleCall[] | undefined) : undefined;
}
