import { readdirSync } from 'node:fs';
import type { Hono } from 'hono';
import type { Database } from '../db/database';
import type { AppEnv } from '../http/app-env';
import type { Metrics } from './metrics';

export interface Lifecycle {
  /** True from the moment the process is asked to stop: /ready answers 503 so the proxy stops sending. */
  draining: boolean;
  /** Called when draining starts: long-lived responses (push streams) end so their clients reconnect elsewhere. */
  onDrain: Array<() => void>;
}

export interface OpsOptions {
  db: Database;
  metrics: Metrics;
  lifecycle: Lifecycle;
  migrationsDir: string;
  /** Bearer token /metrics requires; undefined: open (local runs), null: not served (production without a token). */
  metricsToken: string | null | undefined;
}

/**
 * What an orchestrator and a monitoring system ask: /health (the process answers), /ready (it can serve:
 * database reachable, every migration applied, not draining) and /metrics (Prometheus).
 */
export function registerOpsRoutes(
  app: Hono<AppEnv>,
  { db, metrics, lifecycle, migrationsDir, metricsToken }: OpsOptions,
): void {
  const migrations = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql'));
  let migrated = false;

  app.get('/health', (c) => c.json({ ok: true }));

  app.get('/ready', async (c) => {
    if (lifecycle.draining) return c.json({ ready: false, reason: 'draining' }, 503);
    try {
      if (!migrated) {
        const applied = new Set(
          (await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name),
        );
        const missing = migrations.filter((file) => !applied.has(file));
        if (missing.length) return c.json({ ready: false, reason: 'migrations pending', missing }, 503);
        migrated = true;
      } else {
        await db.query('select 1');
      }
      return c.json({ ready: true });
    } catch {
      return c.json({ ready: false, reason: 'database unreachable' }, 503);
    }
  });

  app.get('/metrics', async (c) => {
    if (metricsToken === null) return c.notFound();
    if (metricsToken && c.req.header('authorization') !== `Bearer ${metricsToken}`)
      return c.json({ error: 'Unauthorized' }, 401);
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
}
