import { existsSync, readFileSync, rmSync } from 'node:fs';
import { EMBEDDED_IMAGE_ENV } from './embedded-image';

/** Prints how many answers of the run were checked against openapi.json (test/support/openapi-contract.ts). */
export default function globalTeardown(): void {
  const image = process.env[EMBEDDED_IMAGE_ENV];
  if (image) rmSync(image, { force: true });
  const tally = process.env.WFP_OPENAPI_TALLY;
  if (!tally || !existsSync(tally)) return;
  const files = readFileSync(tally, 'utf8').trim().split('\n').filter(Boolean);
  const total = files.map((line) => JSON.parse(line) as { checked: number; outside: number });
  const checked = total.reduce((n, t) => n + t.checked, 0);
  const outside = total.reduce((n, t) => n + t.outside, 0);
  rmSync(tally, { force: true });
  process.stdout.write(
    `\nopenapi.json: ${checked} answers checked against the document in ${files.length} test files; ${outside} outside it by design (/docs, /metrics, /mcp, /)\n`,
  );
}
