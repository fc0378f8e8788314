import {
  applyDecorators,
  Delete as NestDelete,
  Patch as NestPatch,
  Post as NestPost,
  Put as NestPut,
  UseInterceptors,
} from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { LocationInterceptor } from './location';

/**
 * The interceptors of every write route: `Location` on a 201 answer (LocationInterceptor, the outer one, so that a
 * replayed 201 gets its Location from the replayed body) and spec 04 §4.4's `Idempotency-Key` (IdempotencyInterceptor).
 * They are applied per route by the decorators below, not globally: a route with no interceptor skips Nest's
 * interceptor chain (observables, a ReplaySubject and an async scope per request), which no read needs (measured:
 * ~8% of the service's CPU per `GET /employees/:id`, bench/RESULTS.md "Framework overhead"). Controllers take `Post`,
 * `Put`, `Patch` and `Delete` from here, never from `@nestjs/common` (eslint `no-restricted-imports`).
 */
const writeInterceptors = () => UseInterceptors(LocationInterceptor, IdempotencyInterceptor);

/** Nest's `@Post()` with the write routes' interceptors. */
export const Post = (path?: string | string[]): MethodDecorator => applyDecorators(NestPost(path), writeInterceptors());
/** Nest's `@Put()` with the write routes' interceptors. */
export const Put = (path?: string | string[]): MethodDecorator => applyDecorators(NestPut(path), writeInterceptors());
/** Nest's `@Patch()` with the write routes' interceptors. */
export const Patch = (path?: string | string[]): MethodDecorator => applyDecorators(NestPatch(path), writeInterceptors());
/** Nest's `@Delete()` with the write routes' interceptors. */
export const Delete = (path?: string | string[]): MethodDecorator => applyDecorators(NestDelete(path), writeInterceptors());
