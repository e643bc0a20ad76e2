import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../db/database';
import { logContext } from '../ops/log-context';

/**
 * Durable background jobs on the product's own database, with pg-boss: a job is a row, written in the same
 * transaction as the change that asks for it (an outgoing mail commits with the state change it reports), taken
 * by one worker at a time (SKIP LOCKED, so any number of API processes share the work), retried with
 * exponential backoff when its handler throws, and taken again after a crash once it expires. On the embedded
 * database pg-boss runs over the same PGlite instance, in this process. A job for now wakes a worker at once:
 * one sent outside a transaction wakes this process' worker, one written in a transaction NOTIFYs at its commit
 * every process that works the queue; polling only catches what those miss.
 *
 * pg-boss, not graphile-worker: both fit, but pg-boss takes a database adapter, so the same queue runs over
 * PGlite; graphile-worker needs a `pg` pool (and LISTEN) it would open itself. Version 10 is the last for Node 20.
 */
export interface JobQueue {
  /** Enqueues a job; with `tx` it is written in that transaction and exists only if the transaction commits. */
  send<K extends JobName>(name: K, data: JobData[K], options?: SendOptions): Promise<void>;
  /** Runs `handler` for each job of `name` in this process until stop(); a throw means retry later. */
  work<K extends JobName>(
    name: K,
    handler: (data: JobData[K], job: { id: string; retryCount: number }) => Promise<void>,
  ): Promise<void>;
  /** Runs `name` on a cron schedule (once across all processes). */
  schedule(name: JobName, cron: string): Promise<void>;
  /**
   * Waits until no job of the given queues is due, retrying or running (tests). Jobs scheduled for later (a
   * recovery job waiting for a lease to run out) do not count.
   */
  idle(names?: JobName[], timeoutMs?: number): Promise<void>;
  /**
   * Stops this process' workers fetching jobs (draining); the running ones go on, and send() still works for the
   * requests under way.
   */
  stopTakingJobs(): Promise<void>;
  /**
   * Stops taking jobs; `graceful` (the default) waits for the running ones to finish, up to `timeoutMs` (10 s by
   * default, at least 1 s), after which pg-boss fails them so they are retried elsewhere and this process lets go
   * of them: once it resolves, the queue touches the database no more (the caller may close it) and send() throws.
   */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

/** Every queue and the data its jobs carry (one home for the names). */
export interface JobData {
  'mail.send': { to: string; subject: string; text: string; html?: string; replyTo?: string };
  'payments.recover-operation': { operationId: string };
  'payments.sweep-operations': Record<string, never>;
  'payments.fulfil-purchase': { paymentIntentId: string };
  'payments.refund-unfulfilled-purchase': { paymentIntentId: string; reason: string };
  'payments.cleanup-stale-intents': Record<string, never>;
  'payments.reconcile': Record<string, never>;
  'stripe.process-event': { eventId: string };
  'files.sweep-uploads': Record<string, never>;
  'conversations.unseen-alerts': Record<string, never>;
  'conversations.ticket-digest': Record<string, never>;
}
export type JobName = keyof JobData;

export interface SendOptions {
  tx?: Queryable;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

export interface RetryPolicy {
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (retryBackoff). */
  retryDelay: number;
}

const RETRIES: Record<JobName, RetryPolicy> = {
  'mail.send': { retryLimit: 10, retryDelay: 5 },
  'payments.recover-operation': { retryLimit: 50, retryDelay: 5 },
  'payments.sweep-operations': { retryLimit: 3, retryDelay: 60 },
  'payments.fulfil-purchase': { retryLimit: 20, retryDelay: 5 },
  'payments.refund-unfulfilled-purchase': { retryLimit: 50, retryDelay: 5 },
  'payments.cleanup-stale-intents': { retryLimit: 3, retryDelay: 60 },
  'payments.reconcile': { retryLimit: 3, retryDelay: 60 },
  'stripe.process-event': { retryLimit: 20, retryDelay: 5 },
  'files.sweep-uploads': { retryLimit: 3, retryDelay: 60 },
  'conversations.unseen-alerts': { retryLimit: 2, retryDelay: 30 },
  'conversations.ticket-digest': { retryLimit: 3, retryDelay: 60 },
};

export interface JobQueueOptions {
  db: Database;
  logger: Logger;
  /** The schema pg-boss keeps its tables in. */
  schema?: string;
  /** How often an idle worker looks for jobs (pg-boss' minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Shortens retry delays to this many seconds (tests). */
  retryDelaySeconds?: number;
  /** Run workers and schedules in this process (false: enqueue only). */
  workers?: boolean;
  /** Each job run, for metrics. */
  onJob?: (queue: JobName, outcome: 'succeeded' | 'failed', seconds: number) => void;
  /** How long a job may run before it counts as lost (its worker died) and is retried; 15 minutes by default. */
  expireInSeconds?: number;
  /** How often expired jobs are looked for; 2 minutes by default. */
  maintenanceIntervalSeconds?: number;
}

const adapter = (q: Queryable): PgBoss.Db => ({
  async executeSql(text, values) {
    return { rows: await q.query(text, values ?? []) };
  },
});

/**
 * The job queue's schema and queues as a start of the queue makes them (pg-boss' tables, each queue with its retry
 * policy), and nothing started: a database made ready once (`npm run db:migrate`, the tests' template database)
 * spares every start on it that work, ~0.4 s of the embedded database's time per start.
 */
export async function installJobQueue(options: Omit<JobQueueOptions, 'workers'>): Promise<void> {
  const jobs = await startJobQueue({ ...options, workers: false });
  await jobs.stop({ graceful: false });
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { db, logger } = options;
  const workers = options.workers ?? true;
  /** Set once stop() has returned: the caller may close the database next. */
  let stopped = false;
  /** Lets go of the handlers still running when stop() returns (see stop). */
  let abandonRunning!: (reason: Error) => void;
  const abandoned = new Promise<never>((_, reject) => (abandonRunning = reject));
  abandoned.catch(() => undefined);
  const running = new Map<string, JobName>();
  const boss = new PgBoss({
    db: {
      async executeSql(text, values) {
        // After stop() pg-boss only completes or fails the jobs it let go of (below), without awaiting it, when
        // the database may have closed: stop() has already failed them so they are retried, and a second fail
        // would spend a retry. Nothing is written; the answer says so (pg-boss reads the affected count).
        if (stopped) return { rows: [{ count: 0 }] };
        // pg-boss sends its schema scripts as one multi-statement string without parameters.
        if (!values?.length && text.includes(';')) {
          await db.exec(text);
          return { rows: [] };
        }
        return { rows: await db.query(text, values ?? []) };
      },
    },
    schema: options.schema ?? 'pgboss',
    supervise: workers,
    schedule: workers,
    migrate: true,
    ...(options.maintenanceIntervalSeconds && {
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    }),
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  // A queue keeps the retry policy it was created with: one whose policy here has changed since (a release,
  // a test's shorter delays) is updated, one that is missing created, and one as it should be left alone.
  const queues = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const [name, retry] of Object.entries(RETRIES)) {
    const policy = {
      retryLimit: retry.retryLimit,
      retryDelay: options.retryDelaySeconds ?? retry.retryDelay,
      retryBackoff: true,
      expireInSeconds: options.expireInSeconds ?? 15 * 60,
    };
    const queue = queues.get(name);
    if (!queue) await boss.createQueue(name, { name, ...policy });
    else if (Object.entries(policy).some(([key, value]) => queue[key as keyof typeof policy] !== value))
      await boss.updateQueue(name, { name, ...policy });
  }
  const workerIds = new Map<string, string>();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const wake = (name: string) => {
    const worker = workerIds.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  // NOTIFY is delivered when the sending transaction commits, and not at all when it rolls back.
  const channel = `${options.schema ?? 'pgboss'}_due`;
  // After a lost listening connection is back, notifications may have been missed meanwhile: every worker looks.
  const wakeAll = () => workerIds.forEach((_, name) => wake(name));
  let stopListening = workers ? await db.listen(channel, wake, wakeAll) : undefined;

  return {
    async send(name, data, { tx, startAfterSeconds } = {}) {
      if (stopped) throw new Error(`the job queue has stopped; ${name} was not queued`);
      await boss.send(name, data as object, {
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        ...(tx ? { db: adapter(tx) } : {}),
      });
      if (startAfterSeconds) return;
      if (tx) await tx.query('select pg_notify($1, $2)', [channel, name]);
      else wake(name);
    },
    async work(name, handler) {
      if (!workers) return;
      const id = await boss.work<JobData[typeof name]>(
        name,
        { pollingIntervalSeconds, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) {
            const started = performance.now();
            running.set(job.id, name);
            try {
              await Promise.race([
                logContext.run({ job: name, jobId: job.id }, () =>
                  handler(job.data, { id: job.id, retryCount: job.retryCount }),
                ),
                abandoned,
              ]);
              options.onJob?.(name, 'succeeded', (performance.now() - started) / 1000);
            } catch (error) {
              options.onJob?.(name, 'failed', (performance.now() - started) / 1000);
              logger.warn(
                { err: error, job: name, jobId: job.id, retryCount: job.retryCount },
                'job failed; it will be retried',
              );
              throw error;
            } finally {
              running.delete(job.id);
              // pg-boss waits a whole polling interval after every fetch, even one that found a job, so a burst
              // (a renewal's ten Stripe events) would take ten intervals: a worker that found one looks again now.
              wake(name);
            }
          }
        },
      );
      workerIds.set(name, id);
    },
    async schedule(name, cron) {
      if (workers) await boss.schedule(name, cron, {});
    },
    async idle(names = Object.keys(RETRIES) as JobName[], timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const pending = await db.query<{ name: string; due: number }>(
          `select name, count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as due
           from ${options.schema ?? 'pgboss'}.job
           where name = any($1) and (state in ('retry', 'active') or (state = 'created' and start_after <= now()))
           group by name`,
          [names],
        );
        if (!pending.length) return;
        if (Date.now() > deadline)
          throw new Error(`jobs still pending after ${timeoutMs} ms: ${names.join(', ')}`);
        // A job that has just become due (its retry delay over) waits for its worker's next poll: whoever waits
        // for the queue to empty has the workers of the due jobs look now. Only those: each look is a query, and
        // every queue's worker looking every 50 ms would be most of an embedded database's work.
        for (const { name, due } of pending) if (due) wake(name);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stopTakingJobs() {
      for (const id of workerIds.values()) await boss.offWork({ id });
    },
    async stop({ graceful = true, timeoutMs = 10_000 } = {}) {
      const unlisten = stopListening;
      stopListening = undefined;
      await unlisten?.();
      await boss.stop({ graceful, wait: true, timeout: timeoutMs });
      stopped = true;
      // A handler still running outlived the timeout, and pg-boss has failed its job (it is retried). Its
      // worker waits for it, up to the job's expiry (15 minutes), still holding the database; let go of it.
      if (running.size) {
        logger.warn({ jobs: Object.fromEntries(running) }, 'jobs still running when the queue stopped');
        abandonRunning(new Error('the job queue stopped while this job ran; it will be retried'));
      }
    },
  };
}
