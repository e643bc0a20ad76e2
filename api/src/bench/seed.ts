/**
 * Seeds a running product for `npm run bench:api`: a confirmed client (through the auth service's admin
 * API), signed in, with a few projects. Prints one JSON line: { accessToken, userId, projectIds }.
 *
 *   node --import tsx api/src/bench/seed.ts   (env: SUPABASE_URL, API_URL, SUPABASE_JWT_SECRET, BENCH_PROJECTS)
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { LOCAL_DEFAULTS } from '@agency/domain';

const authUrl = (process.env.SUPABASE_URL || LOCAL_DEFAULTS.supabaseUrl).replace(/\/+$/, '');
const apiUrl = (process.env.API_URL || `http://localhost:${LOCAL_DEFAULTS.apiPort}`).replace(/\/+$/, '');
const secret = process.env.SUPABASE_JWT_SECRET || LOCAL_DEFAULTS.jwtSecret;
const projectCount = Number(process.env.BENCH_PROJECTS || 20);

async function expectOk<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const serviceKey = await new SignJWT({ role: 'service_role' })
  .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  .setExpirationTime('10m')
  .sign(new TextEncoder().encode(secret));
const email = `bench.${randomUUID()}@example.test`;
const password = `bench-${randomUUID()}`;
await expectOk(
  await fetch(`${authUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${serviceKey}`,
      apikey: serviceKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email,
      password,
      email_confirm: true,
      user_metadata: { full_name: 'Bench Client' },
    }),
  }),
  'create bench user',
);
const session = await expectOk<{ access_token: string; user: { id: string } }>(
  await fetch(`${authUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  }),
  'sign in',
);
const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
// The first call makes the client's profile (projects seeded straight into the database need it).
await expectOk(await fetch(`${apiUrl}/api/me`, { headers }), 'profile');
const projectIds: string[] = [];
for (let i = 0; i < projectCount; i++) {
  const created = await expectOk<{ id: string }>(
    await fetch(`${apiUrl}/api/create-project`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        tier: i % 2 ? 3 : 4,
        description: `Benchmark project number ${i + 1}`,
        monthly_budget_range: '15k-50k',
        timeline: '2-3-months',
      }),
    }),
    'create project',
  );
  projectIds.push(created.id);
}
console.log(
  JSON.stringify({ accessToken: session.access_token, userId: session.user.id, email, projectIds }),
);
