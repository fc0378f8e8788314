import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { TestApp } from '../support/test-app';

export const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** A scrape parsed by a Prometheus text-format parser: each family's type and every sample line with its labels. */
export class Scrape {
  constructor(
    readonly types: Map<string, string>,
    readonly samples: Map<string, Sample[]>,
  ) {}

  /**
   * The parser (parse-prometheus-text-format) folds the samples of a histogram into one unlabelled object,
   * which loses the labels of a labelled histogram. So the text is parsed twice: as served, for each
   * family's type, and with the histograms' TYPE lines left out, which makes every `_bucket`, `_sum` and
   * `_count` line a sample of its own with all its labels.
   */
  static parse(text: string): Scrape {
    const types = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family.type]));
    const untyped = text
      .split('\n')
      .filter((line) => !/^# TYPE \S+ histogram$/.test(line))
      .join('\n');
    const samples = new Map<string, Sample[]>();
    for (const family of parsePrometheusTextFormat(untyped)) {
      const list = samples.get(family.name) ?? [];
      for (const sample of family.metrics) list.push({ labels: sample.labels ?? {}, value: Number(sample.value) });
      samples.set(family.name, list);
    }
    return new Scrape(types, samples);
  }

  /** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
  value(name: string, labels: Record<string, string> = {}): number {
    return (this.samples.get(name) ?? [])
      .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
      .reduce((sum, sample) => sum + sample.value, 0);
  }

  /** Every label value of every sample. */
  labelValues(): string[] {
    return [...this.samples.values()].flatMap((list) => list.flatMap((sample) => Object.values(sample.labels)));
  }
}

export async function scrape(t: TestApp): Promise<Scrape> {
  const res = await t.http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return Scrape.parse(res.text);
}

/** How much each series of `names` grew between two scrapes, for the given labels. */
export function delta(before: Scrape, after: Scrape, name: string, labels: Record<string, string> = {}): number {
  return after.value(name, labels) - before.value(name, labels);
}
