import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Figures of the tree that must stay at 0, measured line by line as grep would (comments included),
 * run by scripts/check-sizes.ts:
 * - data access outside repositories: `getRepository(`, `createQueryBuilder(`, `.query(` or `.transaction(`
 *   in src/ outside `*.repository.ts`, `*.spec.ts` and src/database/ (services reach rows through repositories);
 * - issue numbers (the word issue, then a number, `#` optional) in src/, test/, bench/ (*.ts, *.md) and scripts/: a reader of the
 *   repository has no issue tracker; cite the spec clause or say what the code or test proves;
 * - `as unknown as` in src/: type the value instead of forcing it;
 * - test files naming the change history table other than the one helper, test/support/changes.ts.
 */

/** One place a figure counts. */
export interface Hit {
  where: string;
  text: string;
}

export interface Figure {
  name: string;
  /** What to do about a hit. */
  fix: string;
  hits: Hit[];
}

const DATA_ACCESS = /\bgetRepository\(|\bcreateQueryBuilder\(|\.query\(|\.transaction\(/;
const ISSUE_NUMBER = /issue ?#?[0-9]+/i;
const FORCED_CAST = /\bas unknown as\b/;
const CHANGES_TABLE = /record_changes/;
const CHANGES_HELPER = 'test/support/changes.ts';

function filesUnder(root: string, dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return filesUnder(root, path, keep);
      return keep(path) ? [path] : [];
    })
    .sort();
}

function hitsIn(root: string, files: string[], pattern: RegExp): Hit[] {
  return files.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [{ where: `${file}:${i + 1}`, text: line.trim() }] : [])),
  );
}

const isTs = (file: string): boolean => file.endsWith('.ts');
const isText = (file: string): boolean => /\.(ts|js|json|md)$/.test(file);

/** The four figures, each with the places it counts. `root` is the repository root. */
export function treeFigures(root: string): Figure[] {
  const src = filesUnder(root, 'src', isTs);
  const outsideRepositories = src.filter(
    (file) => !file.endsWith('.repository.ts') && !file.endsWith('.spec.ts') && !file.startsWith('src/database/'),
  );
  const cited = [
    ...src,
    ...filesUnder(root, 'test', isText),
    ...filesUnder(root, 'bench', (file) => file.endsWith('.ts') || file.endsWith('.md')),
    ...filesUnder(root, 'scripts', isText),
  ];
  const tests = filesUnder(root, 'test', isText).filter((file) => file !== CHANGES_HELPER);
  return [
    {
      name: 'Data access outside repositories (src/, not *.repository.ts, *.spec.ts or src/database/)',
      fix: 'Move the statement into the feature repository (or reach rows through CrudService).',
      hits: hitsIn(root, outsideRepositories, DATA_ACCESS),
    },
    {
      name: 'Issue numbers (src/, test/, bench/*.ts and *.md, scripts/)',
      fix: 'Cite the spec clause or the decision, or say what the code or test proves.',
      hits: hitsIn(root, cited, ISSUE_NUMBER),
    },
    {
      name: '`as unknown as` in src/',
      fix: 'Type the value (a narrower interface, a type guard or a generic) instead of forcing it.',
      hits: hitsIn(root, src, FORCED_CAST),
    },
    {
      name: `Test files reading the change history directly (only ${CHANGES_HELPER} may)`,
      fix: `Use changesOf, lastSeq, insertChanges or updateChanges from ${CHANGES_HELPER}.`,
      hits: hitsIn(root, tests, CHANGES_TABLE),
    },
  ];
}

/** Prints every figure that is not 0 (file:line and the line); true when all are 0. */
export function reportTreeFigures(root: string, write: (text: string) => void): boolean {
  const figures = treeFigures(root);
  const failing = figures.filter((figure) => figure.hits.length > 0);
  for (const figure of failing) {
    const lines = figure.hits.map((hit) => `  ${hit.where}  ${hit.text.length > 120 ? `${hit.text.slice(0, 117)}...` : hit.text}`);
    write(`${figure.name}, ${figure.hits.length}:\n${lines.join('\n')}\n${figure.fix}\n`);
  }
  for (const figure of figures.filter((f) => f.hits.length === 0)) write(`${figure.name}: 0, ok.\n`);
  return failing.length === 0;
}
