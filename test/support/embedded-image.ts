import { readFileSync } from 'node:fs';

/** The file of the migrated embedded database that the global setup saves (global-setup.ts). */
export const EMBEDDED_IMAGE_ENV = 'WFP_TEST_EMBEDDED_IMAGE';

let image: Blob | undefined;

/**
 * The migrated embedded database of the run, for a test app on the embedded in-memory database: each app starts its
 * own copy of it (a second) instead of a new database that it then migrates (five to ten). Undefined when the global
 * setup made none.
 */
export function embeddedImage(): Blob | undefined {
  const file = process.env[EMBEDDED_IMAGE_ENV];
  if (!file) return undefined;
  image ??= new Blob([readFileSync(file)]);
  return image;
}
