import { RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IdempotencyInterceptor } from '../../src/common/http/idempotency.interceptor';
import { LocationInterceptor } from '../../src/common/http/location';
import { TestApp } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/**
 * The write routes' interceptors (src/common/http/write-routes.ts) are per route, not global: every POST, PUT,
 * PATCH and DELETE route of the app has Location (outer) and Idempotency-Key (inner), so that spec 04 §4.4 and the
 * 201 answers' Location hold on each; no other route has an interceptor, so reads skip Nest's interceptor chain.
 * What the two do is tested where they act (test/sync/idempotency, test/foundation/http-manners).
 */
describe('04/§4.4 and 01 Location: every write route carries the write interceptors, no read does', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });

  afterAll(() => t.close());

  it('walks every controller method of the app: writes have [Location, Idempotency], the others none', () => {
    const writes = new Set<RequestMethod>([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE]);
    const seen = { writes: [] as string[], others: [] as string[] };
    const wrong: string[] = [];
    for (const module of t.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const prototype = (wrapper.metatype as { prototype?: object } | null)?.prototype;
        if (!prototype) continue;
        for (const name of Object.getOwnPropertyNames(prototype)) {
          const handler = (prototype as Record<string, unknown>)[name];
          if (name === 'constructor' || typeof handler !== 'function') continue;
          const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
          if (method === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
          const route = `${RequestMethod[method]} ${wrapper.name}.${name}`;
          const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as unknown[];
          if (writes.has(method)) {
            seen.writes.push(route);
            if (interceptors.length !== 2 || interceptors[0] !== LocationInterceptor || interceptors[1] !== IdempotencyInterceptor) {
              wrong.push(`${route}: ${interceptors.length} interceptors`);
            }
          } else {
            seen.others.push(route);
            if (interceptors.length) wrong.push(`${route}: ${interceptors.length} interceptors on a read`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // The walk reaches the generated CRUD controllers, the admin controllers and MCP (not an empty pass).
    expect(seen.writes.length).toBeGreaterThan(60);
    expect(seen.others.length).toBeGreaterThan(60);
    expect(seen.writes.some((route) => route.startsWith('POST McpController'))).toBe(true);
  });

  it('a GET answers as before and a create still gets its Location (the interceptor runs on the route)', async () => {
    const org = await t.createTenant();
    const created = await org.api('post', '/teams').send({ name: 'Platform' }).expect(201);
    expect(created.headers.location).toBe(`/api/v1/org/${org.orgId}/teams/${created.body.data.id}`);
    const read = await org.api('get', `/teams/${created.body.data.id}`).expect(200);
    expect(read.body.data.name).toBe('Platform');
  });
});
