import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Set by the global setup when DATABASE_URL is a Citus coordinator (test/support/global-setup.ts): the
 * tests of spec 05 §1 that need the cluster run then, and are skipped on PostgreSQL and PGlite.
 */
export const ON_CITUS = process.env.WFP_TEST_CITUS === '1';

export const describeOnCitus = ON_CITUS ? describe : describe.skip;

/** The cluster's script (../shared/citus/citus-cluster.sh beside the repository, or CITUS_CLUSTER_SCRIPT). */
const SCRIPT = process.env.CITUS_CLUSTER_SCRIPT ?? join(__dirname, '../../../shared/citus/citus-cluster.sh');

/** A fresh database on every node of the cluster, the extension created and the workers registered: its URL. */
export function freshCitusDatabase(name: string): string {
  return execFileSync(SCRIPT, ['db', name], { encoding: 'utf8' }).trim().split('\n').pop()!;
}

export function dropCitusDatabase(name: string): void {
  execFileSync(SCRIPT, ['drop', name], { encoding: 'utf8' });
}
