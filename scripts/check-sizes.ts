import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';
import { reportTreeFigures } from './tree-figures';

/**
 * Size check: no file in src/ (nor in test/) over MAX_FILE_LINES lines, no function, method or arrow function
 * over MAX_FUNCTION_LINES lines (counted from its first to its last line, decorators and comments excluded).
 * Offenders named in scripts/size-allowlist.json are reported but pass; an allow-list entry that no longer
 * offends is reported so that it can be removed. Then the figures of scripts/tree-figures.ts, which must
 * all be 0 (data access outside repositories, issue numbers, `as unknown as`, test reads of the change
 * history outside its helper). Exit code 1 when any other size offender is found or a figure is not 0.
 * CI runs it after the build: `node dist/scripts/check-sizes.js` (npm run check:sizes).
 */
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

interface AllowList {
  files: string[];
  functions: string[];
}

interface Offender {
  /** `src/x.ts` for a file, `src/x.ts#Class.method` for a function. */
  key: string;
  lines: number;
  where: string;
}

const root = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function lineCount(text: string): number {
  if (text.length === 0) return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const own = (n: ts.Node): string | undefined => {
    const name = (n as { name?: ts.Node }).name;
    return name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
  };
  if (ts.isConstructorDeclaration(node)) return `${own(node.parent) ?? '<class>'}.constructor`;
  if (ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) {
    const owner = ts.isClassLike(node.parent) ? own(node.parent) : undefined;
    return owner ? `${owner}.${own(node) ?? '<computed>'}` : (own(node) ?? '<computed>');
  }
  const direct = own(node);
  if (direct) return direct;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    const name = own(parent);
    if (name) return name;
  }
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return `<anonymous:${line + 1}>`;
}

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessor(node) ||
    ts.isSetAccessor(node)
  );
}

function offendersIn(path: string): Offender[] {
  const file = relative(root, path).split(sep).join('/');
  const text = readFileSync(path, 'utf8');
  const found: Offender[] = [];
  const lines = lineCount(text);
  if (lines > MAX_FILE_LINES) found.push({ key: file, lines, where: file });
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.body) {
      // From the signature (after decorators and leading comments) to the closing line.
      const start =
        ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node) ? (node.name ?? node).getStart(source) : node.getStart(source);
      const first = source.getLineAndCharacterOfPosition(start).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const span = last - first + 1;
      if (span > MAX_FUNCTION_LINES) {
        found.push({ key: `${file}#${nameOf(node, source)}`, lines: span, where: `${file}:${first + 1}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main(): void {
  const allowPath = join(root, 'scripts', 'size-allowlist.json');
  const allow = JSON.parse(readFileSync(allowPath, 'utf8')) as AllowList;
  const allowed = new Set([...allow.files, ...allow.functions]);
  const offenders = sourceFiles(join(root, 'src')).sort().flatMap(offendersIn);
  const failing = offenders.filter((o) => !allowed.has(o.key));
  const tolerated = offenders.filter((o) => allowed.has(o.key));
  const stale = [...allowed].filter((key) => !offenders.some((o) => o.key === key));
  const describe = (o: Offender): string =>
    `  ${o.where}  ${o.key.includes('#') ? `${o.key.slice(o.key.indexOf('#') + 1)}: ${o.lines} lines (max ${MAX_FUNCTION_LINES})` : `${o.lines} lines (max ${MAX_FILE_LINES})`}`;
  if (tolerated.length > 0) {
    process.stdout.write(`Allowed for now (scripts/size-allowlist.json), ${tolerated.length}:\n${tolerated.map(describe).join('\n')}\n`);
  }
  if (stale.length > 0) {
    process.stdout.write(`Allow-list entries that no longer offend (remove them):\n${stale.map((k) => `  ${k}`).join('\n')}\n`);
  }
  const figuresOk = reportTreeFigures(root, (text) => process.stdout.write(text));
  // Test files are held to the file size too (the generated client types aside); their functions are test bodies.
  const longTests = sourceFiles(join(root, 'test'))
    .filter((path) => !path.includes(`${join('test', 'generated')}`))
    .map((path) => ({ path: relative(root, path), lines: lineCount(readFileSync(path, 'utf8')) }))
    .filter((file) => file.lines > MAX_FILE_LINES);
  process.stdout.write(
    longTests.length
      ? `Test files over ${MAX_FILE_LINES} lines, ${longTests.length}:\n${longTests.map((f) => `  ${f.path}  ${f.lines} lines`).join('\n')}\n`
      : `Test files over ${MAX_FILE_LINES} lines: 0, ok.\n`,
  );
  if (failing.length > 0) {
    process.stdout.write(`Too large, ${failing.length}:\n${failing.map(describe).join('\n')}\n`);
    process.stdout.write(`Split them: files in src/ hold at most ${MAX_FILE_LINES} lines, functions at most ${MAX_FUNCTION_LINES}.\n`);
  } else {
    process.stdout.write(
      `Sizes ok: no file in src/ over ${MAX_FILE_LINES} lines, no function over ${MAX_FUNCTION_LINES} (allow-list aside).\n`,
    );
  }
  if (failing.length > 0 || !figuresOk || longTests.length > 0) process.exit(1);
}

main();
