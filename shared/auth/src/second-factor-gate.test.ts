import type { Session } from '@supabase/supabase-js';
import { useAuthStore } from './auth-store';
import { configureAuth, handleAuthEvent, login, resetAuth } from './auth-service';
import { needsSecondFactor, readStoredSession, tokenAal } from './supabase-client';
import { createFakeAuth, fakeSession } from './test-support';

/** An unsigned JWT with this assurance level (the browser only reads the claim; the servers verify it). */
const tokenWith = (aal: string) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'user-1', aal }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.signature`;

const totp = {
  id: 'f1',
  factor_type: 'totp',
  status: 'verified',
  friendly_name: '',
  created_at: '',
  updated_at: '',
};

function sessionOf(aal: string, factors: unknown[] = [totp]): Session {
  const session = fakeSession();
  return { ...session, access_token: tokenWith(aal), user: { ...session.user, factors } } as Session;
}

const state = () => useAuthStore.getState();

beforeEach(() => {
  resetAuth();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('two-factor sign-in in the auth store', () => {
  it('reads the aal claim and tells an aal1 session of a user with a verified TOTP factor', () => {
    expect(tokenAal(tokenWith('aal2'))).toBe('aal2');
    expect(tokenAal('not-a-jwt')).toBeNull();
    expect(needsSecondFactor(sessionOf('aal1'))).toBe(true);
    expect(needsSecondFactor(sessionOf('aal2'))).toBe(false);
    expect(needsSecondFactor(sessionOf('aal1', []))).toBe(false);
    expect(needsSecondFactor(sessionOf('aal1', [{ ...totp, status: 'unverified' }]))).toBe(false);
  });

  it('the password of a user with a factor: not signed in yet, the code is needed; the verified code signs in', async () => {
    const fake = createFakeAuth();
    const requestRole = jest.fn(async () => 'ADMIN' as const);
    configureAuth({ createAuth: async () => fake.asClient, requestRole });
    fake.auth.signInWithPassword.mockImplementationOnce(async () => {
      const session = sessionOf('aal1');
      handleAuthEvent('SIGNED_IN', session);
      return { data: { user: session.user, session }, error: null } as never;
    });
    expect(await login('ada@example.com', 'right-password')).toBe('second-factor-needed');
    expect(state()).toMatchObject({ status: 'logged-out', secondFactorNeeded: true, user: null });
    expect(requestRole).not.toHaveBeenCalled();

    handleAuthEvent('MFA_CHALLENGE_VERIFIED', sessionOf('aal2'));
    expect(state()).toMatchObject({ status: 'logged-in', secondFactorNeeded: false, hasSecondFactor: true });
    expect(requestRole).toHaveBeenCalled();
  });

  it('a user without a factor signs in with the password alone', () => {
    handleAuthEvent('SIGNED_IN', sessionOf('aal1', []));
    expect(state()).toMatchObject({ status: 'logged-in', secondFactorNeeded: false, hasSecondFactor: false });
  });

  it('a kept aal1 session of a user with a factor is not shown as signed in', () => {
    const storage = (session: Session) => ({ getItem: () => JSON.stringify(session) });
    expect(readStoredSession('http://auth.test', storage(sessionOf('aal1')))).toBeNull();
    expect(readStoredSession('http://auth.test', storage(sessionOf('aal2')))).toMatchObject({
      user: { id: 'user-1' },
    });
  });
});
