import { readFileSync } from 'node:fs';

/**
 * Layer check (docs/architecture.md, "Layers"). Reads dependency-cruiser's JSON report
 * of src/ on standard input (`depcruise src --config .dependency-cruiser.cjs --output-type json`), fails on
 * any violation of the committed rule file (.dependency-cruiser.cjs), then groups the files into modules
 * (a module is a first folder under src/) and fails when any module sits in an import cycle with others:
 * features depend on each other in one direction only. `npm run check:layers` runs both; CI runs it.
 */

interface CruiseReport {
  modules: { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] }[];
  summary: { error: number; violations: { from: string; to: string; rule: { name: string } }[] };
}

/** `src/employees/x.ts` -> `employees`; files directly under src/ (the app's composition root) are no module. */
export function moduleOf(file: string): string | null {
  const match = /^src\/([^/]+)\//.exec(file);
  return match ? match[1] : null;
}

/** Module -> module -> one example file edge, from the file-level report. */
export function moduleGraph(report: CruiseReport): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of report.modules) {
    const from = moduleOf(file.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dep of file.dependencies) {
      const to = moduleOf(dep.resolved);
      if (!to || to === from) continue;
      const edges = graph.get(from)!;
      if (!edges.has(to)) edges.set(to, `${file.source} -> ${dep.resolved}`);
    }
  }
  return graph;
}

/** Strongly connected components with more than one module (Tarjan). */
export function moduleCycles(graph: Map<string, Map<string, string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

function main(): void {
  const report = JSON.parse(readFileSync(0, 'utf8')) as CruiseReport;
  let failed = false;
  for (const v of report.summary.violations) {
    console.error(`rule ${v.rule.name}: ${v.from} -> ${v.to}`);
    failed = true;
  }
  const graph = moduleGraph(report);
  for (const cycle of moduleCycles(graph)) {
    failed = true;
    console.error(`modules in an import cycle: ${cycle.join(', ')}`);
    for (const from of cycle) {
      for (const [to, example] of graph.get(from) ?? []) if (cycle.includes(to)) console.error(`  ${from} -> ${to} (${example})`);
    }
  }
  if (failed) {
    console.error('Layering broken: see docs/architecture.md, "Layers".');
    process.exit(1);
  }
  console.log(`layers: ${graph.size} modules, no cycle between modules, rule file clean`);
}

if (require.main === module) main();
