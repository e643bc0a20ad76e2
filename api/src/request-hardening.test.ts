import { API_MESSAGES } from '@agency/domain';
import { startTestApi, type TestApi } from './test-support/test-api';

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  projectDetails: 'An analytical engine.',
};

describe('bad input', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers malformed JSON with 400 { error }', async () => {
    const response = await api.call('POST', '/api/contact-form', {
      rawBody: '{"firstName": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response).toMatchObject({ status: 400, body: { error: API_MESSAGES.malformedJson } });
  });

  it('rejects unknown fields', async () => {
    const response = await api.call('POST', '/api/contact-form', { body: { ...contact, isAdmin: true } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(`${API_MESSAGES.unknownField}: isAdmin`);
  });

  it('rejects amounts and Stripe ids sent to create-project', async () => {
    const response = await api.call('POST', '/api/create-project', {
      token: api.clientA.token,
      body: {
        tier: 3,
        description: 'Scale our platform',
        monthly_budget_range: '5k-15k',
        timeline: 'asap',
        cost: 1,
      },
    });
    expect(response).toMatchObject({ status: 400, body: { error: `${API_MESSAGES.unknownField}: cost` } });
  });

  it('reports each invalid field with the spec messages', async () => {
    const response = await api.call('POST', '/api/contact-form', {
      body: { firstName: 'A', lastName: 'B', email: 'not-an-email', projectDetails: 'short' },
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      firstName: 'First name required',
      lastName: 'Last name required',
      email: 'Please enter a valid email address',
      projectDetails: 'Project details must be at least 10 characters',
    });
  });

  it('says an empty e-mail is required, as the forms do, and a missing consultation tier is an invalid value', async () => {
    const response = await api.call('POST', '/api/schedule-consultation', {
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: '',
        projectDescription: 'An analytical engine to build.',
        budget: '5k-15k',
        timeline: 'asap',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject({
      email: 'Email is required',
      tier: API_MESSAGES.invalidValue,
    });
  });

  it('answers ids, cursors and months the database cannot take with 400, not 500', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const admin = api.admin.token;
    const client = api.clientA.token;
    const cases: Array<[string, string, string, unknown?]> = [
      [client, 'GET', '/api/notifications?cursor=9999999999999999999'],
      [client, 'POST', '/api/notifications/read', { ids: ['9999999999999999999'] }],
      [client, 'GET', `/api/projects?sort=title&cursor=${cursor({ seq: 1, title: 'a\u0000b' })}`],
      [admin, 'GET', `/api/inbox?cursor=${cursor(null)}`],
      [admin, 'GET', `/api/inbox?cursor=${cursor({ at: 'not-a-date', kind: 'contact', id: 'abc' })}`],
      [
        admin,
        'GET',
        `/api/inbox?cursor=${cursor({ at: '2026-02-30 10:00:00+00', kind: 'contact', id: 'abc' })}`,
      ],
      [admin, 'GET', '/api/monthly-revenue?month=0000-01'],
    ];
    for (const [token, method, path, body] of cases) {
      const response = await api.call(method, path, { token, ...(body !== undefined && { body }) });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
  });

  it('does not coerce types', async () => {
    const response = await api.call('POST', '/api/create-project', {
      token: api.clientA.token,
      body: {
        tier: '3',
        description: 'Scale our platform',
        monthly_budget_range: '5k-15k',
        timeline: 'asap',
      },
    });
    expect(response.status).toBe(400);
  });

  it('limits the body size', async () => {
    const response = await api.call('POST', '/api/contact-form', {
      body: { ...contact, projectDetails: 'x'.repeat(70 * 1024) },
    });
    expect(response).toMatchObject({ status: 413, body: { error: API_MESSAGES.bodyTooLarge } });
  });

  it('limits a streamed (chunked) body too, and still reads a small one', async () => {
    const stream = (text: string) =>
      fetch(`${api.url}/api/contact-form`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([text]).stream(),
        duplex: 'half',
      } as RequestInit);
    const large = await stream(JSON.stringify({ ...contact, projectDetails: 'x'.repeat(70 * 1024) }));
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: API_MESSAGES.bodyTooLarge });
    const small = await stream(JSON.stringify({ ...contact, isAdmin: true }));
    expect(small.status).toBe(400);
    expect(await small.json()).toMatchObject({ error: `${API_MESSAGES.unknownField}: isAdmin` });
  });

  it('answers unknown routes with JSON 404', async () => {
    expect(await api.call('GET', '/api/nope', { token: api.admin.token })).toMatchObject({
      status: 404,
      body: { error: API_MESSAGES.routeNotFound },
    });
  });

  it('rejects tokens that are forged, expired, or not user tokens', async () => {
    const forged = await api.signToken(
      { sub: api.admin.id, email: api.admin.email },
      'some-other-secret-0123456789-0123456789',
    );
    const anonKey = await api.signToken({ role: 'anon' });
    const neverExpiring = await api.signToken({ sub: api.admin.id, email: api.admin.email }, undefined, {
      expiresIn: null,
    });
    for (const token of [forged, anonKey, neverExpiring, 'not.a.jwt', 'garbage']) {
      const response = await api.call('GET', '/api/me', { token });
      expect(response).toMatchObject({ status: 401, body: { error: API_MESSAGES.invalidToken } });
    }
    expect(await api.call('GET', '/api/me')).toMatchObject({
      status: 401,
      body: { error: API_MESSAGES.unauthenticated },
    });
  });

  it('takes the role from the database, not from token metadata', async () => {
    const sneaky = await api.signToken({
      sub: '0b8e0f0c-8d5e-4a8e-9d7c-6f0e4e7d2a11',
      email: 'sneaky@example.test',
      user_metadata: { role: 'ADMIN' },
      app_metadata: { role: 'ADMIN' },
    });
    expect((await api.call('GET', '/api/get-current-user-role', { token: sneaky })).body).toEqual({
      role: 'CLIENT',
    });
    expect((await api.call('GET', '/api/monthly-revenue', { token: sneaky })).status).not.toBe(200);
    expect((await api.call('GET', '/api/get-current-user-role', { token: api.admin.token })).body).toEqual({
      role: 'ADMIN',
    });
  });

  it('sends CORS headers only to the product origins', async () => {
    const allowed = await fetch(`${api.url}/api/contact-form`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3002',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3002');
    const foreign = await fetch(`${api.url}/api/contact-form`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets product pages read answers, errors included, and nobody else', async () => {
    const read = (path: string, origin: string, token?: string) =>
      fetch(`${api.url}${path}`, {
        headers: { origin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    for (const response of [
      await read('/api/projects', 'http://localhost:3002', api.clientA.token),
      await read('/api/projects', 'http://localhost:3002'),
    ]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3002');
      expect(response.headers.get('access-control-expose-headers')).toContain('x-request-id');
      expect(response.headers.get('vary')).toBe('Origin');
    }
    const foreign = await read('/api/projects', 'https://evil.example', api.clientA.token);
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('vary')).toBe('Origin');
  });

  it('tags responses with a request id', async () => {
    const response = await api.call('GET', '/api/me', {
      token: api.clientA.token,
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
  });
});

describe('rate limits per client address', () => {
  const limit = { windowMs: 60_000, limit: 3 };

  /** Five contact messages, each claiming (X-Forwarded-For) another address; their statuses in order. */
  async function contactFromFiveForwardedAddresses(api: TestApi): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await api.call('POST', '/api/contact-form', {
        body: contact,
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      statuses.push(r.status);
    }
    return statuses;
  }

  it('limits the contact form and the consultation request, ignoring X-Forwarded-For by default', async () => {
    const api = await startTestApi({
      config: { rateLimits: { contactForm: limit, consultationRequest: limit } },
    });
    try {
      const statuses = await contactFromFiveForwardedAddresses(api);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const limited = await api.call('POST', '/api/contact-form', { body: contact });
      expect(limited.body).toEqual({ error: API_MESSAGES.tooManyRequests });
      expect(limited.headers.get('ratelimit-limit')).toBe('3');
      const consultation = await api.call('POST', '/api/schedule-consultation', { rawBody: '{' });
      expect(consultation.status).toBe(400);
    } finally {
      await api.close();
    }
  });

  it('keys on X-Forwarded-For behind a trusted proxy', async () => {
    const api = await startTestApi({
      config: { trustProxy: true, rateLimits: { contactForm: limit, consultationRequest: limit } },
    });
    try {
      const statuses = await contactFromFiveForwardedAddresses(api);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      // The proxy appends the address it saw: what the caller wrote before it is not a new address.
      const forged: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await api.call('POST', '/api/contact-form', {
          body: contact,
          headers: { 'x-forwarded-for': `198.51.100.${i}, 10.0.0.9` },
        });
        forged.push(r.status);
      }
      expect(forged).toEqual([200, 200, 200, 429]);
    } finally {
      await api.close();
    }
  });
});

describe('rate limits on the money routes', () => {
  const limit = { windowMs: 60_000, limit: 2 };

  it('limits create-project per address, the anonymous intent route per address and per e-mail (kept as a digest), and purchase-status', async () => {
    const api = await startTestApi({
      config: {
        rateLimits: {
          createProject: limit,
          paymentIntent: { windowMs: 60_000, limit: 4 },
          paymentIntentPerEmail: limit,
          purchaseStatus: limit,
        },
      },
    });
    try {
      const create = () =>
        api.call('POST', '/api/create-project', {
          token: api.clientA.token,
          body: {
            tier: 3,
            description: 'Scale our platform',
            monthly_budget_range: '5k-15k',
            timeline: 'asap',
          },
        });
      expect([(await create()).status, (await create()).status, (await create()).status]).toEqual([
        201, 201, 429,
      ]);

      const intent = (email: string, topLevelEmail = email) =>
        api.call('POST', '/api/stripe-downpayment-intent', {
          body: {
            email: topLevelEmail,
            metadata: { type: 'purchase', tier: 1 },
            customer: {
              firstName: 'Ra',
              lastName: 'Te',
              email,
              projectDescription: 'Rate limited site',
              acceptedTerms: true,
            },
          },
        });
      // Payments are not configured in this api: allowed calls answer 503, limited ones 429.
      const perEmail = [
        await intent('same@example.test'),
        await intent('SAME@example.test'),
        // The buyer is the customer's e-mail: another top-level one is no fresh budget.
        await intent('same@example.test', 'decoy@example.test'),
      ].map((r) => r.status);
      expect(perEmail).toEqual([503, 503, 429]);
      expect((await intent('other@example.test')).status).toBe(503);
      expect((await intent('third@example.test')).status).toBe(429);

      const status = () => api.call('GET', '/api/purchase-status/pi_unknown');
      expect([(await status()).status, (await status()).status, (await status()).status]).toEqual([
        503, 503, 429,
      ]);
      if (api.db.kind === 'postgres') {
        // Counted in the database, keyed by a digest of the address, never the address.
        const [row] = await api.db.query<{ n: number }>(
          `select count(*)::int as n from rate_limit_hits where key like 'payment-intent-email:%' and key not like '%@%'`,
        );
        expect(row!.n).toBeGreaterThan(0);
      }
    } finally {
      await api.close();
    }
  });
});

describe('several API processes on one PostgreSQL', () => {
  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

  onPostgres('share one rate-limit budget', async () => {
    const limit = { windowMs: 60_000, limit: 3 };
    const first = await startTestApi({ config: { rateLimits: { contactForm: limit } } });
    const second = await startTestApi({
      sameDatabaseAs: first,
      config: { rateLimits: { contactForm: limit } },
    });
    try {
      const send = (api: TestApi) => api.call('POST', '/api/contact-form', { body: contact });
      expect([
        (await send(first)).status,
        (await send(second)).status,
        (await send(first)).status,
        (await send(second)).status,
      ]).toEqual([200, 200, 200, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
