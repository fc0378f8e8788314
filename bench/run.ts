/** Entry point of `npm run bench -- <name>`: runs one benchmark of bench/. */
import './smoke'; // first: fills in the smoke mode's BENCH_* defaults before the benchmarks read them
import { approvalsBenchmark } from './approvals';
import { budgetsBenchmark } from './budgets';
import { changesBenchmark } from './changes';
import { bulkBenchmark } from './bulk';
import { employeesBenchmark } from './employees';
import { forecastBenchmark } from './forecast';
import { functionalBenchmark } from './functional';
import { metricsSummaryBenchmark } from './metrics-summary';
import { readingsBenchmark } from './readings';
import { referenceDataBenchmark } from './reference-data';
import { scenariosBenchmark } from './scenarios';
import { vacanciesBenchmark } from './vacancies';
import { swaggerUiBenchmark } from './swagger-ui';
import { webhooksBenchmark } from './webhooks';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  readings: readingsBenchmark,
  'reference-data': referenceDataBenchmark,
  employees: employeesBenchmark,
  webhooks: webhooksBenchmark,
  scenarios: scenariosBenchmark,
  vacancies: vacanciesBenchmark,
  functional: functionalBenchmark,
  changes: changesBenchmark,
  bulk: bulkBenchmark,
  forecast: forecastBenchmark,
  'metrics-summary': metricsSummaryBenchmark,
  budgets: budgetsBenchmark,
  approvals: approvalsBenchmark,
  'swagger-ui': swaggerUiBenchmark,
};

async function main(): Promise<void> {
  const name = process.argv[2];
  if (name === '--list') {
    process.stdout.write(`${Object.keys(BENCHMARKS).join('\n')}\n`);
    return;
  }
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
