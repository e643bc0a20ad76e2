import { getAppConfig } from '@agency/app-config';
import { initialAuthState, useAuthStore, type Role } from './auth-store';
import { rememberedRole } from './role-hint';
import {
  forgetPersistedSession,
  hasAuthCallback,
  hasPersistedSession,
  readStoredSession,
  type StoredSession,
} from './supabase-client';
import type { LoginResult, ResendResult, SignUpInput } from './auth-service';

/**
 * What every page loads: the store's start and thin wrappers. The auth service itself (session events,
 * role fetch, account calls) and supabase-js load on first use, so a logged-out visitor on the landing
 * page downloads neither, and a signed-in one sees the page signed in before either arrives.
 */
type AuthService = typeof import('./auth-service');
let service: Promise<AuthService> | null = null;
let started = false;
/** The session shown from storage at start, handed to the service when it loads. */
let shownSession: StoredSession | null = null;

export function loadAuthService(): Promise<AuthService> {
  if (!service) {
    const loading = import(/* webpackChunkName: "auth-service" */ './auth-service').then((auth) => {
      if (shownSession) auth.restoreStoredSession(shownSession);
      return auth;
    });
    loading.catch(() => {
      if (service === loading) service = null;
    });
    service = loading;
  }
  return service;
}

const setLoggedOut = () => useAuthStore.setState({ ...initialAuthState, status: 'logged-out' });

/** Runs when the browser has nothing else to do (after the page is up), or soon after where it cannot tell. */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 5000 });
  else setTimeout(task, 1000);
}

/**
 * Call once at start, after the app config is loaded. With no persisted session and no auth callback in the
 * address the visitor is logged out at once and nothing more is loaded. A session kept in this browser is
 * shown at once (signed in, from what supabase-js stored) and restored when the browser is idle (see the
 * service's restoreStoredSession): supabase-js loads only when the session needs refreshing or a screen
 * needs it. An auth link in the address, or a kept session in a shape this does not read, starts the service
 * and supabase-js at once, with the page on 'loading' until they answer.
 */
export function startAuth(): void {
  if (started) return;
  started = true;
  const { supabaseUrl } = getAppConfig();
  const stored = hasAuthCallback() ? null : readStoredSession(supabaseUrl);
  if (stored) {
    shownSession = stored;
    useAuthStore.setState({ status: 'logged-in', user: stored.user });
    whenIdle(() => {
      loadAuthService().catch((error: unknown) => console.error('Could not restore the session', error));
    });
  } else if (hasPersistedSession(supabaseUrl) || hasAuthCallback()) {
    useAuthStore.setState({ status: 'loading' });
    loadAuthService().then(
      (auth) => auth.startAuth(),
      (error: unknown) => {
        console.error('Could not start the auth client', error);
        setLoggedOut();
      },
    );
  } else {
    setLoggedOut();
  }
}

/** Warm up supabase-js when a screen will need it (login, sign-up, reset). */
export function preloadAuth(): void {
  loadAuthService().then(
    (auth) => auth.preloadAuth(),
    () => {},
  );
}

/** Sets the user, then fetches the role. Says why (and logs) when it did not sign in. */
export async function login(email: string, password: string): Promise<LoginResult> {
  let auth: AuthService;
  try {
    auth = await loadAuthService();
  } catch (error) {
    console.error('Login failed', error);
    return 'unreachable';
  }
  return auth.login(email, password);
}

/** Creates the account; the confirmation e-mail links back to /login. */
export async function signUp(input: SignUpInput): Promise<{ ok: boolean; confirmationSent: boolean }> {
  return (await loadAuthService()).signUp(input);
}

/** Mails the sign-up confirmation link again; see the service's resendConfirmation. */
export async function resendConfirmation(email: string): Promise<ResendResult> {
  try {
    return await (await loadAuthService()).resendConfirmation(email);
  } catch (error) {
    console.error('Resend failed', error);
    return 'failed';
  }
}

export async function requestPasswordReset(email: string): Promise<boolean> {
  return (await loadAuthService()).requestPasswordReset(email);
}

export async function updatePassword(password: string): Promise<boolean> {
  return (await loadAuthService()).updatePassword(password);
}

/** Checks a password by signing the same user in again (the change-password form). */
export async function verifyPassword(email: string, password: string): Promise<boolean> {
  return (await loadAuthService()).verifyPassword(email, password);
}

/** Clears user and role and forgets the kept session, whatever happens on the way; see auth-service's logout. */
export async function logout(): Promise<void> {
  if (!service && useAuthStore.getState().status !== 'logged-in') return setLoggedOut();
  try {
    await (await loadAuthService()).logout();
  } catch (error) {
    console.error('Logout failed', error);
    forgetPersistedSession(getAppConfig().supabaseUrl);
    setLoggedOut();
  }
}

/**
 * For a page that needs the role (the dashboard): restores the kept session now instead of when the browser is
 * idle, and gives the role this user had last time in this browser, so that role's page can start loading
 * while the role is asked again. Null when there is no kept session or nothing remembered.
 */
export function needRole(): Role | null {
  if (!shownSession) return null;
  loadAuthService().catch((error: unknown) => console.error('Could not restore the session', error));
  return rememberedRole(shownSession.user.id);
}

/** Reads the signed-in user's role again after every attempt failed (the server was waking up). */
export async function retryRole(): Promise<void> {
  return (await loadAuthService()).retryRole();
}

/** The signed-in user's own access token for API calls, or null when logged out. */
export async function getAccessToken(): Promise<string | null> {
  if (!service && useAuthStore.getState().status !== 'logged-in') return null;
  return (await loadAuthService()).getAccessToken();
}

/** The API refused a call signed with `token`: a token to repeat it with once, or null (see the service's). */
export async function sessionRejected(token: string): Promise<string | null> {
  return (await loadAuthService()).sessionRejected(token);
}
