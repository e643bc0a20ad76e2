import { LOCAL_DEFAULTS } from '@agency/domain';
import { ConfigurationError } from '@agency/domain/service-config';
import { readApiConfig } from './config';

/** Issue 13, item 1: production refuses to start without its secrets, naming each missing one. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/app',
  PUBLIC_SITE_URL: 'https://consultancy.example',
  SUPABASE_URL: 'https://abc.supabase.co',
  SUPABASE_JWT_SECRET: 'a-real-project-jwt-secret-of-at-least-32-chars',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_real',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
};

const problemsOf = (env: Record<string, string | undefined>) => {
  try {
    readApiConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    return error.problems;
  }
};

describe('api configuration fails closed', () => {
  it('runs locally on the public defaults, bound to this machine', () => {
    const config = readApiConfig({});
    expect(config).toMatchObject({
      production: false,
      jwtSecret: LOCAL_DEFAULTS.jwtSecret,
      bindHost: '127.0.0.1',
      adminEmail: LOCAL_DEFAULTS.adminEmail,
      // The journeys' test clock (ops/test-clock.ts) is served by the offline product only.
      testClock: true,
    });
    expect(readApiConfig({ BIND_HOST: '0.0.0.0' }).bindHost).toBe('0.0.0.0');
  });

  it('in production, refuses to start naming every missing secret', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    for (const variable of [
      'DATABASE_URL',
      'PUBLIC_SITE_URL',
      'SUPABASE_URL',
      'SUPABASE_JWT_SECRET (or SUPABASE_JWKS_URL)',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
    ]) {
      expect(problems).toContainEqual(expect.stringContaining(`${variable} must be set`));
    }
  });

  it('in production, refuses the public local secrets and admin password', () => {
    const problems = problemsOf({
      ...PRODUCTION,
      SUPABASE_JWT_SECRET: LOCAL_DEFAULTS.jwtSecret,
      STRIPE_WEBHOOK_SECRET: 'whsec_local',
      ADMIN_EMAIL: 'owner@consultancy.example',
      ADMIN_PASSWORD: 'admin-password',
    });
    expect(problems).toEqual([
      expect.stringContaining('SUPABASE_JWT_SECRET is a public local default'),
      expect.stringContaining('STRIPE_WEBHOOK_SECRET is a public local default'),
      expect.stringContaining('ADMIN_PASSWORD is a public local default'),
    ]);
  });

  it('counts as production as soon as one hosted service is configured, even without NODE_ENV', () => {
    expect(problemsOf({ SUPABASE_URL: 'https://abc.supabase.co' })).toContainEqual(
      expect.stringContaining('SUPABASE_JWT_SECRET (or SUPABASE_JWKS_URL) must be set'),
    );
    expect(problemsOf({ SMTP_URL: 'smtps://u:p@smtp.example.com' }).length).toBeGreaterThan(0);
    // Local PostgreSQL and the offline stand-ins stay a local run.
    expect(
      problemsOf({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/agency',
        SUPABASE_URL: 'http://localhost:4001',
      }),
    ).toEqual([]);
  });

  it('starts in production with every secret of its own, and no admin unless one is named', () => {
    expect(readApiConfig(PRODUCTION)).toMatchObject({
      production: true,
      adminEmail: undefined,
      testClock: false,
    });
    // One hosted service is enough to turn the test clock off, also with the ops token set.
    expect(
      readApiConfig({ ...PRODUCTION, NODE_ENV: undefined, METRICS_TOKEN: 'x'.repeat(32) }).testClock,
    ).toBe(false);
    expect(
      readApiConfig({
        ...PRODUCTION,
        SUPABASE_JWT_SECRET: undefined,
        SUPABASE_JWKS_URL: 'https://abc.supabase.co/auth/v1/.well-known/jwks.json',
        SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-of-the-project',
      }).jwksUrl,
    ).toContain('jwks');
    expect(
      problemsOf({ ...PRODUCTION, ADMIN_EMAIL: 'owner@consultancy.example', ADMIN_PASSWORD: 'short' }),
    ).toEqual([expect.stringContaining('ADMIN_PASSWORD must be at least 12 characters')]);
  });

  it('with JWKS: needs the service role key for project files (Supabase Storage), admin or not', () => {
    const problems = problemsOf({
      ...PRODUCTION,
      SUPABASE_JWT_SECRET: undefined,
      SUPABASE_JWKS_URL: 'https://abc.supabase.co/auth/v1/.well-known/jwks.json',
    });
    expect(problems).toEqual([
      expect.stringContaining('SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_JWT_SECRET) must be set'),
    ]);
    expect(problems[0]).toContain('Supabase Storage');
    expect(readApiConfig(PRODUCTION).storageBucket).toBe('project-files');
  });

  it('with JWKS: needs the service role key for the first admin, and refuses a public local JWT secret beside it', () => {
    const jwks = {
      ...PRODUCTION,
      SUPABASE_JWT_SECRET: undefined,
      SUPABASE_JWKS_URL: 'https://abc.supabase.co/auth/v1/.well-known/jwks.json',
      ADMIN_EMAIL: 'owner@consultancy.example',
      ADMIN_PASSWORD: 'a-long-admin-password',
    };
    expect(problemsOf(jwks)).toEqual([
      expect.stringContaining('SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_JWT_SECRET) must be set'),
    ]);
    expect(problemsOf({ ...jwks, SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-of-the-project' })).toEqual([]);
    expect(
      problemsOf({
        ...jwks,
        SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-of-the-project',
        SUPABASE_JWT_SECRET: LOCAL_DEFAULTS.jwtSecret,
      }),
    ).toEqual([expect.stringContaining('SUPABASE_JWT_SECRET is a public local default')]);
  });
});
