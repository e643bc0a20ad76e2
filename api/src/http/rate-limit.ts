import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter, type Store } from 'hono-rate-limiter';
import { API_MESSAGES, type RateLimit } from '@agency/domain';
import type { Database, Queryable } from '../db/database';
import type { AppEnv } from './app-env';
import { clientAddress } from './client-address';

/**
 * hono-rate-limiter's counters kept in the database (rate_limit_hits), so every API process counts against
 * one budget. Fixed windows: the first hit of a key opens its window, later hits count until it ends.
 */
export function databaseRateLimitStore(db: Queryable, prefix: string, windowMs: number): Store<AppEnv> {
  const key = (k: string) => `${prefix}:${k}`;
  return {
    prefix,
    localKeys: false,
    async increment(k) {
      const [row] = await db.query<{ hits: number; window_started_at: Date | string }>(
        `insert into rate_limit_hits (key, window_started_at, hits) values ($1, now(), 1)
         on conflict (key) do update set
           hits = case when rate_limit_hits.window_started_at <= now() - make_interval(secs => $2) then 1 else rate_limit_hits.hits + 1 end,
           window_started_at = case when rate_limit_hits.window_started_at <= now() - make_interval(secs => $2) then now() else rate_limit_hits.window_started_at end
         returning hits, window_started_at`,
        [key(k), windowMs / 1000],
      );
      return {
        totalHits: row!.hits,
        resetTime: new Date(new Date(row!.window_started_at).getTime() + windowMs),
      };
    },
    async decrement(k) {
      await db.query('update rate_limit_hits set hits = greatest(hits - 1, 0) where key = $1', [key(k)]);
    },
    async resetKey(k) {
      await db.query('delete from rate_limit_hits where key = $1', [key(k)]);
    },
  };
}

/** Deletes counters whose windows ended long ago (run by the maintenance job). */
export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.query(`delete from rate_limit_hits where window_started_at < now() - interval '1 day'`);
}

export interface RateLimitOptions {
  db: Database;
  /** Names the budget (one per route and key kind). */
  name: string;
  limit: RateLimit;
  /** The client's key: by default its address (from X-Forwarded-For only behind a trusted proxy). */
  key?: (c: Context<AppEnv>) => Promise<string> | string;
  trustProxy: boolean;
}

/**
 * A limit on one route; 429 `{ error }` with RateLimit-* headers when exceeded. On PostgreSQL the counters are in
 * the database, so every API process counts against one budget. The embedded database has exactly one process,
 * whose memory is then the shared store (and a write per request would queue behind every other statement).
 */
export function rateLimit({ db, name, limit, key, trustProxy }: RateLimitOptions): MiddlewareHandler<AppEnv> {
  return rateLimiter<AppEnv>({
    windowMs: limit.windowMs,
    limit: limit.limit,
    standardHeaders: 'draft-6',
    keyGenerator: key ?? ((c) => clientAddress(c, trustProxy)),
    ...(db.kind === 'postgres' && { store: databaseRateLimitStore(db, name, limit.windowMs) }),
    handler: (c) => c.json({ error: API_MESSAGES.tooManyRequests }, 429),
  });
}
