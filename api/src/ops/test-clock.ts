import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { date, object, string, ValidationError } from 'yup';
import { API_MESSAGES } from '@agency/domain';
import type { AppEnv } from '../http/app-env';
import { readJsonObject } from '../http/read-body';

/** A scheduled job that reads the time: the worker runs it with the system clock, the test clock with its own. */
export type ClockedJob = (now: Date) => Promise<number>;

export interface TestClockOptions {
  /** Served only when true: outside production (the offline stand-ins), never in production (404 there). */
  enabled: boolean | undefined;
  /** The ops token (METRICS_TOKEN): when set, required as a bearer token, as for /metrics and /ops/*. */
  metricsToken: string | null | undefined;
  /** The scheduled jobs that read the time, by queue name (workers.ts clockedJobs). */
  jobs: Partial<Record<string, ClockedJob>>;
}

/** How far ahead a test may move a job's clock (a month and a day covers a daily digest and then some). */
const MAX_AHEAD_MS = 32 * 24 * 60 * 60_000;
/** A clock never goes back: `at` may trail the server's clock by this much (the two machines' clocks differ). */
const SKEW_MS = 60_000;

/**
 * A clock the browser journeys drive (issue 34): POST /ops/test-clock/run `{ job, at }` runs one scheduled job
 * now, as if the time were `at`, so "a message unseen for 5 minutes" is proven without waiting 5 minutes. The
 * job is the very function the worker runs every minute (workers.ts); only its `now` comes from the test. The
 * test keeps its clock (where it has moved time to) and names it on each run, so every API replica agrees and
 * nothing else in the API sees a moved clock.
 *
 * Fails closed: registered only when `enabled` (config.ts: not in production), so a production API answers
 * 404 whatever token is sent; with METRICS_TOKEN set it also wants that token.
 */
export function registerTestClockRoutes(
  app: Hono<AppEnv>,
  { enabled, metricsToken, jobs }: TestClockOptions,
) {
  if (enabled !== true || metricsToken === null) return;
  const names = Object.keys(jobs);
  const schema = object({
    job: string()
      .required(API_MESSAGES.invalidValue)
      .oneOf(names, `job must be one of: ${names.join(', ')}`),
    at: date().required(API_MESSAGES.invalidValue).typeError('at must be an ISO 8601 time'),
  })
    .noUnknown(API_MESSAGES.invalidValue)
    .strict(false);

  app.post(
    '/ops/test-clock/run',
    bodyLimit({ maxSize: 1024, onError: (c) => c.json({ error: API_MESSAGES.bodyTooLarge }, 413) }),
    async (c) => {
      if (metricsToken && c.req.header('authorization') !== `Bearer ${metricsToken}`)
        return c.json({ error: 'Unauthorized' }, 401);
      let body;
      try {
        body = await schema.validate(await readJsonObject(c), { abortEarly: false });
      } catch (error) {
        if (error instanceof ValidationError) return c.json({ error: error.errors.join(' ') }, 400);
        throw error;
      }
      const at = body.at;
      const now = Date.now();
      if (at.getTime() < now - SKEW_MS)
        return c.json({ error: 'at is in the past: a test clock only moves forward' }, 400);
      if (at.getTime() > now + MAX_AHEAD_MS)
        return c.json({ error: 'at is more than 32 days ahead of the server clock' }, 400);
      const result = await jobs[body.job]!(at);
      c.get('log').info({ job: body.job, at: at.toISOString(), result }, 'test clock ran a job');
      return c.json({ job: body.job, at: at.toISOString(), result });
    },
  );
}
