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
   * A read served from memory until the data changes, never older than the request: the embedded database
   * knows every write of its one process; on PostgreSQL each process checks the data version first (migration
   * 109), so a change committed through any API process is seen.
   */
  readThrough<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel: `handler` gets each NOTIFY payload sent by any process on this database. `onGap`
   * runs when notifications may have been missed (the listening connection was lost and is back), so the
   * listener can catch up from the rows themselves. Resolves with a function that stops listening.
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  /** Runs `work` while holding a database-wide lock, so API processes starting together take turns (migrations). */
  withExclusiveLock<T>(key: number, work: () => Promise<T>): Promise<T>;
}
