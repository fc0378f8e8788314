import { changesOf, lastSeq } from '../support/changes';
import { sampleRequest } from '../support/swagger-sample';
import { committedDocument } from '../support/openapi-sample';
import { TestApp } from '../support/test-app';

/** The demo's prefilled bulk examples resent: `unchanged` is exact (07 §1.2). The demo lives on the embedded database. */
describe('keyed nested records and an exact unchanged, on the demo (07 §1.2)', () => {
  it("07/§1.2: the demo's prefilled bulk examples sent twice: the second send is all unchanged and records nothing", async () => {
    const demo = await TestApp.start({ SEED_DEMO: 'true', DATABASE_URL: '' });
    try {
      const doc = committedDocument() as unknown as Parameters<typeof sampleRequest>[0];
      const running = demo.running.demo!;
      for (const resource of ['employees', 'contractors', 'vacancies', 'projects', 'teams']) {
        const sample = sampleRequest(doc, `/api/v1/org/{orgId}/${resource}/bulk`, 'post');
        const send = async () =>
          (
            await demo
              .http()
              .post(sample.url)
              .set('Authorization', `Bearer ${running.apiKey}`)
              .send(sample.body as object)
              .expect(200)
          ).body.data;
        const first = await send();
        expect(first.failed).toBe(0);
        const mark = await lastSeq(demo, running.organizationId);
        const second = await send();
        expect({ resource, ...second, results: undefined }).toEqual({
          resource,
          created: 0,
          updated: 0,
          unchanged: second.results.length,
          failed: 0,
          results: undefined,
        });
        expect(await changesOf(demo, running.organizationId, { afterSeq: mark })).toEqual([]);
      }
    } finally {
      await demo.close();
    }
  }, 120_000);
});
