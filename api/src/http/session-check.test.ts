import { pino } from 'pino';
import { withSessionCheck, type AccessTokenVerifier } from './access-token';
import { createSessionCheck } from './session-check';

const logger = pino({ level: 'silent' });

/** A stand-in for GoTrue's GET /user: answers per token, counts the calls. */
function authService(answers: Record<string, () => Response>) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    calls.push({ url, headers });
    const token = headers.authorization!.replace('Bearer ', '');
    const answer = answers[token];
    if (!answer) throw new TypeError('fetch failed');
    return answer();
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const verifyJwt: AccessTokenVerifier = async (token) => ({
  sub: `user-of-${token}`,
  email: 'a@example.test',
  fullName: null,
  expiresAtMs: Date.now() + 60_000,
  aal: 'aal1',
});

describe('session check', () => {
  it('a token whose session ended (GoTrue 403 session_not_found) is refused; a live one is taken with its factors', async () => {
    const { fetchImpl, calls } = authService({
      live: () => json(200, { id: 'u1', factors: [{ status: 'verified' }] }),
      plain: () => json(200, { id: 'u2' }),
      ended: () => json(403, { code: 'session_not_found' }),
    });
    const sessions = createSessionCheck({
      supabaseUrl: 'http://auth.test/',
      apiKey: 'anon-key',
      freshForMs: 10_000,
      logger,
      fetch: fetchImpl,
    });
    const verify = withSessionCheck(verifyJwt, sessions);
    await expect(verify('live')).resolves.toMatchObject({ sub: 'user-of-live', verifiedFactor: true });
    await expect(verify('plain')).resolves.toMatchObject({ verifiedFactor: false });
    await expect(verify('ended')).rejects.toThrow('ended');
    expect(calls[0]).toEqual({
      url: 'http://auth.test/auth/v1/user',
      headers: { authorization: 'Bearer live', apikey: 'anon-key' },
    });
  });

  it('asks once per token while the answer is fresh (concurrent calls share it), then again', async () => {
    let now = 0;
    let alive = true;
    const { fetchImpl, calls } = authService({
      t: () => (alive ? json(200, { id: 'u1' }) : json(403, { code: 'session_not_found' })),
    });
    const sessions = createSessionCheck({
      supabaseUrl: 'http://auth.test',
      freshForMs: 10_000,
      logger,
      fetch: fetchImpl,
      now: () => now,
    });
    const answers = await Promise.all([sessions.check('t'), sessions.check('t'), sessions.check('t')]);
    expect(answers.map((a) => a.status)).toEqual(['alive', 'alive', 'alive']);
    expect(calls).toHaveLength(1);
    // A reset elsewhere ends the session: refused once the answer is older than freshForMs.
    alive = false;
    now = 9_999;
    expect((await sessions.check('t')).status).toBe('alive');
    now = 10_000;
    expect((await sessions.check('t')).status).toBe('ended');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers.apikey).toBeUndefined();
  });

  it('an auth service that cannot be asked leaves the token as its signature says, and is asked again next time', async () => {
    let down = true;
    const { fetchImpl, calls } = authService({
      t: () => (down ? json(503, {}) : json(200, { id: 'u1', factors: [] })),
    });
    const sessions = createSessionCheck({
      supabaseUrl: 'http://auth.test',
      freshForMs: 10_000,
      logger,
      fetch: fetchImpl,
    });
    const verify = withSessionCheck(verifyJwt, sessions);
    await expect(verify('t')).resolves.toMatchObject({ verifiedFactor: null });
    down = false;
    await expect(verify('t')).resolves.toMatchObject({ verifiedFactor: false });
    expect(calls).toHaveLength(2);
    await expect(verify('unreachable')).resolves.toMatchObject({ verifiedFactor: null });
  });

  it('forgetUser makes the next call ask again', async () => {
    const { fetchImpl, calls } = authService({ t: () => json(200, { id: 'u1' }) });
    const sessions = createSessionCheck({
      supabaseUrl: 'http://auth.test',
      freshForMs: 10_000,
      logger,
      fetch: fetchImpl,
    });
    await sessions.check('t');
    sessions.forgetUser('u1');
    await sessions.check('t');
    expect(calls).toHaveLength(2);
  });
});
