import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SnakeNamingStrategy } from '../src/database/snake-naming.strategy';
import { migrationText } from './migrations';
import {
  controllerFile,
  dtoFile,
  entityFile,
  migrationStatements,
  moduleFile,
  ResourceNames,
  serviceFile,
  specFile,
} from './resource-templates';

/**
 * `npm run generate:resource -- <name>` (a plural, kebab-case name: `widgets`, `cost-items`): writes a CRUD planning
 * resource modelled on teams (entity, DTOs, service with its descriptor, controllers, module, migration, e2e spec).
 * Everything the app must know of it is declared in its folder and collected (entities and migrations by file name,
 * vocabulary, tag and demo records by its descriptor, the module by its file name and its @FeatureModule() mark): no
 * file outside its folder, its migration and its test is written. Run in the repository root; `--root <dir>` writes into another checkout. docs/architecture.md,
 * "Adding a resource", lists what is left by hand.
 */

export function namesOf(plural: string): ResourceNames {
  if (!/^[a-z]+(-[a-z]+)*s$/.test(plural)) throw new Error(`"${plural}": a plural, kebab-case name is expected (widgets, cost-items)`);
  const singular = plural.slice(0, -1);
  const words = singular.split('-');
  const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
  const Class = words.map(cap).join('');
  return {
    plural,
    singular,
    table: plural.replace(/-/g, '_'),
    entityType: singular.replace(/-/g, '_'),
    Class,
    Classes: `${Class}s`,
    camel: Class[0].toLowerCase() + Class.slice(1) + 's',
    title: cap(plural.replace(/-/g, ' ')),
    words: words.join(' '),
    constant: plural.replace(/-/g, '_').toUpperCase(),
    kind: singular.replace(/-/g, '').slice(0, 12),
  };
}

/** A timestamp after every migration's, so the new one runs last. */
function migrationTimestamp(root: string): number {
  const stamps = readdirSync(join(root, 'migrations'))
    .map((f) => Number(/^(\d+)-/.exec(f)?.[1] ?? 0))
    .filter((s) => s > 0);
  return Math.max(Date.now(), ...stamps.map((s) => s + 1000));
}

/** The resource's first migration, as `npm run migration:generate` writes it (the key named by the naming strategy). */
function migrationOf(n: ResourceNames, className: string): string {
  const primaryKey = new SnakeNamingStrategy().primaryKeyName(n.table, ['organization_id', 'plan_id', 'id']);
  const { up, down } = migrationStatements(n, primaryKey);
  return migrationText(className, up, down);
}

function main(): void {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? args.splice(rootAt, 2)[1] : process.cwd();
  const [plural] = args;
  if (!plural) throw new Error('usage: npm run generate:resource -- <plural-kebab-name>');
  const n = namesOf(plural);
  if (existsSync(join(root, 'src', n.plural))) throw new Error(`src/${n.plural} exists already`);
  const stamp = migrationTimestamp(root);
  const migrationClass = `${n.Classes}${stamp}`;
  const migrationName = `${stamp}-${n.Classes}`;
  const files: [string, string][] = [
    [`src/${n.plural}/entities/${n.singular}.entity.ts`, entityFile(n)],
    [`src/${n.plural}/dto/${n.singular}.dto.ts`, dtoFile(n)],
    [`src/${n.plural}/${n.plural}.service.ts`, serviceFile(n)],
    [`src/${n.plural}/${n.plural}.controller.ts`, controllerFile(n)],
    [`src/${n.plural}/${n.plural}.module.ts`, moduleFile(n)],
    [`migrations/${migrationName}.ts`, migrationOf(n, migrationClass)],
    [`test/${n.plural}/${n.plural}.e2e-spec.ts`, specFile(n)],
  ];
  for (const [file, text] of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const written = files.map(([f]) => f);
  execFileSync(join(root, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', ...written], { cwd: root, stdio: 'inherit' });
  process.stdout.write(
    `Wrote ${files.length} files (the app finds the module by its file name):\n${written.map((f) => `  ${f}`).join('\n')}\n` +
      'Next: npm run openapi && npm run client:types, then npm test -- ' +
      `test/${n.plural}/${n.plural}.e2e-spec.ts (docs/architecture.md, "Adding a resource").\n`,
  );
}

if (require.main === module) main();
