import { deliveredBy } from '../webhooks/coverage-table';
import { Receiver } from '../webhooks/receiver';
import { createEndpoint } from '../webhooks/support';
import { changesOf } from '../support/changes';
import { changesSince } from '../support/fixtures';
import { Tenant, TestApp } from '../support/test-app';

const DEFAULTS = { attritionRatePerYear: 0, meritIncrease: null, timeToFillDays: 0, onCostPercent: 0 };
const ALL_FOUR = { attritionRatePerYear: 0.1, meritIncrease: { month: 2, percent: 3 }, timeToFillDays: 30, onCostPercent: 20 };

/**
 * Spec 07 §4.1: where forecast assumptions are set (the organization, a scenario), how they are validated, that
 * changing them is an event, and which apply to a forecast (stated in `meta.assumptions`). Their effect on the
 * figures is forecast-assumptions.e2e-spec.ts's.
 */
describe('07/§4.1 forecast assumptions: settings, events and which apply', () => {
  let t: TestApp;
  let receiver: Receiver;
  let org: Tenant;
  let secret: string;
  const path = '/assumptions';
  beforeAll(async () => {
    t = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200' });
    receiver = await Receiver.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    ({ secret } = await createEndpoint(t, org, {
      url: receiver.url(path),
      entityTypes: ['organization', 'scenario'],
      eventTypes: ['update'],
    }));
    await org.create.employee({ startDate: '2025-01-01', salary: { effectiveDate: '2025-01-01', salary: 120_000, currencyCode: 'USD' } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  const eventsOf = deliveredBy(() => ({ t, receiver, tenant: org, secret, path }));
  const orgPath = () => `/organizations/${org.orgId}`;
  const scenarios = () => `/organizations/${org.orgId}/scenarios`;

  it('07/§4.1 forecastAssumptions on the organization: defaults that change nothing, set whole by PATCH (a field left out takes its default), returned', async () => {
    expect((await t.admin('get', orgPath()).expect(200)).body.data.forecastAssumptions).toEqual(DEFAULTS);
    const patched = await t
      .admin('patch', orgPath(), org.userId)
      .send({ forecastAssumptions: { onCostPercent: 12.5 } })
      .expect(200);
    expect(patched.body.data.forecastAssumptions).toEqual({ ...DEFAULTS, onCostPercent: 12.5 });
    await t.admin('patch', orgPath(), org.userId).send({ forecastAssumptions: ALL_FOUR }).expect(200);
    expect((await t.admin('get', orgPath()).expect(200)).body.data.forecastAssumptions).toEqual(ALL_FOUR);
    // Other settings change without touching the assumptions (and without an acting user).
    await t.admin('patch', orgPath()).send({ noticePeriodDays: 25 }).expect(200);
    expect((await t.admin('get', orgPath()).expect(200)).body.data.forecastAssumptions).toEqual(ALL_FOUR);
  });

  it.each([
    [{ attritionRatePerYear: -0.01 }, 'attritionRatePerYear'],
    [{ attritionRatePerYear: 1.01 }, 'attritionRatePerYear'],
    [{ attritionRatePerYear: 0.12345 }, 'attritionRatePerYear'],
    [{ attritionRatePerYear: '0.1' }, 'attritionRatePerYear'],
    [{ meritIncrease: { month: 0, percent: 3 } }, 'meritIncrease.month'],
    [{ meritIncrease: { month: 13, percent: 3 } }, 'meritIncrease.month'],
    [{ meritIncrease: { month: 4.5, percent: 3 } }, 'meritIncrease.month'],
    [{ meritIncrease: { percent: 3 } }, 'meritIncrease.month'],
    [{ meritIncrease: { month: 4, percent: -1 } }, 'meritIncrease.percent'],
    [{ meritIncrease: { month: 4, percent: 50.01 } }, 'meritIncrease.percent'],
    [{ meritIncrease: { month: 4, percent: 1.234 } }, 'meritIncrease.percent'],
    [{ meritIncrease: 4 }, 'meritIncrease'],
    [{ meritIncrease: { month: 4, percent: 3, every: 'year' } }, 'meritIncrease.every'],
    [{ timeToFillDays: -1 }, 'timeToFillDays'],
    [{ timeToFillDays: 366 }, 'timeToFillDays'],
    [{ timeToFillDays: 30.5 }, 'timeToFillDays'],
    [{ onCostPercent: -1 }, 'onCostPercent'],
    [{ onCostPercent: 100.01 }, 'onCostPercent'],
    [{ attrition: 0.1 }, 'attrition'],
  ])('07/§4.1 validation: %j is a 400 naming %s, on the organization and on a scenario, and nothing is written', async (body, field) => {
    const before = (await t.admin('get', orgPath()).expect(200)).body.data;
    const res = await t.admin('patch', orgPath(), org.userId).send({ forecastAssumptions: body, name: 'Not this' }).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([`forecastAssumptions.${field}`]);
    expect((await t.admin('get', orgPath()).expect(200)).body.data).toEqual(before);
    const scenario = (await t.admin('post', scenarios(), org.userId).send({ name: 'Invalid' }).expect(201)).body.data;
    const refused = await t.admin('patch', `${scenarios()}/${scenario.id}`, org.userId).send({ assumptions: body }).expect(400);
    expect(refused.body.error.details.map((d: { field: string }) => d.field)).toEqual([`assumptions.${field}`]);
    expect((await t.admin('get', `${scenarios()}/${scenario.id}`).expect(200)).body.data).toEqual(scenario);
  });

  it('07/§4.1: the organization takes no null assumptions, nor assumptions outside an object', async () => {
    for (const forecastAssumptions of [null, 0.1, [ALL_FOUR]]) {
      const res = await t.admin('patch', orgPath(), org.userId).send({ forecastAssumptions }).expect(400);
      expect(res.body.error.details[0].field).toBe('forecastAssumptions');
    }
  });

  it('07/§4.1 events: a change of the organization’s assumptions is an organization update, delivered and in GET /changes; it needs X-Acting-User; the same again is no event', async () => {
    await t.admin('patch', orgPath(), org.userId).send({ forecastAssumptions: DEFAULTS }).expect(200);
    const { cursor } = await changesSince(org);
    const refused = await t.admin('patch', orgPath()).send({ forecastAssumptions: ALL_FOUR, name: 'Renamed' }).expect(400);
    expect(refused.body.error.details[0].field).toBe('X-Acting-User');
    expect((await t.admin('get', orgPath()).expect(200)).body.data).toMatchObject({ forecastAssumptions: DEFAULTS });
    expect((await t.admin('get', orgPath()).expect(200)).body.data.name).not.toBe('Renamed');

    const sent = await eventsOf(() => t.admin('patch', orgPath(), org.userId).send({ forecastAssumptions: ALL_FOUR }), 200, 'application');
    expect(sent.kinds).toEqual(['organization:update']);
    const [event] = sent.events;
    expect(event.body).toMatchObject({
      entity_id: org.orgId,
      initiator: { type: 'user', id: org.userId, email: org.userEmail },
      before: { id: org.orgId, forecastAssumptions: DEFAULTS },
      after: { id: org.orgId, forecastAssumptions: ALL_FOUR },
    });
    const feed = (await changesSince(org, cursor)).changes;
    expect(feed.map((c) => [c.entity_type, c.change_type, c.id])).toEqual([['organization', 'update', event.body.id]]);
    // The same assumptions again (in another key order): no change, no event.
    const again = { onCostPercent: 20, timeToFillDays: 30, meritIncrease: { percent: 3, month: 2 }, attritionRatePerYear: 0.1 };
    expect(
      (await eventsOf(() => t.admin('patch', orgPath(), org.userId).send({ forecastAssumptions: again }), 200, 'application')).kinds,
    ).toEqual([]);
    // Only keys with forecasts_view see them in the feed.
    const narrow = t.asKey(org, (await t.createKey(org, ['employees_view'])).key);
    expect((await changesSince(narrow, cursor)).changes).toEqual([]);
  });

  it('07/§4.1 a scenario’s assumptions: set and returned, null returns to the organization’s; a scenario update event (a PRIVATE scenario’s only in its own history)', async () => {
    const open = (await t.admin('post', scenarios(), org.userId).send({ name: 'Everyone’s' }).expect(201)).body.data;
    expect(open.assumptions).toBeNull();
    await t
      .admin('patch', `${scenarios()}/${open.id}`)
      .send({ assumptions: { timeToFillDays: 60 } })
      .expect(400);
    const sent = await eventsOf(
      () => t.admin('patch', `${scenarios()}/${open.id}`, org.userId).send({ assumptions: { timeToFillDays: 60 } }),
      200,
      'application',
    );
    expect(sent.body.data.assumptions).toEqual({ ...DEFAULTS, timeToFillDays: 60 });
    expect(sent.kinds).toEqual(['scenario:update']);
    expect(sent.events[0].body).toMatchObject({
      entity_id: open.id,
      before: { assumptions: null },
      after: { assumptions: { timeToFillDays: 60 } },
    });
    expect((await t.admin('get', `${scenarios()}/${open.id}`).expect(200)).body.data.assumptions).toEqual({
      ...DEFAULTS,
      timeToFillDays: 60,
    });
    const cleared = await eventsOf(
      () => t.admin('patch', `${scenarios()}/${open.id}`, org.userId).send({ assumptions: null }),
      200,
      'application',
    );
    expect([cleared.body.data.assumptions, cleared.kinds]).toEqual([null, ['scenario:update']]);
    // A renaming alone is no event, and needs no acting user.
    expect(
      (await eventsOf(() => t.admin('patch', `${scenarios()}/${open.id}`).send({ name: 'Renamed' }), 200, 'application')).kinds,
    ).toEqual([]);

    const hidden = (await t.admin('post', scenarios(), org.userId).send({ name: 'Mine', visibility: 'PRIVATE' }).expect(201)).body.data;
    const { cursor } = await changesSince(org);
    const quiet = await eventsOf(
      () => t.admin('patch', `${scenarios()}/${hidden.id}`, org.userId).send({ assumptions: ALL_FOUR }),
      200,
      'application',
    );
    expect([quiet.body.data.assumptions, quiet.kinds]).toEqual([ALL_FOUR, []]);
    expect((await changesSince(org, cursor)).changes).toEqual([]);
    const history = await changesOf(t, org.orgId, { entityId: hidden.id });
    expect(history.map((c) => [c.entityType, c.planId, c.dispatchStatus])).toEqual([['scenario', hidden.id, null]]);
  });
});
