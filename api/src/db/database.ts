import { openPglite } from './pglite-database';
import { openPostgres } from './postgres-database';
import type { Database } from './queryable';

// The interfaces live in queryable.ts, which the two implementations import (not this module, which imports them).
export type { Database, Queryable } from './queryable';

export interface DatabaseConfig {
  databaseUrl?: string;
  /** Directory for the embedded database; in-memory when undefined. */
  pgliteDir?: string;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl);
  }
  return openPglite(config.pgliteDir);
}
