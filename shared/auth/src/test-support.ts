// Test doubles for the auth boundary (jest only): import from "@agency/auth/testing".
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import type { SupabaseAuth } from './supabase-client';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

export function fakeSession(
  overrides: { id?: string; email?: string; fullName?: string; token?: string } = {},
): Session {
  const {
    id = 'user-1',
    email = 'ada@example.com',
    fullName = 'Ada Lovelace',
    token = 'token-1',
  } = overrides;
  return {
    access_token: token,
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id,
      email,
      user_metadata: { full_name: fullName },
      app_metadata: {},
      aud: 'authenticated',
      created_at: '2025-01-01T00:00:00Z',
    },
  } as Session;
}

/** A stand-in for supabase-js's auth client: records calls, lets a test emit session events. */
export function createFakeAuth(options: { initialSession?: Session | null } = {}) {
  const listeners: Listener[] = [];
  let session: Session | null = options.initialSession ?? null;
  const auth = {
    onAuthStateChange: jest.fn((listener: Listener) => {
      listeners.push(listener);
      void Promise.resolve().then(() => listener('INITIAL_SESSION', session));
      return { data: { subscription: { id: 'sub', callback: listener, unsubscribe: () => {} } } };
    }),
    signInWithPassword: jest.fn(async ({ email, password }: { email: string; password: string }) => {
      if (password !== 'right-password') {
        return {
          data: { user: null, session: null },
          error: { message: 'Invalid login credentials', status: 400 },
        };
      }
      session = fakeSession({ email });
      listeners.forEach((l) => l('SIGNED_IN', session));
      return { data: { user: session.user, session }, error: null };
    }),
    signUp: jest.fn(async () => ({ data: { user: { id: 'new-user' }, session: null }, error: null })),
    resetPasswordForEmail: jest.fn(async () => ({ data: {}, error: null })),
    /** supabase-js's auth.mfa: a TOTP factor whose code is 123456, recovery codes that take 'abcd-efgh'. */
    mfa: {
      challengeAndVerify: jest.fn(
        async ({ code }: { factorId: string; code: string }): Promise<{ data: unknown; error: unknown }> => {
          if (code !== '123456')
            return {
              data: null,
              error: { code: 'mfa_verification_failed', status: 422, message: 'Invalid TOTP code entered' },
            };
          return { data: session, error: null };
        },
      ),
      enroll: jest.fn(async () => ({
        data: {
          id: 'factor-1',
          type: 'totp',
          totp: {
            qr_code: 'data:image/svg+xml;utf-8,<svg/>',
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/x',
          },
        },
        error: null,
      })),
      unenroll: jest.fn(async () => ({ data: { id: 'factor-1' }, error: null })),
      listFactors: jest.fn(async () => ({
        data: {
          all: [] as unknown[],
          totp: [] as { id: string }[],
          phone: [],
          webauthn: [],
          recovery_code: [],
        },
        error: null,
      })),
      recoveryCodes: {
        verify: jest.fn(async ({ code }: { code: string }): Promise<{ data: unknown; error: unknown }> =>
          code.toLowerCase().replace(/[\s-]/g, '') === 'abcdefgh'
            ? { data: session, error: null }
            : {
                data: null,
                error: { code: 'mfa_verification_failed', status: 422, message: 'Invalid recovery code' },
              },
        ),
        getStatus: jest.fn(async (): Promise<{ data: unknown; error: unknown }> => ({
          data: null,
          error: { code: 'mfa_factor_not_found', status: 404, message: 'Recovery codes not found' },
        })),
        generate: jest.fn(async () => ({
          data: { codes: ['aaaabbbbccccdddd', 'eeeeffffgggghhhh'] },
          error: null,
        })),
        regenerate: jest.fn(async () => ({ data: { codes: ['iiiijjjjkkkkllll'] }, error: null })),
      },
    },
    resend: jest.fn(
      async (): Promise<{
        data: { user: null; session: null };
        error: { name: string; message: string; status?: number; code?: string } | null;
      }> => ({ data: { user: null, session: null }, error: null }),
    ),
    updateUser: jest.fn(async () => ({ data: { user: session?.user ?? null }, error: null })),
    signOut: jest.fn(async () => {
      session = null;
      listeners.forEach((l) => l('SIGNED_OUT', null));
      return { error: null };
    }),
    getSession: jest.fn(async () => ({ data: { session }, error: null })),
    /** Refreshes the session as the auth service would: a new access token, heard as TOKEN_REFRESHED. */
    refreshSession: jest.fn(
      async (): Promise<{
        data: { session: Session | null };
        error: { name: string; message: string; status?: number } | null;
      }> => {
        if (!session)
          return {
            data: { session: null },
            error: { name: 'AuthSessionMissingError', message: 'Auth session missing!', status: 400 },
          };
        session = { ...session, access_token: `${session.access_token}-refreshed` };
        listeners.forEach((l) => l('TOKEN_REFRESHED', session));
        return { data: { session }, error: null };
      },
    ),
  };
  const emit = (event: AuthChangeEvent, next: Session | null) => {
    session = next;
    listeners.forEach((l) => l(event, next));
  };
  return { auth, emit, asClient: auth as unknown as SupabaseAuth };
}

// The lazily loaded auth service, for tests that drive it directly.
export { configureAuth, resetAuth, getSupabaseAuth, handleAuthEvent } from './auth-service';
export type { AuthDeps } from './auth-service';
