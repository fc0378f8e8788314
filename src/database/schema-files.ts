import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

/**
 * The schema's files, found by their names as TypeORM intends (its `entities` and `migrations` globs): every
 * `src/<module>/**\/entities/*.entity.ts` and every `migrations/<timestamp>-<Name>.ts`; and the modules marked
 * @FeatureModule() in `src/<module>/<module>.module.ts`. No list names them, so a new module, its entity and
 * migration are part of the app, the TypeORM CLI and the drift check as soon as they exist. Run from the TypeScript
 * sources (tests) or from dist/ (the build), whichever this file is.
 */

const SOURCE_EXTENSION = extname(__filename);
const SRC = join(__dirname, '..');
const MIGRATIONS = join(__dirname, '..', '..', 'migrations');
const MIGRATION_FILE = new RegExp(`^\\d{13}-[A-Za-z][A-Za-z0-9]*\\${SOURCE_EXTENSION}$`);

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM takes entity and migration classes as Function
type Classes = Function[];

function filesUnder(dir: string, accept: (path: string, name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path, accept));
    else if (accept(path, entry.name)) found.push(path);
  }
  return found;
}

/** The classes a file exports. */
function exportedClasses(path: string): Classes {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the files are found at run time
  const exported = require(path) as Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  return Object.values(exported).filter((value): value is Function => typeof value === 'function');
}

/** Every class exported by an entity file of the app (TypeORM keeps those declared with `@Entity`). */
export function schemaEntities(): Classes {
  const files = filesUnder(
    SRC,
    (path, name) => name.endsWith(`.entity${SOURCE_EXTENSION}`) && path.includes(`${join('/', 'entities', '/')}`),
  );
  return [...new Set(files.flatMap(exportedClasses))];
}

/** Every migration class, in the order of the timestamps that begin their file names. */
export function schemaMigrations(): Classes {
  const files = readdirSync(MIGRATIONS)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort();
  return files.flatMap((name) => exportedClasses(join(MIGRATIONS, name)));
}

/**
 * Every module class marked @FeatureModule() (`isFeature`) exported by a module file directly in its folder
 * (`src/<module>/<module>.module.ts`), in the order of the folders' names.
 */
export function featureModules(isFeature: (value: unknown) => boolean): Classes {
  const files = readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(SRC, entry.name, `${entry.name}.module${SOURCE_EXTENSION}`))
    .filter((path) => existsSync(path))
    .sort();
  return files.flatMap(exportedClasses).filter(isFeature);
}
