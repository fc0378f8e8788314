const FEATURE_MODULE = Symbol.for('wfp:feature-module');

/**
 * Marks a module the app imports without any list naming it: its file (`src/<folder>/<folder>.module.ts`) is found
 * by name at start, as entity and migration files are (src/database/schema-files.ts), and it is registered after
 * the modules `FEATURES` in src/app.module.ts names, in the order of the folders' names. `npm run generate:resource`
 * writes its module with it.
 */
export function FeatureModule(): ClassDecorator {
  return (target) => Reflect.defineMetadata(FEATURE_MODULE, true, target);
}

/** Whether `value` is a class marked with @FeatureModule(). */
export function isFeatureModule(value: unknown): boolean {
  return typeof value === 'function' && Reflect.getMetadata(FEATURE_MODULE, value) === true;
}
