import path from 'node:path';
import { pino } from 'pino';
import { runMigrations } from '../db/migrations';
import type { OutgoingMail } from '../mail/mailer';
import { openTestDatabase } from '../test-support/test-api';
import { startJobQueue, type JobQueue } from './job-queue';

const MIGRATIONS = path.join(__dirname, '..', '..', 'migrations');
const logger = pino({ level: 'silent' });

const until = async (accept: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!accept() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return accept();
};

describe('durable jobs (pg-boss on the product database)', () => {
  it('a mail job whose worker dies mid-send is taken by another worker and sent once', async () => {
    const { db, schema, dropDatabase } = await openTestDatabase();
    await runMigrations(db, MIGRATIONS);
    const options = {
      db,
      logger,
      schema: `${schema ?? 'kill'}_jobs`,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
      expireInSeconds: 2,
      maintenanceIntervalSeconds: 1,
    };
    let dying: JobQueue | undefined;
    let survivor: JobQueue | undefined;
    try {
      dying = await startJobQueue(options);
      let started = false;
      // This worker takes the job and never finishes it: its process is gone as far as the queue can tell.
      await dying.work('mail.send', () => {
        started = true;
        return new Promise<void>(() => undefined);
      });
      const mail: OutgoingMail = {
        to: 'client@example.test',
        subject: 'Your project changed',
        text: 'Hello',
      };
      await dying.send('mail.send', mail);
      expect(await until(() => started, 10_000)).toBe(true);
      await dying.stop({ graceful: false });
      dying = undefined;

      const sent: OutgoingMail[] = [];
      survivor = await startJobQueue(options);
      await survivor.work('mail.send', async (job) => {
        sent.push(job);
      });
      expect(await until(() => sent.length > 0, 20_000)).toBe(true);
      // Once, even after more maintenance rounds.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(sent).toEqual([mail]);
    } finally {
      await dying?.stop({ graceful: false });
      await survivor?.stop();
      await db.close();
      await dropDatabase();
    }
  });

  it('a job still running when stop() gives up is failed for a retry, and its worker leaves the database alone', async () => {
    const { db, schema, dropDatabase } = await openTestDatabase();
    await runMigrations(db, MIGRATIONS);
    // Without stop() letting go, pg-boss would fail the job itself once it expires, on a closed database.
    const options = {
      db,
      logger,
      schema: `${schema ?? 'outlive'}_jobs`,
      pollingIntervalSeconds: 0.5,
      expireInSeconds: 2,
    };
    const query = db.query.bind(db);
    try {
      const queue = await startJobQueue(options);
      let started = false;
      await queue.work('mail.send', () => {
        started = true;
        return new Promise<void>(() => undefined);
      });
      await queue.send('mail.send', { to: 'a@example.test', subject: 'never ends', text: '' });
      expect(await until(() => started, 10_000)).toBe(true);
      await queue.stop({ timeoutMs: 1000 });

      const [job] = await db.query<{ state: string }>(
        `select state from ${options.schema}.job where name = 'mail.send'`,
      );
      expect(job?.state).toBe('retry');
      const lateQueries: string[] = [];
      db.query = async (sql, params) => {
        lateQueries.push(sql);
        return query(sql, params);
      };
      await expect(
        queue.send('mail.send', { to: 'a@example.test', subject: 'too late', text: '' }),
      ).rejects.toThrow('the job queue has stopped; mail.send was not queued');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(lateQueries).toEqual([]);
    } finally {
      db.query = query;
      await db.close();
      await dropDatabase();
    }
  });

  it('a draining worker takes no new job, finishes the one it runs, and jobs can still be queued', async () => {
    const { db, schema, dropDatabase } = await openTestDatabase();
    await runMigrations(db, MIGRATIONS);
    const options = { db, logger, schema: `${schema ?? 'drain'}_jobs`, pollingIntervalSeconds: 0.5 };
    let draining: JobQueue | undefined;
    let staying: JobQueue | undefined;
    try {
      draining = await startJobQueue(options);
      const taken: string[] = [];
      let finishRunning = () => undefined as void;
      const running = new Promise<void>((resolve) => (finishRunning = resolve));
      await draining.work('mail.send', async (mail) => {
        taken.push(mail.subject);
        if (mail.subject === 'running') await running;
      });
      await draining.send('mail.send', { to: 'a@example.test', subject: 'running', text: '' });
      expect(await until(() => taken.length === 1, 10_000)).toBe(true);
      await draining.stopTakingJobs();
      // Requests still under way queue jobs; this process leaves them to the others.
      await draining.send('mail.send', { to: 'a@example.test', subject: 'queued while draining', text: '' });
      finishRunning();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(taken).toEqual(['running']);
      await draining.stop();
      draining = undefined;

      staying = await startJobQueue(options);
      await staying.work('mail.send', async (mail) => {
        taken.push(mail.subject);
      });
      expect(await until(() => taken.length === 2, 10_000)).toBe(true);
      expect(taken).toEqual(['running', 'queued while draining']);
    } finally {
      await draining?.stop({ graceful: false });
      await staying?.stop();
      await db.close();
      await dropDatabase();
    }
  });

  describe('under a minute between polls (the test times out long before a second poll)', () => {
    const pollingIntervalSeconds = 60;
    const mail = (subject: string) => ({ to: 'a@example.test', subject, text: '' });
    /** A worker's queue, and another process that only enqueues (it wakes no worker of its own). */
    async function twoProcesses(name: string) {
      const { db, schema, dropDatabase } = await openTestDatabase();
      await runMigrations(db, MIGRATIONS);
      const options = { db, logger, schema: `${schema ?? name}_jobs`, pollingIntervalSeconds };
      const worker = await startJobQueue(options);
      const sender = await startJobQueue({ ...options, workers: false });
      const taken: string[] = [];
      const waiters: { count: number; resolve: () => void }[] = [];
      await worker.work('mail.send', async ({ subject }) => {
        taken.push(subject);
        for (const waiter of waiters) if (taken.length >= waiter.count) waiter.resolve();
      });
      return {
        worker,
        sender,
        db,
        taken,
        takenCount: (count: number) =>
          new Promise<void>((resolve) => {
            if (taken.length >= count) resolve();
            else waiters.push({ count, resolve });
          }),
        close: async () => {
          await sender.stop();
          await worker.stop();
          await db.close();
          await dropDatabase();
        },
      };
    }

    it('a burst of jobs is worked through at once, not one per polling interval', async () => {
      const { worker, sender, taken, takenCount, close } = await twoProcesses('burst');
      try {
        // Four jobs nothing wakes a worker for, then one that wakes it once.
        for (const subject of ['first', 'second', 'third', 'fourth'])
          await sender.send('mail.send', mail(subject));
        await worker.send('mail.send', mail('fifth'));
        await takenCount(5);
        expect([...taken].sort()).toEqual(['fifth', 'first', 'fourth', 'second', 'third']);
      } finally {
        await close();
      }
    });

    it("a job written in another process' transaction wakes the worker when it commits; a rolled-back one never exists", async () => {
      const { sender, db, taken, takenCount, close } = await twoProcesses('notify');
      try {
        await expect(
          db.transaction(async (tx) => {
            await sender.send('mail.send', mail('rolled back'), { tx });
            throw new Error('the change failed');
          }),
        ).rejects.toThrow('the change failed');
        await db.transaction((tx) => sender.send('mail.send', mail('committed'), { tx }));
        await takenCount(1);
        await sender.idle(['mail.send']);
        expect(taken).toEqual(['committed']);
      } finally {
        await close();
      }
    });
  });

  it("a queue made under an earlier retry policy takes this release's at start; its jobs are retried by it", async () => {
    const { db, schema, dropDatabase } = await openTestDatabase();
    await runMigrations(db, MIGRATIONS);
    const options = { db, logger, schema: `${schema ?? 'policy'}_jobs`, workers: false };
    const policyOf = async () =>
      (
        await db.query<{ retry_limit: number; retry_delay: number; expire_seconds: number }>(
          `select retry_limit, retry_delay, expire_seconds from ${options.schema}.queue where name = 'mail.send'`,
        )
      )[0];
    try {
      await (await startJobQueue({ ...options, retryDelaySeconds: 1, expireInSeconds: 2 })).stop();
      expect(await policyOf()).toEqual({ retry_limit: 10, retry_delay: 1, expire_seconds: 2 });

      const queue = await startJobQueue(options);
      expect(await policyOf()).toEqual({ retry_limit: 10, retry_delay: 5, expire_seconds: 15 * 60 });
      await queue.send('mail.send', { to: 'a@example.test', subject: 'retried at 5 s', text: '' });
      const [job] = await db.query<{ retry_delay: number }>(
        `select retry_delay from ${options.schema}.job where name = 'mail.send'`,
      );
      expect(job?.retry_delay).toBe(5);
      await queue.stop();
    } finally {
      await db.close();
      await dropDatabase();
    }
  });
});
