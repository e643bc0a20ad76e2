import { fetchRoleWithRetry, requestRole, toRole, type RoleRequest } from './role-fetch';

describe('requestRole', () => {
  const respond = (body: string, status = 200) =>
    jest.fn(async () => ({
      ok: status >= 200 && status < 300,
      status,
      text: async () => body,
    })) as unknown as typeof fetch;

  it('asks GET /api/get-current-user-role with the user’s own bearer token', async () => {
    const fetchImpl = respond(JSON.stringify({ role: 'ADMIN' }));
    const role = await requestRole('http://api.test', fetchImpl)('user-token', new AbortController().signal);
    expect(role).toBe('ADMIN');
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://api.test/api/get-current-user-role',
      expect.objectContaining({
        method: 'GET',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer user-token' },
      }),
    );
  });

  it.each([
    ['an error status', '{"error":"boom"}', 500],
    ['an empty body', '', 200],
    ['an unknown role', '{"role":"EDITOR"}', 200],
    ['a null role', '{"role":null}', 200],
  ])('defaults to CLIENT on %s', async (_label, body, status) => {
    const role = await requestRole('http://api.test', respond(body, status))(
      't',
      new AbortController().signal,
    );
    expect(role).toBe('CLIENT');
  });

  it('accepts the role as plain text', () => {
    expect(toRole('ADMIN')).toBe('ADMIN');
    expect(toRole('CLIENT')).toBe('CLIENT');
  });
});

describe('fetchRoleWithRetry (spec section 4: 2000 ms, then 1000 ms, 5 attempts, 500 ms apart)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const hanging = () => {
    const starts: number[] = [];
    const signals: AbortSignal[] = [];
    const request: RoleRequest = (_token, signal) => {
      starts.push(Date.now());
      signals.push(signal);
      return new Promise(() => {});
    };
    return { request, starts, signals };
  };

  it('times the first attempt out at 2000 ms', async () => {
    const { request, signals } = hanging();
    void fetchRoleWithRetry(request, 't');
    await jest.advanceTimersByTimeAsync(1999);
    expect(signals[0]!.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('makes 5 attempts: starts at 0, 2500, 4000, 5500, 7000 ms and gives up at 8000 ms', async () => {
    const { request, starts, signals } = hanging();
    const t0 = Date.now();
    let result: unknown = 'pending';
    void fetchRoleWithRetry(request, 't').then((r) => (result = r));
    await jest.advanceTimersByTimeAsync(7999);
    expect(starts.map((s) => s - t0)).toEqual([0, 2500, 4000, 5500, 7000]);
    expect(result).toBe('pending');
    expect(signals[4]!.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(signals[4]!.aborted).toBe(true);
    expect(result).toBeNull();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(starts).toHaveLength(5);
  });

  it('retries after a network error and returns the role of a later attempt', async () => {
    let calls = 0;
    const request: RoleRequest = async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return 'ADMIN';
    };
    const promise = fetchRoleWithRetry(request, 't');
    await jest.advanceTimersByTimeAsync(999);
    expect(calls).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe('ADMIN');
    expect(calls).toBe(3);
  });

  it('stops retrying once the result no longer matters', async () => {
    const { request, starts } = hanging();
    let current = true;
    const promise = fetchRoleWithRetry(request, 't', () => current);
    current = false;
    await jest.advanceTimersByTimeAsync(2000);
    await expect(promise).resolves.toBeNull();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(starts).toHaveLength(1);
  });
});
