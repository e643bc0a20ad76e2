import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ValidationError } from 'yup';
import {
  API_MESSAGES,
  RATE_LIMITS,
  REMOTE_HEALTH_MAX_BODY_BYTES,
  releaseRollbackNoticeSchema,
} from '@agency/domain';
import type { FeatureDeps } from '../../feature-deps';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { readJsonObject } from '../../http/read-body';
import { rateLimit } from '../../http/rate-limit';
import { releaseRolledBackMail } from '../../mail/mail-templates';
import { queueMail } from '../../mail/mailer';
import type { Metrics } from '../../ops/metrics';

export interface RemoteHealthDeps extends FeatureDeps {
  ops: FeatureDeps['ops'] & {
    metrics: Pick<Metrics, 'remoteLoad'>;
    /** The ops token (METRICS_TOKEN): undefined open (local runs), null not served (production without one). */
    metricsToken: string | null | undefined;
  };
}

interface HealthRow {
  remote: string;
  release: string;
  phase: string;
  count: string | number;
}

/** Per remote, per release: loads, failures, failures by phase. */
export type RemoteHealthCounts = Record<
  string,
  Record<string, { loads: number; failures: number; phases: Record<string, number> }>
>;

/**
 * Remote health from real browsers (issue 37). POST /api/remote-health takes one anonymous report of a remote
 * page's load (the host samples and rate-limits them per tab; here each address is limited too, and a body over
 * REMOTE_HEALTH_MAX_BODY_BYTES is refused before it is read) and counts it: in the database (shared by every
 * replica, for the release guard and `npm run releases`) and in /metrics. The ops routes beside /metrics, behind
 * the same token, give the counts to the release guard and take its notice of an automatic rollback, which
 * mails the consultancy's inbox once.
 */
export function registerRemoteHealthRoutes(app: Hono<AppEnv>, deps: RemoteHealthDeps): void {
  const { db, ops, config } = deps;
  const tooLarge = (c: Context<AppEnv>) => c.json({ error: API_MESSAGES.bodyTooLarge }, 413);
  const limitChunked = bodyLimit({ maxSize: REMOTE_HEALTH_MAX_BODY_BYTES, onError: tooLarge });

  defineRoute(
    app,
    'reportRemoteHealth',
    async ({ readBody }) => {
      const report = await readBody();
      const failed = report.outcome === 'failed';
      await db.query(
        `insert into remote_health (remote, release, phase, error_class, count) values ($1, $2, $3, $4, 1)
         on conflict (remote, release, phase, error_class)
         do update set count = remote_health.count + 1, last_at = now()`,
        [
          report.remote,
          report.release,
          failed ? report.phase! : '',
          failed ? (report.errorClass ?? 'Error') : '',
        ],
      );
      ops.metrics.remoteLoad(report.remote, report.release, failed ? report.phase : undefined);
      return { ok: true as const };
    },
    {
      middleware: [
        (c, next) => {
          const declared = c.req.header('content-length');
          if (declared === undefined || c.req.header('transfer-encoding')) return limitChunked(c, next);
          return Number(declared) > REMOTE_HEALTH_MAX_BODY_BYTES ? Promise.resolve(tooLarge(c)) : next();
        },
        rateLimit({
          db,
          name: 'remote-health',
          limit: RATE_LIMITS.remoteHealth,
          trustProxy: config.trustProxy,
        }),
      ],
    },
  );

  const opsAllowed = (c: Context<AppEnv>) =>
    ops.metricsToken === null
      ? c.notFound()
      : ops.metricsToken && c.req.header('authorization') !== `Bearer ${ops.metricsToken}`
        ? c.json({ error: 'Unauthorized' }, 401)
        : undefined;

  app.get('/ops/remote-health', async (c) => {
    const refused = opsAllowed(c);
    if (refused) return refused;
    const rows = await db.query<HealthRow>(
      `select remote, release, phase, sum(count) as count from remote_health group by remote, release, phase`,
    );
    const remotes: RemoteHealthCounts = {};
    for (const row of rows) {
      const counts = ((remotes[row.remote] ??= {})[row.release] ??= { loads: 0, failures: 0, phases: {} });
      const n = Number(row.count);
      counts.loads += n;
      if (row.phase) {
        counts.failures += n;
        counts.phases[row.phase] = (counts.phases[row.phase] ?? 0) + n;
      }
    }
    return c.json({ remotes });
  });

  const limitNotice = bodyLimit({ maxSize: 4096, onError: tooLarge });
  app.post('/ops/release-rollbacks', limitNotice, async (c) => {
    const refused = opsAllowed(c);
    if (refused) return refused;
    let notice;
    try {
      notice = await releaseRollbackNoticeSchema.validate(await readJsonObject(c), { abortEarly: false });
    } catch (error) {
      if (error instanceof ValidationError) return c.json({ error: error.errors.join(' ') }, 400);
      throw error;
    }
    await db.transaction(async (tx) => {
      const [recorded] = await tx.query<{ id: string }>(
        `insert into release_rollbacks (remote, release, restored, reason, rolled_back_at)
         values ($1, $2, $3, $4, $5) on conflict do nothing returning id`,
        [notice.remote, notice.release, notice.restored, notice.reason, notice.at],
      );
      // Told again (a retry) is not mailed again.
      if (recorded) await queueMail(deps.jobs, releaseRolledBackMail(config.contactInbox, notice), tx);
    });
    return c.json({ ok: true });
  });
}
