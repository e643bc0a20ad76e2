import { Hono } from 'hono';
import { pino } from 'pino';
import { API_MESSAGES } from '@agency/domain';
import type { AppEnv, Caller } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { readApiConfig } from '../../config';
import { adminSecondFactor, type SecondFactorPolicy } from './admin-second-factor';

const DAY = 24 * 60 * 60_000;
const now = Date.parse('2026-12-01T12:00:00Z');
const required: SecondFactorPolicy = { graceDays: 14, graceFrom: null };
const notRequired: SecondFactorPolicy = { graceDays: null, graceFrom: null };

describe('adminSecondFactor', () => {
  it('an aal2 session may use admin routes; an aal1 session of an admin with a verified factor must enter its code', () => {
    expect(adminSecondFactor({ aal: 'aal2', verifiedFactor: true }, required, now)).toBe('ok');
    expect(adminSecondFactor({ aal: 'aal1', verifiedFactor: true }, notRequired, now)).toBe('code-needed');
    expect(adminSecondFactor({ aal: 'aal1', verifiedFactor: true }, required, now)).toBe('code-needed');
  });

  it('without a factor: allowed outside production, and in production until the grace period ends', () => {
    const created = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    expect(
      adminSecondFactor(
        { aal: 'aal1', verifiedFactor: false, userCreatedAt: created(400) },
        notRequired,
        now,
      ),
    ).toBe('ok');
    expect(
      adminSecondFactor({ aal: 'aal1', verifiedFactor: false, userCreatedAt: created(13) }, required, now),
    ).toBe('ok');
    expect(
      adminSecondFactor({ aal: 'aal1', verifiedFactor: false, userCreatedAt: created(15) }, required, now),
    ).toBe('setup-needed');
    // Switched on for existing admins: the grace counts from then.
    const rollout: SecondFactorPolicy = { graceDays: 14, graceFrom: new Date(now - 3 * DAY) };
    expect(
      adminSecondFactor({ aal: 'aal1', verifiedFactor: false, userCreatedAt: created(400) }, rollout, now),
    ).toBe('ok');
  });

  it('when the auth service could not be asked, the admin is not locked out', () => {
    expect(adminSecondFactor({ aal: 'aal1', verifiedFactor: null }, required, now)).toBe('ok');
    expect(adminSecondFactor({ aal: 'aal1' }, required, now)).toBe('ok');
  });
});

describe('admin routes and two-factor sign-in', () => {
  function appWith(caller: Caller) {
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('caller', caller);
      c.set('log', pino({ level: 'silent' }));
      await next();
    });
    defineRoute(app, 'listInbox', async () => ({ items: [], nextCursor: null }) as never);
    app.onError((error, c) =>
      error instanceof HttpError ? c.json({ error: error.message }, error.status) : c.json({}, 500),
    );
    return app;
  }
  const admin: Caller = { id: 'a', email: 'admin@example.test', fullName: null, role: 'ADMIN' };

  it('answers 403 with what to do, and lets an aal2 (or unchecked) admin through', async () => {
    const codeNeeded = await appWith({ ...admin, secondFactor: 'code-needed' }).request('/api/inbox');
    expect(codeNeeded.status).toBe(403);
    expect(await codeNeeded.json()).toEqual({ error: API_MESSAGES.adminSecondFactorNeeded });
    const setupNeeded = await appWith({ ...admin, secondFactor: 'setup-needed' }).request('/api/inbox');
    expect(setupNeeded.status).toBe(403);
    expect(await setupNeeded.json()).toEqual({ error: API_MESSAGES.adminSecondFactorSetupNeeded });
    expect((await appWith({ ...admin, secondFactor: 'ok' }).request('/api/inbox')).status).toBe(200);
    expect((await appWith(admin).request('/api/inbox')).status).toBe(200);
  });
});

describe('configuration', () => {
  it('production requires it after 14 days unless ADMIN_MFA_GRACE_DAYS says otherwise; locally only when set', () => {
    expect(readApiConfig({}).adminSecondFactor).toEqual({ graceDays: null, graceFrom: null });
    expect(readApiConfig({ ADMIN_MFA_GRACE_DAYS: '0' }).adminSecondFactor).toEqual({
      graceDays: 0,
      graceFrom: null,
    });
    expect(
      readApiConfig({ ADMIN_MFA_GRACE_DAYS: '7', ADMIN_MFA_GRACE_FROM: '2026-12-01' }).adminSecondFactor,
    ).toEqual({ graceDays: 7, graceFrom: new Date('2026-12-01') });
    expect(() => readApiConfig({ ADMIN_MFA_GRACE_DAYS: 'soon' })).toThrow('ADMIN_MFA_GRACE_DAYS');
    expect(() => readApiConfig({ ADMIN_MFA_GRACE_FROM: 'someday' })).toThrow('ADMIN_MFA_GRACE_FROM');
  });
});
