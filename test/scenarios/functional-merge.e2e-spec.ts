import { TestApp } from '../support/test-app';
import { fs } from '../functional-structure/support';

describe('scenario merge of functional custom attribute values (02 write rule 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('a value set on a group inside a scenario reaches live data on merge', async () => {
    const org = await t.createTenant({ functionalGroupsEnabled: true });
    const group = await fs(t, org).group({ name: 'Area' });
    const def = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'FUNCTIONAL_GROUP', name: 'Budget owner', attributeKey: 'owner', fieldType: 'STRING' })
        .expect(201)
    ).body.data.id;
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'S' }).expect(201)).body.data.id;
    await org
      .api('put', `/functional-groups/groups/${group}/custom-attributes/${def}?scenarioId=${scenario}`)
      .send({ stringValue: 'Ada' })
      .expect(200);
    const live = () =>
      t.dataSource.query(
        `SELECT v.string_value FROM custom_attribute_values v JOIN plans p ON p.organization_id = v.organization_id AND p.id = v.plan_id AND p.kind = 'LIVE'
          WHERE v.organization_id = $1 AND p.organization_id = $1 AND v.entity_id = $2`,
        [org.orgId, group],
      );
    expect(await live()).toEqual([]);
    const merged = await t.admin('post', `/organizations/${org.orgId}/scenarios/${scenario}/merge`, org.userId).expect(200);
    expect(merged.body.data.changes).toMatchObject({ custom_attribute_value: 1 });
    expect(await live()).toEqual([{ string_value: 'Ada' }]);
  });
});
