import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../../src/common/auth/request-context';
import { BatchedCrudService } from '../../src/crud/batched-crud.service';
import { CrudService } from '../../src/crud/crud.service';
import { Tx } from '../../src/database/unit-of-work';
import { changesOf } from '../support/changes';
import { TestApp } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/** The write flows of CrudService that resources must not redefine: they say what is theirs through the hooks. */
const FLOWS = ['create', 'createIn', 'update', 'updateIn', 'remove', 'removeIn', 'build', 'insertAndRecord', 'saveAndRecord'];

/** docs/architecture.md, "Resources": one way to write a resource (the CrudService hooks) and one "record only when changed". */
describe('one shape for every resource (docs/architecture.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('architecture/resources: one way to write a resource: every CrudService overrides hooks only, never the write flows', () => {
    const services = t
      .get(DiscoveryService)
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is CrudService<never, unknown, never, never> => instance instanceof CrudService);
    expect(services.length).toBeGreaterThanOrEqual(16);
    const framework = new Set<object>([CrudService.prototype, BatchedCrudService.prototype]);
    for (const service of services) {
      const overridden = new Set<string>();
      for (let proto = Object.getPrototypeOf(service) as object; !framework.has(proto); proto = Object.getPrototypeOf(proto) as object) {
        for (const name of Object.getOwnPropertyNames(proto)) overridden.add(name);
      }
      const name = service.constructor.name;
      expect({ name, flows: FLOWS.filter((flow) => overridden.has(flow)) }).toEqual({ name, flows: [] });
      // Every resource states how a body applies to its record.
      expect({ name, apply: overridden.has('apply') }).toEqual({ name, apply: true });
    }
  });

  it('architecture/resources, tx.recordUpdate: an update is recorded only when the payload changed', () => {
    const tx = new Tx({} as EntityManager, { actor: { type: 'api_key', id: 'k1' } } as RequestContext);
    const same = tx.recordUpdate({ entityType: 'team', entityId: 't1', before: { name: 'A', n: 1 }, after: { name: 'A', n: 1 } });
    expect(same).toBe(false);
    expect(tx.recorded).toHaveLength(0);
    const changed = tx.recordUpdate({ entityType: 'team', entityId: 't1', before: { name: 'A' }, after: { name: 'B' }, notify: false });
    expect(changed).toBe(true);
    expect(tx.recorded).toEqual([
      { entityType: 'team', entityId: 't1', changeType: 'update', before: { name: 'A' }, after: { name: 'B' }, notify: false },
    ]);
  });

  it('architecture/resources, tx.recordUpdate: a PATCH that changes nothing records nothing, one that changes a field records one update', async () => {
    const org = await t.createTenant();
    const team = (await org.api('post', '/teams').send({ name: 'Platform' }).expect(201)).body.data as { id: string };
    const count = async () => (await changesOf(t, org.orgId, { entityId: team.id, changeType: 'update' })).length;
    await org.api('patch', `/teams/${team.id}`).send({ name: 'Platform' }).expect(200);
    expect(await count()).toBe(0);
    await org.api('patch', `/teams/${team.id}`).send({ name: 'Platform team' }).expect(200);
    expect(await count()).toBe(1);
  });
});
