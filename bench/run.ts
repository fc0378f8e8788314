/** Entry point of `npm run bench -- <name>`: runs one benchmark of bench/. */
import { readingsBenchmark } from './readings';
import { scenariosBenchmark } from './scenarios';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  readings: readingsBenchmark,
  scenarios: scenariosBenchmark,
};

async function main(): Promise<void> {
  const name = process.argv[2];
  const run = name ? BENCHMARKS[name] : undefined;
  if (!run) {
    process.stderr.write(`usage: npm run bench -- <name>; benchmarks: ${Object.keys(BENCHMARKS).join(', ') || '(none yet)'}\n`);
    process.exit(2);
  }
  await run();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
