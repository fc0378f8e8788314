/**
 * Swagger UI's time to interactive in headless Chromium (playwright-core driving the system's `chromium`, or
 * CHROMIUM_PATH): the service on a fresh database, then BENCH_ROUNDS page loads of `/docs/`, each in a new browser
 * context (nothing cached): from navigation until the operation list is drawn and a click on an operation opens it.
 * Prints each load and the median. Not a test: a figure for bench/RESULTS.md.
 */
import { chromium } from 'playwright-core';
import { createDatabase, machine, onCleanup, round, runBenchmark, startService } from './harness';
import { SMOKE } from './smoke';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function swaggerUiBenchmark(): Promise<void> {
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_swagger');
    // Development: what an explorer runs (`npm start`); the demo is not written on PostgreSQL.
    const service = await startService(db, { NODE_ENV: 'development' });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    onCleanup(() => browser.close());
    const rounds = SMOKE ? 1 : Number(process.env.BENCH_ROUNDS ?? 5);
    const times: { drawn: number; interactive: number; documentKb: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      let bytes = 0;
      page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
      page.on('response', (res) => {
        void res
          .body()
          .then((b) => (bytes += b.length))
          .catch(() => undefined);
      });
      const t0 = performance.now();
      await page.goto(`${service.baseUrl}/docs/`, { waitUntil: 'commit' });
      const tag = page.locator('.opblock-tag').first();
      await tag.waitFor({ state: 'visible', timeout: 120_000 });
      const drawn = performance.now() - t0;
      // Operations collapsed under collapsed tags: open the first tag, then its first operation.
      const summary = page.locator('.opblock-summary').first();
      if (!(await summary.isVisible())) await tag.click();
      await summary.click({ timeout: 120_000 });
      await page.locator('.opblock.is-open .opblock-body').first().waitFor({ state: 'visible', timeout: 120_000 });
      const interactive = performance.now() - t0;
      times.push({ drawn, interactive, documentKb: bytes / 1024 });
      process.stdout.write(
        `load ${i + 1}: tags drawn ${round(drawn)} ms, interactive ${round(interactive)} ms, ${round(bytes / 1024)} KB\n`,
      );
      await context.close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    process.stdout.write(
      `\nSwagger UI (${machine()}): median of ${rounds}: tags drawn ${round(median(times.map((t) => t.drawn)))} ms, ` +
        `interactive ${round(median(times.map((t) => t.interactive)))} ms\n`,
    );
  });
}
