import { appendFileSync } from 'node:fs';
import { seen, takeViolations } from './openapi-contract';

/**
 * Jest runs this in every test file (jest.config.js, setupFilesAfterEnv): an answer that does not
 * match openapi.json fails the test that made the request (answers of a beforeAll fail the first test),
 * and the file's tally goes to the run's summary (global-teardown.ts).
 */
afterEach(() => {
  const error = takeViolations();
  if (error) throw error;
});

afterAll(() => {
  const tally = process.env.WFP_OPENAPI_TALLY;
  if (tally && seen.checked + seen.outside > 0)
    appendFileSync(tally, `${JSON.stringify({ checked: seen.checked, outside: seen.outside })}\n`);
  const error = takeViolations();
  if (error) throw error;
});
