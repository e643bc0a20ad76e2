import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './queryable';

const MAX_CACHED_READS = 10_000;
const isRead = (sql: string) => /^\s*select\b/i.test(sql);

/**
 * PGlite runs in this process and is its only writer, so reads can be cached exactly: every statement that
 * is not a plain SELECT, and every transaction, moves the data version on and retires all cached reads.
 * (PGlite answers one query at a time at a few ms each; without this a busy list endpoint queues.)
 */
export async function openPglite(dir?: string): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  if (dir) mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir);
  return pgliteDatabase(pg, () => pg.close());
}

/**
 * `pg` as a Database. `release` runs on close(), once this database has stopped listening; from then on every
 * call fails, as on a closed PGlite (the tests hand the same PGlite to the next test file, see pglite-pool.cjs).
 */
export function pgliteDatabase(
  pg: PGlite,
  release: () => Promise<void>,
): Database & { dumpDataDir(): Promise<Blob> } {
  let version = 0;
  let closed = false;
  const open = () => {
    if (closed) throw new Error('The database is closed.');
  };
  const listening = new Set<() => Promise<void>>();
  const reads = new Map<string, { version: number; value: Promise<unknown> }>();
  const wrote = () => {
    version++;
    reads.clear();
  };
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      open();
      if (!isRead(sql)) wrote();
      try {
        return (await pg.query<Row>(sql, [...params])).rows;
      } finally {
        if (!isRead(sql)) wrote();
      }
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      open();
      wrote();
      try {
        return await pg.transaction((tx) =>
          work({
            async query<Row>(sql: string, params: readonly unknown[] = []) {
              return (await tx.query<Row>(sql, [...params])).rows;
            },
          }),
        );
      } finally {
        wrote();
      }
    },
    async exec(sql: string) {
      open();
      wrote();
      await pg.exec(sql);
      wrote();
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const stop of listening) await stop().catch(() => undefined);
      await release();
    },
    /** The database's files as one uncompressed tarball, for `image.loadDataDir`. */
    dumpDataDir: () => pg.dumpDataDir('none'),
    // One process owns the embedded database: there is nobody to take turns with.
    withExclusiveLock: (_key, work) => work(),
    // In-process: every NOTIFY of this database reaches its listeners, and none can be missed.
    async listen(channel, handler) {
      open();
      const unlisten = await pg.listen(channel, handler);
      const stop = async () => {
        listening.delete(stop);
        await unlisten();
      };
      listening.add(stop);
      return stop;
    },
    readThrough<T>(key: string, load: () => Promise<T>): Promise<T> {
      const cached = reads.get(key);
      if (cached && cached.version === version) return cached.value as Promise<T>;
      const readAt = version;
      const value = load();
      if (reads.size >= MAX_CACHED_READS) reads.clear();
      reads.set(key, { version: readAt, value });
      value.catch(() => {
        if (reads.get(key)?.value === value) reads.delete(key);
      });
      return value;
    },
  };
}
