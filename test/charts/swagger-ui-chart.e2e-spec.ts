import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { TestApp, Tenant } from '../support/test-app';

/** Debian's chromium (`.ci/run` installs it when missing), or the one CHROMIUM_PATH names. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Swagger UI in a real browser: the reader picks `image/svg+xml` as the answer's media type and sees the chart. */
describe('charts in Swagger UI (07 §6.2)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let browser: Browser;
  let baseUrl: string;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
    const team = await tenant.create.team({ name: 'Platform' });
    await tenant.create.employee({
      startDate: '2026-01-05',
      salary: { effectiveDate: '2026-01-05', salary: 96000, currencyCode: 'USD' },
      teamAssignment: { teamId: team.id, fte: 1, startDate: '2026-01-05' },
    });
    const server = t.server as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  it('07/§6.2: Swagger UI shows the forecast chart inline when image/svg+xml is picked and the operation is executed', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // A deep link opens the operation.
    await page.goto(`${baseUrl}/docs/#/Forecast/Forecast_forecast`);
    const operation = page.locator('#operations-Forecast-Forecast_forecast');
    await operation.locator('.opblock-body').waitFor({ state: 'visible', timeout: 120_000 });
    // Authorize as a reader would, with the organization's API key.
    await page.locator('.auth-wrapper .authorize').click();
    const keyInput = page.locator('.modal-ux input[type=text], .modal-ux input[type=password]').first();
    await keyInput.fill(tenant.key);
    await page.locator('.modal-ux .auth-btn-wrapper button.authorize').first().click();
    await page.locator('.modal-ux button.btn-done').first().click();

    await operation.locator('button.try-out__btn').click();
    await operation.locator('tr[data-param-name="orgId"] input').fill(tenant.orgId);
    await operation.locator('tr[data-param-name="groupBy"] select').selectOption('team');
    await operation.locator('tr.response[data-code="200"] .response-control-media-type select').selectOption('image/svg+xml');
    await operation.locator('button.execute').click();

    const chart = operation.locator('img.svg-answer');
    await chart.waitFor({ state: 'visible', timeout: 120_000 });
    const drawn = await chart.evaluate((img: { src: string; naturalWidth: number; naturalHeight: number }) => ({
      src: img.src,
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(drawn.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(drawn.width).toBeGreaterThan(100);
    expect(drawn.height).toBeGreaterThan(100);
    const svg = decodeURIComponent(drawn.src.slice(drawn.src.indexOf(',') + 1));
    expect(svg).toContain('<svg');
    expect(svg).toContain('Platform');
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 300_000);
});
