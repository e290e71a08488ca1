import { replicaSecrets } from '../config';

/** One value of every secret replicas share, for tests that start API processes on a PostgreSQL server (which requires them). */
export const testReplicaSecrets = Object.fromEntries(
  Object.keys(replicaSecrets).map((name) => [name, `${name.toLowerCase()}-shared-by-every-test-replica`.padEnd(48, '-0123456789')]),
) as Record<keyof typeof replicaSecrets, string>;
