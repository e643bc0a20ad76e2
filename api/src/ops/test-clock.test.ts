import { Hono } from 'hono';
import { pino } from 'pino';
import type { AppEnv } from '../http/app-env';
import { registerTestClockRoutes, type TestClockOptions } from './test-clock';

/** The journeys' test clock (issue 34) fails closed: not served in production, the ops token when one is set. */
function appWith(options: Partial<TestClockOptions>) {
  const runs: Date[] = [];
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('log', pino({ level: 'silent' }));
    await next();
  });
  registerTestClockRoutes(app, {
    enabled: true,
    metricsToken: undefined,
    jobs: {
      'conversations.unseen-alerts': async (now) => {
        runs.push(now);
        return 1;
      },
    },
    ...options,
  });
  const run = (body: unknown, headers: Record<string, string> = {}) =>
    app.request('/ops/test-clock/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return { runs, run };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('POST /ops/test-clock/run', () => {
  it('runs the named scheduled job once, with the time the test moved its clock to', async () => {
    const { runs, run } = appWith({});
    const at = inMinutes(6);
    const response = await run({ job: 'conversations.unseen-alerts', at });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ job: 'conversations.unseen-alerts', at, result: 1 });
    expect(runs.map((d) => d.toISOString())).toEqual([at]);
  });

  it('is not served at all when disabled (production), whatever token comes with the call', async () => {
    for (const options of [
      { enabled: false, metricsToken: 'ops-token' },
      { enabled: undefined },
      // Production without an ops token (null) is closed even if enabled were set by mistake.
      { enabled: true, metricsToken: null },
    ]) {
      const { runs, run } = appWith(options);
      const response = await run(
        { job: 'conversations.unseen-alerts', at: inMinutes(6) },
        { authorization: 'Bearer ops-token' },
      );
      expect(response.status).toBe(404);
      expect(runs).toEqual([]);
    }
  });

  it('wants the ops token when one is set (as /metrics does)', async () => {
    const { runs, run } = appWith({ metricsToken: 'ops-token' });
    const body = { job: 'conversations.unseen-alerts', at: inMinutes(6) };
    expect((await run(body)).status).toBe(401);
    expect((await run(body, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect(runs).toEqual([]);
    expect((await run(body, { authorization: 'Bearer ops-token' })).status).toBe(200);
    expect(runs).toHaveLength(1);
  });

  it('refuses an unknown job, a time that is not one, a clock moved back, or moved too far', async () => {
    const { runs, run } = appWith({});
    const refusal = async (body: unknown) => {
      const response = await run(body);
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await refusal({ job: 'payments.reconcile', at: inMinutes(6) })).toContain(
      'job must be one of: conversations.unseen-alerts',
    );
    expect(await refusal({ job: 'conversations.unseen-alerts', at: 'soon' })).toContain('ISO 8601');
    expect(await refusal({ job: 'conversations.unseen-alerts', at: inMinutes(-10) })).toContain(
      'only moves forward',
    );
    expect(await refusal({ job: 'conversations.unseen-alerts', at: inMinutes(60 * 24 * 40) })).toContain(
      'more than 32 days ahead',
    );
    expect(runs).toEqual([]);
  });
});
