import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable } from './queryable';

// Return numeric and bigint as numbers, as PGlite does: amounts are far below 2^53.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * A statement with parameters runs as a named prepared statement (named after its text), so each connection
 * plans it once; planning was most of a list query's time. The app's statements are a fixed set of texts
 * (values are always parameters), so the names stay few.
 */
const statementNames = new Map<string, string>();
function prepared(sql: string, params: readonly unknown[]): pg.QueryConfig {
  if (params.length === 0) return { text: sql };
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
    if (statementNames.size < 5000) statementNames.set(sql, name);
  }
  return { name, text: sql, values: [...params] };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const listeners = new Set<() => Promise<void>>();
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(prepared(sql, params))).rows as Row[];
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(prepared(sql, params))).rows as Row[];
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    // Asked once per batch of reads on every connection: a named statement is parsed and planned once each.
    readThrough: versionedReads((sql) => pool.query({ name: 'data_version', text: sql })),
    async withExclusiveLock(key, work) {
      // A session lock, held by one connection of the pool for the duration of the work.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [key]);
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        holder.release();
      }
    },
    async listen(channel, handler, onGap) {
      const stop = await listenWithReconnect(connectionString, channel, handler, onGap);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
  };
}

const MAX_CACHED_READS = 10_000;
const VERSION_TIMEOUT_MS = 2_000;

/**
 * Reads kept per data version (migration 109: a number every committed change to the cached tables moves on).
 * Before answering from memory a request reads the number; requests that arrive while a read of it is on its way
 * wait for the next one, which starts after they arrived, so what they get is never older than the request
 * (a change committed through another process just before is seen). One tiny query per round trip serves every
 * request waiting, and the list itself is read once per version and key, however many ask at once.
 */
export function versionedReads(
  query: (sql: string) => Promise<{ rows: { version: number }[] }>,
): <T>(key: string, load: () => Promise<T>) => Promise<T> {
  const reads = new Map<string, { version: number; value: Promise<unknown> }>();
  let readsVersion = -1;
  type Batch = { promise: Promise<number>; resolve: (v: number) => void; reject: (e: unknown) => void };
  let waiting: Batch | null = null;
  let asking = false;

  const ask = async () => {
    if (asking || !waiting) return;
    const batch = waiting;
    waiting = null;
    asking = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      // A version query that hangs (a dead connection, a saturated pool) must not hold every read behind it.
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('data version query timed out')), VERSION_TIMEOUT_MS);
      });
      const { rows } = await Promise.race([query('select version from data_version'), timedOut]);
      batch.resolve(Number(rows[0]!.version));
    } catch (error) {
      batch.reject(error);
    } finally {
      clearTimeout(timer);
      asking = false;
      if (waiting) setImmediate(ask);
    }
  };
  const currentVersion = (): Promise<number> => {
    if (waiting) return waiting.promise;
    const batch = {} as Batch;
    batch.promise = new Promise<number>((resolve, reject) => Object.assign(batch, { resolve, reject }));
    waiting = batch;
    // Asked once this turn of the event loop has read its requests, so they all share the query.
    if (!asking) setImmediate(ask);
    return batch.promise;
  };

  return async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    // Without a version the read is not worth failing: it goes to the database, as an uncached read.
    const version = await currentVersion().catch(() => null);
    if (version === null) return load();
    if (version > readsVersion) {
      reads.clear();
      readsVersion = version;
    }
    const cached = reads.get(key);
    if (cached && cached.version >= version) return cached.value as Promise<T>;
    const value = load();
    if (reads.size >= MAX_CACHED_READS) reads.clear();
    reads.set(key, { version, value });
    value.catch(() => {
      if (reads.get(key)?.value === value) reads.delete(key);
    });
    return value;
  };
}

const LISTEN_RETRY_FIRST_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

export interface ListenTiming {
  /** How often the listening connection is asked `select 1`. */
  livenessIntervalMs: number;
  /** How long connecting, LISTEN or that `select 1` may take before the connection counts as lost. */
  timeoutMs: number;
}

const DEFAULT_LISTEN_TIMING: ListenTiming = { livenessIntervalMs: 30_000, timeoutMs: 10_000 };

const ignoreError = () => undefined;

/** Closes a client nobody uses any more; what it emits from now on is ignored. */
function discard(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  // An 'error' event without a listener would throw.
  client.on('error', ignoreError);
  return client.end().catch(ignoreError);
}

/**
 * LISTEN needs a connection of its own (a pooled one would be handed to queries). When it drops, it is opened
 * again with backoff and `onGap` tells the listener it may have missed notifications meanwhile. There is one
 * listening connection at a time and one reconnect chain at most: a failed attempt is discarded, and what a
 * client that is no longer the current one emits is ignored. A connection left half-open (a failover without a
 * FIN) emits nothing, so a periodic `select 1` that fails or hangs counts as losing it too.
 */
export async function listenWithReconnect(
  connectionString: string,
  channel: string,
  handler: (payload: string) => void,
  onGap?: () => void,
  timing: ListenTiming = DEFAULT_LISTEN_TIMING,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let reconnecting = false;
  let retryDelay = LISTEN_RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let attemptInFlight: Promise<void> | undefined;

  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Without them a hung attempt would hold up the one reconnect chain for good.
      connectionTimeoutMillis: timing.timeoutMs,
      query_timeout: timing.timeoutMs,
    });
    client.on('error', ignoreError);
    try {
      await client.connect();
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
      return client;
    } catch (error) {
      void discard(client);
      throw error;
    }
  };

  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    void discard(client);
    if (stopped || reconnecting) return;
    reconnecting = true;
    scheduleAttempt();
  };

  const adopt = (client: pg.Client) => {
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handler(message.payload);
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
  };

  const attempt = async () => {
    retryTimer = undefined;
    if (stopped) return;
    try {
      const client = await open();
      if (stopped) {
        await discard(client);
        return;
      }
      adopt(client);
      reconnecting = false;
      retryDelay = LISTEN_RETRY_FIRST_MS;
      onGap?.();
    } catch {
      retryDelay = Math.min(retryDelay * 2, LISTEN_RETRY_MAX_MS);
      scheduleAttempt();
    }
  };

  function scheduleAttempt() {
    if (stopped) return;
    retryTimer = setTimeout(() => {
      attemptInFlight = attempt().finally(() => (attemptInFlight = undefined));
    }, retryDelay);
    retryTimer.unref();
  }

  adopt(await open());
  let checking = false;
  const livenessTimer = setInterval(() => {
    const client = current;
    if (!client || checking) return;
    checking = true;
    client
      .query('select 1')
      .catch(() => lost(client))
      .finally(() => (checking = false));
  }, timing.livenessIntervalMs);
  livenessTimer.unref();
  return async () => {
    stopped = true;
    clearInterval(livenessTimer);
    clearTimeout(retryTimer);
    await attemptInFlight;
    const client = current;
    current = undefined;
    if (client) await discard(client);
  };
}
