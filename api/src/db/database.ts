import { openPglite } from './pglite-database';
import { openPostgres } from './postgres-database';

/** The one small interface the api uses over PGlite (embedded) and PostgreSQL (`pg`). */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * A read the caller may serve from memory until the next write. Only the embedded database, whose one
   * process sees every write, caches; with PostgreSQL (possibly several api processes) it always loads.
   */
  readThrough<T>(key: string, load: () => Promise<T>): Promise<T>;
}

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
