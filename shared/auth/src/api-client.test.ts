import { ApiError, createApiClient } from './api-client';

interface Recorded {
  url: string;
  init: RequestInit;
}

function fakeFetch(status: number, body: unknown, recorded: Recorded[]): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    recorded.push({ url, init });
    // jsdom has no Response: the client only reads ok, status and text().
    const text = body === undefined ? '' : JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
  }) as typeof fetch;
}

describe('createApiClient', () => {
  it('sends the caller’s own token, JSON body and method from the route table', async () => {
    const recorded: Recorded[] = [];
    const api = createApiClient({
      baseUrl: 'http://api.test/',
      getAccessToken: async () => 'user-token',
      fetch: fakeFetch(200, { refundIssued: false, refundAmount: 0, project: {} }, recorded),
    });
    const result = await api.cancelProject({
      body: { projectId: '0b8e0f0c-8d5e-4a8e-9d7c-6f0e4e7d2a11', cancelledBy: 'client' },
    });
    expect(result.refundIssued).toBe(false);
    expect(recorded[0]!.url).toBe('http://api.test/api/cancel-project');
    expect(recorded[0]!.init.method).toBe('POST');
    expect(recorded[0]!.init.headers).toMatchObject({
      authorization: 'Bearer user-token',
      'content-type': 'application/json',
    });
    expect(JSON.parse(recorded[0]!.init.body as string)).toEqual({
      projectId: '0b8e0f0c-8d5e-4a8e-9d7c-6f0e4e7d2a11',
      cancelledBy: 'client',
    });
  });

  it('fills path parameters and query strings, and sends no token when signed out', async () => {
    const recorded: Recorded[] = [];
    const api = createApiClient({
      baseUrl: 'http://api.test',
      getAccessToken: () => null,
      fetch: fakeFetch(200, {}, recorded),
    });
    await api.acceptProject({ params: { id: 'p/1' } });
    await api.subscriptionPlans({ query: { tier: '3' } });
    await api.listProjects();
    expect(recorded.map((r) => `${r.init.method} ${r.url}`)).toEqual([
      'POST http://api.test/api/projects/p%2F1/accept',
      'GET http://api.test/api/get-subscription-plans?tier=3',
      'GET http://api.test/api/projects',
    ]);
    expect(recorded[2]!.init.headers).not.toHaveProperty('authorization');
  });

  it('throws an ApiError with the server’s status, message and fields', async () => {
    const api = createApiClient({
      baseUrl: 'http://api.test',
      getAccessToken: () => 't',
      fetch: fakeFetch(
        400,
        { error: 'First name required', fields: { firstName: 'First name required' } },
        [],
      ),
    });
    const failure = api.contactForm({
      body: { firstName: 'A', lastName: 'Bo', email: 'a@b.co', projectDetails: 'x' },
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'First name required',
      fields: { firstName: 'First name required' },
    });
  });

  it('reports an unreachable server as status 0', async () => {
    const api = createApiClient({
      baseUrl: 'http://api.test',
      getAccessToken: () => undefined,
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    await expect(api.me()).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  describe('a refused token (401)', () => {
    /** A server that takes only `valid`, recording the token of each call. */
    function serverTaking(valid: string) {
      const tokens: (string | undefined)[] = [];
      const fetchFn = (async (_url: string, init: RequestInit) => {
        const auth = (init.headers as Record<string, string>).authorization;
        tokens.push(auth?.replace('Bearer ', ''));
        const ok = auth === `Bearer ${valid}`;
        const text = JSON.stringify(ok ? { ok: true } : { error: 'Invalid or expired token' });
        return { ok, status: ok ? 200 : 401, text: async () => text } as Response;
      }) as typeof fetch;
      return { fetchFn, tokens };
    }

    it('repeats the call once, as it was, with the renewed token', async () => {
      const server = serverTaking('renewed');
      const onUnauthorized = jest.fn(async () => 'renewed');
      const api = createApiClient({
        baseUrl: 'http://api.test',
        getAccessToken: () => 'expired',
        onUnauthorized,
        fetch: server.fetchFn,
      });
      await expect(api.acceptProject({ params: { id: 'p1' } })).resolves.toEqual({ ok: true });
      expect(onUnauthorized).toHaveBeenCalledWith('expired');
      expect(server.tokens).toEqual(['expired', 'renewed']);
    });

    it('fails with the 401 when there is nothing to renew it with, and never asks twice', async () => {
      const server = serverTaking('never');
      const onUnauthorized = jest.fn(async () => 'also-refused');
      const api = createApiClient({
        baseUrl: 'http://api.test',
        getAccessToken: () => 'expired',
        onUnauthorized,
        fetch: server.fetchFn,
      });
      await expect(api.me()).rejects.toMatchObject({ status: 401, message: 'Invalid or expired token' });
      expect(server.tokens).toEqual(['expired', 'also-refused']);
      expect(onUnauthorized).toHaveBeenCalledTimes(1);

      onUnauthorized.mockResolvedValueOnce(null as unknown as string);
      await expect(api.me()).rejects.toMatchObject({ status: 401 });
      expect(server.tokens).toEqual(['expired', 'also-refused', 'expired']);
    });

    it('a signed-out call (no token) is not renewed', async () => {
      const server = serverTaking('valid');
      const onUnauthorized = jest.fn(async () => 'valid');
      const api = createApiClient({
        baseUrl: 'http://api.test',
        getAccessToken: () => null,
        onUnauthorized,
        fetch: server.fetchFn,
      });
      await expect(api.me()).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });
});
