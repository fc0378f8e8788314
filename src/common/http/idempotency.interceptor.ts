import {
  CallHandler,
  ExecutionContext,
  Global,
  Injectable,
  Module,
  NestInterceptor,
  OnModuleDestroy,
  OnModuleInit,
  SetMetadata,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { DomainError } from '../errors/domain-error';
import { logger } from '../logging/json-logger';
import { IdempotencyRepository, KeyOwner, StoredAnswer } from './idempotency.repository';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Spec 04 §4.4: a 2xx answer is kept this long. */
const RETENTION_MS = 24 * 60 * 60 * 1000;
/** A first request that has not answered after this long is taken for lost (its instance crashed). */
const IN_FLIGHT_LEASE_MS = 10 * 60 * 1000;
/** How often expired keys are deleted. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const WRITES = new Set(['POST', 'PATCH', 'DELETE']);

type IdempotentRequest = Request & { ctx?: { organizationId: string; actor: { type: string; id: string } } };

const NO_IDEMPOTENCY = 'idempotency:off';
/** Spec 04 §3: a route that ignores `Idempotency-Key` and answers every request (the MCP endpoint). */
export const IgnoresIdempotencyKey = (): ClassDecorator & MethodDecorator => SetMetadata(NO_IDEMPOTENCY, true);

/**
 * Spec 04 §4.4 for every POST, PATCH and DELETE of the public API: the first request with an
 * `Idempotency-Key` claims (organization, key, API key) in `idempotency_keys`; its 2xx answer is stored
 * and replayed to a later request of the same API key with the same method, path and body
 * (`Idempotent-Replayed: true`, nothing runs again). Another request under the key is 400; a duplicate
 * while the first runs is 409. Another API key's requests never see the row: the guard has already
 * checked that key's own permissions, so a replay never answers a request its key could not make.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<IdempotentRequest>();
    const key = req.headers['idempotency-key'];
    if (key === undefined || !WRITES.has(req.method) || req.ctx?.actor.type !== 'api_key') return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(NO_IDEMPOTENCY, [context.getHandler(), context.getClass()])) return next.handle();
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      return throwError(() =>
        DomainError.validation(IDEMPOTENCY_HEADER, `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters`),
      );
    }
    const res = context.switchToHttp().getResponse<Response>();
    // The route's status (@HttpCode, else Nest's 201 for POST), as LocationInterceptor reads it.
    const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? (req.method === 'POST' ? 201 : 200);
    const owner: KeyOwner = { organizationId: req.ctx.organizationId, apiKeyId: req.ctx.actor.id };
    const hash = requestHash(req);
    return from(this.claim(owner, key, hash)).pipe(
      mergeMap((stored) => {
        if (stored) return of(this.replay(res, stored));
        return next.handle().pipe(
          mergeMap((body) => from(this.store(owner, key, status, body)).pipe(mergeMap(() => of(body)))),
          catchError((error: unknown) => from(this.release(owner, key)).pipe(mergeMap(() => throwError(() => error)))),
        );
      }),
    );
  }

  /** Claims the key for this request (null), or returns the stored answer to replay; 400/409 otherwise. */
  private async claim(owner: KeyOwner, key: string, hash: string): Promise<StoredAnswer | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      // A row that expired, or an in-flight claim whose request was lost, is taken over.
      const now = Date.now();
      if (await this.keys.claim(owner, key, hash, new Date(now), new Date(now + RETENTION_MS), new Date(now - IN_FLIGHT_LEASE_MS)))
        return null;
      const stored = await this.keys.stored(owner, key);
      if (!stored) continue; // Released meanwhile: claim again.
      if (stored.request_hash !== hash) {
        throw DomainError.validation(IDEMPOTENCY_HEADER, `${IDEMPOTENCY_HEADER} was already used with another method, path or body`);
      }
      if (stored.status_code === null) throw DomainError.conflict(`A request with this ${IDEMPOTENCY_HEADER} is still in progress`);
      return stored;
    }
    throw DomainError.conflict(`A request with this ${IDEMPOTENCY_HEADER} is still in progress`);
  }

  private replay(res: Response, stored: StoredAnswer): unknown {
    // (LocationInterceptor, outside this one, sets Location again from the replayed body.)
    res.setHeader(REPLAYED_HEADER, 'true');
    return stored.response_body === null ? undefined : JSON.parse(stored.response_body);
  }

  /** Keeps the answer of a handler that returned (a 2xx: errors never get here). */
  private async store(owner: KeyOwner, key: string, status: number, body: unknown): Promise<void> {
    await this.keys.store(owner, key, status, body === undefined ? null : JSON.stringify(body));
  }

  private async release(owner: KeyOwner, key: string): Promise<void> {
    try {
      await this.keys.release(owner, key);
    } catch (error) {
      logger.write('error', 'idempotency key release failed', { cause: error instanceof Error ? error.stack : String(error) });
    }
  }
}

/** Method, path (with its query) and body: what must match for a replay. */
function requestHash(req: Request): string {
  return createHash('sha256')
    .update(`${req.method}\n${req.originalUrl}\n${req.body === undefined ? '' : JSON.stringify(req.body)}`)
    .digest('hex');
}

/** Declares the optional `Idempotency-Key` header on every POST, PATCH and DELETE of the public API. */
export function documentIdempotencyKey(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const operation of [item.post, item.patch, item.delete]) {
      if (!operation) continue;
      operation.parameters = [
        ...(operation.parameters ?? []),
        {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description:
            'A 2xx answer is kept 24 hours per API key and replayed (Idempotent-Replayed: true) to the same API key with the same method, path and body; another request of that API key with the key is 400, a duplicate while the first runs is 409. Keys of different API keys never meet.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
        },
      ];
    }
  }
}

/** Deletes expired keys every PURGE_INTERVAL_MS (a claim also takes over an expired key by itself): one per app. */
@Injectable()
export class IdempotencyKeyPurge implements OnModuleInit, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(private readonly keys: IdempotencyRepository) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.purge(), PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async purge(): Promise<void> {
    try {
      await this.keys.purgeExpired(new Date());
    } catch (error) {
      logger.write('warn', 'idempotency key purge failed', { cause: error instanceof Error ? error.message : String(error) });
    }
  }
}

/**
 * What the write routes' interceptors need in every module that has write routes (`write-routes.ts`: Nest makes
 * a route's interceptors in its controller's module): the keys' repository, and the purge, once.
 */
@Global()
@Module({ providers: [IdempotencyRepository, IdempotencyKeyPurge], exports: [IdempotencyRepository] })
export class IdempotencyModule {}
