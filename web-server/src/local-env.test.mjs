import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { anonKeyFor, appConfigFrom, ConfigurationError, resolveLocalEnv } from './local-env.mjs';
import { contentSecurityPolicy } from './static-server.mjs';

test('the apps listen on this machine only unless BIND_HOST opens them (as the API and the stand-ins)', async () => {
  assert.equal((await resolveLocalEnv({})).BIND_HOST, undefined);
  assert.equal((await resolveLocalEnv({ BIND_HOST: '0.0.0.0' })).BIND_HOST, '0.0.0.0');
});

const LOCAL = JSON.parse(
  readFileSync(new URL('../../shared/domain/src/local-defaults.json', import.meta.url), 'utf8'),
);

const WEB_VARIABLES = [
  'PUBLIC_SITE_URL',
  'MARKETING_URL',
  'CHECKOUT_URL',
  'CLIENT_PORTAL_URL',
  'ADMIN_PORTAL_URL',
  'API_URL',
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'RELEASE_PREVIEW_SECRET',
];

/** What a deployment of the web tier sets (deploy/.env.example). */
const DEPLOYED = {
  NODE_ENV: 'production',
  PUBLIC_SITE_URL: 'https://consultancy.example',
  MARKETING_URL: 'https://marketing.consultancy.example',
  CHECKOUT_URL: 'https://checkout.consultancy.example',
  CLIENT_PORTAL_URL: 'https://client.consultancy.example',
  ADMIN_PORTAL_URL: 'https://admin.consultancy.example',
  API_URL: 'https://api.consultancy.example',
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.project-anon-key',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_project',
  RELEASE_PREVIEW_SECRET: 'a-deployment-secret-of-32-characters+',
};

/** The refusal's problems, or a failure when resolveLocalEnv resolves. */
async function refusal(base) {
  const error = await resolveLocalEnv(base).then(
    () => assert.fail('resolved in production'),
    (e) => e,
  );
  assert.ok(error instanceof ConfigurationError, error);
  return error;
}

test('in production with nothing set, the web tier refuses to start, naming every variable', async () => {
  const error = await refusal({ NODE_ENV: 'production' });
  assert.equal(error.problems.length, WEB_VARIABLES.length);
  for (const variable of WEB_VARIABLES) assert.match(error.message, new RegExp(`${variable} must be set`));
  assert.match(error.message, /^Refusing to start in production/);
});

test('empty variables (a blank line of .env) count as missing', async () => {
  const error = await refusal({ ...DEPLOYED, API_URL: '', SUPABASE_ANON_KEY: '' });
  assert.deepEqual(
    error.problems.map((p) => p.split(' ')[0]),
    ['API_URL', 'SUPABASE_ANON_KEY'],
  );
});

test('in production with everything set, it resolves with exactly those values and no local fallback', async () => {
  const env = await resolveLocalEnv(DEPLOYED);
  for (const variable of WEB_VARIABLES) assert.equal(env[variable], DEPLOYED[variable], variable);
  const config = appConfigFrom(env);
  assert.deepEqual(config.remotes, {
    marketing: { manifest: 'https://marketing.consultancy.example/mf-manifest.json' },
    checkout: { manifest: 'https://checkout.consultancy.example/mf-manifest.json' },
    client_portal: { manifest: 'https://client.consultancy.example/mf-manifest.json' },
    admin_portal: { manifest: 'https://admin.consultancy.example/mf-manifest.json' },
  });
  assert.equal(config.siteUrl, DEPLOYED.PUBLIC_SITE_URL);
  assert.equal(config.apiUrl, DEPLOYED.API_URL);
  assert.equal(config.supabaseUrl, DEPLOYED.SUPABASE_URL);
  assert.equal(config.supabaseAnonKey, DEPLOYED.SUPABASE_ANON_KEY);
  assert.equal(config.stripePublishableKey, DEPLOYED.STRIPE_PUBLISHABLE_KEY);
  // No stand-in's Stripe.js (the CSP would let whatever listens on a visitor's localhost run script).
  assert.equal(env.STRIPE_JS_URL, undefined);
  assert.equal(env.STRIPE_API_URL, undefined);
  assert.equal('stripeJsUrl' in config, false);
  assert.doesNotMatch(contentSecurityPolicy(config), /localhost/);
  // Nothing local at all: no localhost URL and no public local secret or admin.
  for (const [name, value] of Object.entries(env)) assert.doesNotMatch(value, /localhost/, name);
  for (const name of ['SUPABASE_JWT_SECRET', 'SMTP_URL', 'MAILBOX_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'])
    assert.equal(env[name], undefined, name);
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) assert.equal(env[name], undefined, name);
});

test("in production the stand-in's Stripe.js is used only when STRIPE_JS_URL is set explicitly (a demo)", async () => {
  const env = await resolveLocalEnv({ ...DEPLOYED, STRIPE_JS_URL: 'https://demo.example:4002/v3/' });
  assert.equal(appConfigFrom(env).stripeJsUrl, 'https://demo.example:4002/v3/');
});

test('in production the public local values are refused: pk_test_local, the locally signed anon key', async () => {
  const error = await refusal({
    ...DEPLOYED,
    STRIPE_PUBLISHABLE_KEY: LOCAL.stripe.publishableKey,
    SUPABASE_ANON_KEY: await anonKeyFor(LOCAL.jwtSecret),
  });
  assert.equal(error.problems.length, 2);
  assert.match(error.message, /STRIPE_PUBLISHABLE_KEY is a public local default/);
  assert.match(error.message, /SUPABASE_ANON_KEY is signed with the public local JWT secret/);
  // An anon key signed with the project's own secret passes.
  await resolveLocalEnv({
    ...DEPLOYED,
    SUPABASE_ANON_KEY: await anonKeyFor('a-secret-of-the-project-0123456789'),
  });
});

test('configuring a hosted service counts as production, as for the API and the stand-ins', async () => {
  for (const hosted of [
    { SUPABASE_URL: 'https://project.supabase.co' },
    { STRIPE_SECRET_KEY: 'sk_live_project' },
    { SMTP_URL: 'smtps://user:pass@smtp.example.com:465' },
    { DATABASE_URL: 'postgres://user:pass@db.example.com:5432/agency' },
  ])
    assert.match((await refusal(hosted)).message, /STRIPE_PUBLISHABLE_KEY must be set/);
  // Local PostgreSQL and the stand-ins stay a local run.
  await resolveLocalEnv({
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/agency',
    SUPABASE_URL: 'http://localhost:4001',
  });
});

test('the local anon key does not depend on when it is made: its issue and expiry times are fixed', async () => {
  const key = await anonKeyFor(LOCAL.jwtSecret);
  const payload = JSON.parse(Buffer.from(key.split('.')[1], 'base64url').toString('utf8'));
  assert.deepEqual(payload, { role: 'anon', iss: 'supabase-local', iat: 1_700_000_000, exp: 2_330_720_000 });
});

test('outside production the local defaults are unchanged: localhost, the test keys, the Stripe stand-in', async () => {
  for (const base of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
    const env = await resolveLocalEnv(base);
    assert.equal(env.PUBLIC_SITE_URL, 'http://localhost:3000');
    assert.equal(env.MARKETING_URL, 'http://localhost:3001');
    assert.equal(env.ADMIN_PORTAL_URL, 'http://localhost:3004');
    assert.equal(env.API_URL, 'http://localhost:4000');
    assert.equal(env.SUPABASE_URL, 'http://localhost:4001');
    assert.equal(env.SUPABASE_ANON_KEY, await anonKeyFor(env.SUPABASE_JWT_SECRET));
    assert.equal(env.STRIPE_PUBLISHABLE_KEY, 'pk_test_local');
    assert.equal(env.STRIPE_SECRET_KEY, 'sk_test_local');
    assert.equal(env.STRIPE_API_URL, 'http://localhost:4002');
    assert.equal(env.STRIPE_JS_URL, 'http://localhost:4002/v3/');
    assert.equal(env.ADMIN_EMAIL, 'admin@consultancy.test');
    assert.equal(env.SMTP_URL, 'smtp://localhost:2525');
    assert.equal(env.MAILBOX_URL, 'http://localhost:4003');
  }
  const ported = await resolveLocalEnv({}, { HOST_PORT: 4100, LOCAL_STRIPE_PORT: 4102 });
  assert.equal(ported.PUBLIC_SITE_URL, 'http://localhost:4100');
  assert.equal(ported.STRIPE_JS_URL, 'http://localhost:4102/v3/');
  // A Stripe key with the stand-in's API (STRIPE_API_URL) stays a local run on the stand-in.
  const standIn = await resolveLocalEnv({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_API_URL: 'http://localhost:9',
  });
  assert.equal(standIn.STRIPE_API_URL, 'http://localhost:9');
  assert.equal(standIn.STRIPE_JS_URL, 'http://localhost:4002/v3/');
});

test('preview links of releases fail closed in production: no secret, or a short one, refuses to start', async () => {
  const unset = await refusal({ ...DEPLOYED, RELEASE_PREVIEW_SECRET: undefined });
  assert.deepEqual(
    unset.problems.map((p) => p.split(' ')[0]),
    ['RELEASE_PREVIEW_SECRET'],
  );
  const short = await refusal({ ...DEPLOYED, RELEASE_PREVIEW_SECRET: 'short' });
  assert.match(short.message, /RELEASE_PREVIEW_SECRET is shorter than 32 characters/);
  const local = await resolveLocalEnv({});
  assert.ok(local.RELEASE_PREVIEW_SECRET, 'a local run signs with a local secret');
});
