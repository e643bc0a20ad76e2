import { RATE_LIMITS } from '@agency/domain';
import { startTestApi, type TestApi } from '../../test-support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const report = (body: unknown) => api.call('POST', '/api/remote-health', { body });
const loaded = { remote: 'checkout', release: '0.1.0-aaaaaaaaaa', outcome: 'loaded' };
const failed = {
  remote: 'checkout',
  release: '0.1.0-bbbbbbbbbb',
  outcome: 'failed',
  phase: 'render',
  errorClass: 'TypeError',
};

async function health() {
  const response = await fetch(`${api.url}/ops/remote-health`);
  return (await response.json()) as {
    remotes: Record<
      string,
      Record<string, { loads: number; failures: number; phases: Record<string, number> }>
    >;
  };
}

describe('POST /api/remote-health', () => {
  it('counts loads and failures per remote and release, in the database and in /metrics', async () => {
    for (const body of [loaded, loaded, failed, { ...failed, phase: 'entry', errorClass: 'Error' }, failed])
      expect((await report(body)).status).toBe(200);
    const { remotes } = await health();
    expect(remotes.checkout!['0.1.0-aaaaaaaaaa']).toEqual({ loads: 2, failures: 0, phases: {} });
    expect(remotes.checkout!['0.1.0-bbbbbbbbbb']).toEqual({
      loads: 3,
      failures: 3,
      phases: { render: 2, entry: 1 },
    });
    const metrics = await (await fetch(`${api.url}/metrics`)).text();
    expect(metrics).toContain('remote_loads_total{remote="checkout",release="0.1.0-aaaaaaaaaa"} 2');
    expect(metrics).toContain(
      'remote_load_failures_total{remote="checkout",release="0.1.0-bbbbbbbbbb",phase="render"} 2',
    );
  });

  it('refuses malformed reports with 400: unknown fields, unknown remotes, messages instead of class names', async () => {
    for (const body of [
      { ...loaded, url: 'https://example.test/purchase/1?email=ada@example.test' },
      { ...loaded, remote: 'somewhere' },
      { ...failed, errorClass: 'Cannot read properties of undefined' },
      { ...failed, phase: undefined },
      { ...loaded, release: '../../etc/passwd' },
      { remote: 'checkout' },
    ])
      expect((await report(body)).status).toBe(400);
    const raw = await fetch(`${api.url}/api/remote-health`, { method: 'POST', body: '{"remote":' });
    expect(raw.status).toBe(400);
  });

  it('refuses an oversize report with 413 before reading it', async () => {
    const response = await fetch(`${api.url}/api/remote-health`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ ...failed, errorClass: 'E'.repeat(600) }),
    });
    expect(response.status).toBe(413);
  });

  it('limits reports per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.remoteHealth.limit; i++) statuses.push((await report(loaded)).status);
    expect(statuses).toContain(429);
  });
});

describe('POST /ops/release-rollbacks', () => {
  const notice = {
    remote: 'checkout',
    release: '0.1.0-bbbbbbbbbb',
    restored: '0.1.0-aaaaaaaaaa',
    reason: 'automatic: failure rate 100.0% over 20 loads',
    at: '2026-11-27T12:00:00.000Z',
  };
  const post = (body: unknown) =>
    fetch(`${api.url}/ops/release-rollbacks`, { method: 'POST', body: JSON.stringify(body) });

  it("mails the consultancy's inbox once per rollback", async () => {
    api.mailer.sent = [];
    expect((await post(notice)).status).toBe(200);
    expect((await post(notice)).status).toBe(200);
    await api.settle();
    const mails = api.mailer.sent.filter((m) => m.subject.startsWith('Canary rolled back'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Canary rolled back: checkout 0.1.0-bbbbbbbbbb' });
    expect(mails[0]!.text).toContain('every visitor gets 0.1.0-aaaaaaaaaa again');
    expect((await post({ ...notice, remote: 'elsewhere' })).status).toBe(400);
  });
});
