import { startTestApi, type TestApi } from '../test-support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('operations endpoints', () => {
  it('/health answers while the process lives; /ready only with the database reachable, migrations applied and not draining', async () => {
    expect(await api.call('GET', '/health')).toMatchObject({ status: 200, body: { ok: true } });
    expect(await api.call('GET', '/ready')).toMatchObject({ status: 200, body: { ready: true } });
    api.lifecycle.draining = true;
    try {
      expect(await api.call('GET', '/ready')).toMatchObject({
        status: 503,
        body: { ready: false, reason: 'draining' },
      });
    } finally {
      api.lifecycle.draining = false;
    }
  });

  it('/metrics counts requests by route pattern (never by raw id), with latencies, jobs and money operations', async () => {
    await api.call('GET', '/api/projects', { token: api.clientA.token });
    await api.call('PATCH', '/api/projects/0a9e6e5c-7c4e-4d7e-9a36-6d2f3b0a1e11', {
      token: api.admin.token,
      body: { title: 'x' },
    });
    await api.call('POST', '/api/contact-form', {
      body: {
        firstName: 'Ops',
        lastName: 'Test',
        email: 'ops@example.test',
        projectDetails: 'Counting the metrics.',
      },
    });
    await api.jobs.idle();
    const metrics = await api.call('GET', '/metrics');
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = metrics.body as string;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/projects",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="PATCH",route="\/api\/projects\/:id",status="404"\} 1/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toMatch(/jobs_total\{queue="mail.send",outcome="succeeded"\} \d/);
    expect(text).toContain('money_operations_total');
  });
});

describe('compressed answers', () => {
  it('compresses JSON above 1 kB as the client accepts (brotli before gzip), and leaves small answers alone', async () => {
    const client = await api.user('compressed');
    await api.db.query('insert into profiles (id, email) values ($1, $2)', [client.id, client.email]);
    for (let i = 0; i < 10; i++) {
      await api.db.query(
        `insert into projects (title, description, client_id, client_email) values ($1, $2, $3, $4)`,
        [
          `Project ${i}`,
          'A description long enough to make the list large. '.repeat(3),
          client.id,
          client.email,
        ],
      );
    }
    const list = async (acceptEncoding?: string) => {
      const response = await fetch(`${api.url}/api/projects`, {
        headers: {
          authorization: `Bearer ${client.token}`,
          ...(acceptEncoding && { 'accept-encoding': acceptEncoding }),
        },
      });
      const body = (await response.json()) as { projects: unknown[] };
      return {
        encoding: response.headers.get('content-encoding'),
        vary: response.headers.get('vary'),
        count: body.projects.length,
      };
    };
    expect(await list('gzip, deflate, br')).toEqual({
      encoding: 'br',
      vary: expect.stringContaining('Accept-Encoding'),
      count: 10,
    });
    expect(await list('gzip')).toMatchObject({ encoding: 'gzip', count: 10 });
    expect(await list('br;q=0, gzip')).toMatchObject({ encoding: 'gzip' });
    expect(await list('identity')).toMatchObject({ encoding: null, count: 10 });
    const small = await fetch(`${api.url}/api/me`, {
      headers: { authorization: `Bearer ${client.token}`, 'accept-encoding': 'br' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});

describe('log lines', () => {
  it('every line written during a request names its request id, whichever module writes it', async () => {
    const { pino } = await import('pino');
    const { logContext } = await import('./log-context');
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      { mixin: logContext.mixin },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    await logContext.run({ requestId: 'req-42' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.child({ module: 'money' }).warn('deep inside a module');
    });
    logger.info('outside any request');
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['deep inside a module', 'req-42'],
      ['outside any request', undefined],
    ]);
  });
});
