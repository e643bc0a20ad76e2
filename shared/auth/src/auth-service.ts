import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { getAppConfig, hasAppConfig } from '@agency/app-config';
import { initialAuthState, useAuthStore } from './auth-store';
import { fetchRoleWithRetry, requestRole, type RoleRequest } from './role-fetch';
import { rememberRole } from './role-hint';
import {
  createDetachedSupabaseAuth,
  createSupabaseAuth,
  forgetPersistedSession,
  hasAuthCallback,
  hasPersistedSession,
  hasVerifiedTotp,
  needsSecondFactor,
  sessionStorageKey,
  toAuthUser,
  type StoredSession,
  type SupabaseAuth,
} from './supabase-client';

/** What the auth service talks to; tests replace these at the boundary. */
export interface AuthDeps {
  createAuth: () => Promise<SupabaseAuth>;
  /** A client apart from the session (checking a password must not replace the session). */
  createDetachedAuth: () => Promise<SupabaseAuth>;
  requestRole: RoleRequest;
  hasPersistedSession: () => boolean;
  forgetPersistedSession: () => void;
  hasAuthCallback: () => boolean;
  siteUrl: () => string;
  /** The localStorage key supabase-js keeps the session under. */
  sessionKey: () => string;
}

/**
 * How login ended: signed in, credentials refused, the address not confirmed yet (the password was right), or
 * the auth service could not be reached.
 */
export type LoginResult =
  'signed-in' | 'second-factor-needed' | 'invalid-credentials' | 'email-not-confirmed' | 'unreachable';

/** How asking for the confirmation mail again ended: sent, asked too soon after the last one, or failed. */
export type ResendResult = 'sent' | 'too-soon' | 'failed';

/** A server sign-out that has not answered by then no longer holds up leaving. */
const SIGN_OUT_TIMEOUT_MS = 5000;

/**
 * supabase-js refreshes a session when under 90 s remain (three 30-s ticks, spec section 4). A session
 * restored from storage starts supabase-js this long before expiry, so its own ticker does the refresh.
 */
const CLIENT_START_BEFORE_EXPIRY_MS = 120_000;
/** How long a kept session's own token still signs calls before supabase-js must take over (≤ 0: now). */
const untilClientStart = (session: StoredSession) =>
  session.expiresAt * 1000 - Date.now() - CLIENT_START_BEFORE_EXPIRY_MS;

const defaultDeps: AuthDeps = {
  createAuth: createSupabaseAuth,
  createDetachedAuth: createDetachedSupabaseAuth,
  requestRole: (token, signal) => requestRole(getAppConfig().apiUrl)(token, signal),
  hasPersistedSession: () => hasPersistedSession(getAppConfig().supabaseUrl),
  forgetPersistedSession: () => {
    if (hasAppConfig()) forgetPersistedSession(getAppConfig().supabaseUrl);
  },
  hasAuthCallback: () => hasAuthCallback(),
  siteUrl: () => window.location.origin,
  sessionKey: () => sessionStorageKey(getAppConfig().supabaseUrl),
};

let deps: AuthDeps = defaultDeps;
let authPromise: Promise<SupabaseAuth> | null = null;
let started = false;
let logoutRunning: Promise<void> | null = null;
/** Bumped whenever the signed-in user changes, so a stale role answer is dropped. */
let generation = 0;
/** The user whose role is fetched or known; a repeated sign-in of the same user does not refetch. */
let roleUserId: string | null = null;
let clientStartTimer: ReturnType<typeof setTimeout> | undefined;
/** The signed-in user shown is the one kept in storage, not yet confirmed by supabase-js. */
let shownFromStorage = false;
/** The kept session restored without supabase-js: its access token signs API calls until the client starts. */
let restoredSession: StoredSession | null = null;
/** Stops listening for another tab's change to the kept session (see restoreStoredSession). */
let stopWatchingKeptSession = () => {};

export function configureAuth(overrides: Partial<AuthDeps>): void {
  // A test that replaces the client checks passwords with it too, unless it says otherwise.
  const detached =
    overrides.createAuth && !overrides.createDetachedAuth ? { createDetachedAuth: overrides.createAuth } : {};
  deps = { ...deps, ...detached, ...overrides };
}

/** Test helper: forget the client, the deps and the state. */
export function resetAuth(): void {
  deps = defaultDeps;
  authPromise = null;
  started = false;
  logoutRunning = null;
  rejected = null;
  generation += 1;
  roleUserId = null;
  clearTimeout(clientStartTimer);
  shownFromStorage = false;
  restoredSession = null;
  stopWatchingKeptSession();
  useAuthStore.setState({ ...initialAuthState });
}

function setLoggedOut(): void {
  generation += 1;
  roleUserId = null;
  shownFromStorage = false;
  restoredSession = null;
  clearTimeout(clientStartTimer);
  useAuthStore.setState({ ...initialAuthState, status: 'logged-out' });
}

async function loadRole(userId: string, accessToken: string): Promise<void> {
  if (roleUserId === userId) return;
  roleUserId = userId;
  const current = ++generation;
  useAuthStore.setState({ role: null, roleLoading: true, roleFetchFailed: false });
  const role = await fetchRoleWithRetry(deps.requestRole, accessToken, () => current === generation);
  if (current !== generation) return;
  if (role) {
    useAuthStore.setState({ role, roleLoading: false, roleFetchFailed: false });
    rememberRole(userId, role);
  } else {
    // Every attempt failed: flag it and keep loading on; the next sign-in tries again.
    roleUserId = null;
    useAuthStore.setState({ roleFetchFailed: true, roleLoading: true });
  }
}

/** After every attempt to read the signed-in user's role failed: try again now (the dashboard's Try again). */
export async function retryRole(): Promise<void> {
  const user = useAuthStore.getState().user;
  const token = await getAccessToken();
  if (user && token) await loadRole(user.id, token);
}

function setSignedIn(session: Session): void {
  shownFromStorage = false;
  if (needsSecondFactor(session)) {
    // The password was right; the code from the authenticator is still to come (the login asks for it).
    setLoggedOut();
    useAuthStore.setState({ secondFactorNeeded: true });
    return;
  }
  const user = toAuthUser(session.user);
  const previous = useAuthStore.getState().user;
  if (previous && previous.id !== user.id) setLoggedOut();
  useAuthStore.setState({
    status: 'logged-in',
    user,
    secondFactorNeeded: false,
    hasSecondFactor: hasVerifiedTotp(session.user.factors),
  });
  void loadRole(user.id, session.access_token);
}

/** supabase-js session events (spec section 4). Runs inside supabase-js's lock: never await its calls here. */
export function handleAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  switch (event) {
    case 'INITIAL_SESSION':
      if (session) setSignedIn(session);
      // No session after all (expired and not refreshable, or removed meanwhile): the stored one was stale.
      else if (shownFromStorage || useAuthStore.getState().status !== 'logged-in') setLoggedOut();
      break;
    case 'SIGNED_IN':
    case 'MFA_CHALLENGE_VERIFIED':
      if (session) setSignedIn(session);
      break;
    case 'PASSWORD_RECOVERY':
      if (session) {
        setSignedIn(session);
        useAuthStore.setState({ passwordRecovery: true });
      }
      break;
    case 'SIGNED_OUT':
      setLoggedOut();
      break;
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
      if (session) {
        if (useAuthStore.getState().status === 'logged-in' && !needsSecondFactor(session))
          useAuthStore.setState({
            user: toAuthUser(session.user),
            hasSecondFactor: hasVerifiedTotp(session.user.factors),
          });
        else setSignedIn(session);
      }
      break;
    default:
      break;
  }
}

/** The supabase-js auth client, created on first use (dynamic import keeps it off the landing page). */
export function getSupabaseAuth(): Promise<SupabaseAuth> {
  if (!authPromise) {
    clearTimeout(clientStartTimer);
    restoredSession = null;
    stopWatchingKeptSession();
    const created = deps.createAuth().then((auth) => {
      auth.onAuthStateChange(handleAuthEvent);
      return auth;
    });
    created.catch(() => {
      if (authPromise === created) authPromise = null;
    });
    authPromise = created;
  }
  return authPromise;
}

/** Warm the client up when a screen will need it (login, sign-up, reset). */
export function preloadAuth(): void {
  getSupabaseAuth().catch(() => {});
}

/**
 * Call once at start, after the app config is loaded. With no persisted session and no auth callback in the
 * address the visitor is logged out at once and supabase-js is not loaded at all.
 */
export function startAuth(): void {
  if (started) return;
  started = true;
  if (deps.hasPersistedSession() || deps.hasAuthCallback()) {
    useAuthStore.setState({ status: 'loading' });
    getSupabaseAuth().catch((error: unknown) => {
      console.error('Could not start the auth client', error);
      setLoggedOut();
    });
  } else {
    setLoggedOut();
  }
}

/**
 * A session kept in this browser, shown from storage at start (auth-entry), restored when the browser is idle
 * or a page needs the role: while its access token has more than two minutes left, the role and the API calls
 * are made with it, and supabase-js starts two minutes before expiry (or as soon as anything needs the client:
 * sign-out, an auth screen) and refreshes it as it would have; a session closer to expiry starts supabase-js
 * at once.
 */
export function restoreStoredSession(stored: StoredSession): void {
  if (started) return;
  started = true;
  const startClient = () =>
    getSupabaseAuth().catch((error: unknown) => {
      console.error('Could not start the auth client', error);
    });
  const tokenTime = untilClientStart(stored);
  shownFromStorage = true;
  useAuthStore.setState({ status: 'logged-in', user: stored.user });
  if (tokenTime <= 0) {
    void startClient();
    return;
  }
  restoredSession = stored;
  void loadRole(stored.user.id, stored.accessToken);
  clientStartTimer = setTimeout(() => void startClient(), tokenTime);
  // Another tab signs out, or in as someone else: supabase-js, which would have heard it, is not running yet.
  // It starts now and reads the session as it is (none: this tab is signed out too).
  const key = deps.sessionKey();
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === key) void startClient();
  };
  window.addEventListener('storage', onStorage);
  stopWatchingKeptSession = () => {
    window.removeEventListener('storage', onStorage);
    stopWatchingKeptSession = () => {};
  };
}

/**
 * supabase-js's answer when the auth service could not be reached: a network failure or a gateway's
 * 502/503/504 (AuthRetryableFetchError), told apart by name and status so supabase-js stays a lazy chunk.
 */
function isUnreachable(error: { name?: string; status?: number }): boolean {
  return (
    error.name === 'AuthRetryableFetchError' ||
    error.status === 0 ||
    [502, 503, 504].includes(error.status ?? -1)
  );
}

/** Sets the user, then fetches the role. Says why (and logs) when it did not sign in. */
export async function login(email: string, password: string): Promise<LoginResult> {
  try {
    const auth = await getSupabaseAuth();
    const { data, error } = await auth.signInWithPassword({ email, password });
    if (error || !data.session) {
      // GoTrue checks the password first, so this answer means the credentials were right.
      if (error?.code === 'email_not_confirmed') return 'email-not-confirmed';
      console.error('Login failed', error);
      return error && isUnreachable(error) ? 'unreachable' : 'invalid-credentials';
    }
    setSignedIn(data.session);
    return needsSecondFactor(data.session) ? 'second-factor-needed' : 'signed-in';
  } catch (error) {
    // supabase-js could not load, or its request threw: either way nothing answered.
    console.error('Login failed', error);
    return 'unreachable';
  }
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Creates the account; the confirmation e-mail links back to /login. */
export async function signUp(input: SignUpInput): Promise<{ ok: boolean; confirmationSent: boolean }> {
  try {
    const auth = await getSupabaseAuth();
    const { data, error } = await auth.signUp({
      email: input.email,
      password: input.password,
      options: {
        data: { full_name: `${input.firstName.trim()} ${input.lastName.trim()}`.trim() },
        emailRedirectTo: `${deps.siteUrl()}/login`,
      },
    });
    if (error) {
      console.error('Sign-up failed', error);
      return { ok: false, confirmationSent: false };
    }
    return { ok: true, confirmationSent: !data.session };
  } catch (error) {
    console.error('Sign-up failed', error);
    return { ok: false, confirmationSent: false };
  }
}

/** Mails the sign-up confirmation link again (GoTrue's resend, limited to one a minute per address). */
export async function resendConfirmation(email: string): Promise<ResendResult> {
  try {
    const auth = await getSupabaseAuth();
    const { error } = await auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: `${deps.siteUrl()}/login` },
    });
    if (!error) return 'sent';
    if (error.code === 'over_email_send_rate_limit') return 'too-soon';
    console.error('Resend failed', error);
    return 'failed';
  } catch (error) {
    console.error('Resend failed', error);
    return 'failed';
  }
}

export async function requestPasswordReset(email: string): Promise<boolean> {
  try {
    const auth = await getSupabaseAuth();
    const { error } = await auth.resetPasswordForEmail(email, {
      redirectTo: `${deps.siteUrl()}/reset-password`,
    });
    if (error) console.error('Reset request failed', error);
    return !error;
  } catch (error) {
    console.error('Reset request failed', error);
    return false;
  }
}

export async function updatePassword(password: string): Promise<boolean> {
  try {
    const auth = await getSupabaseAuth();
    const { error } = await auth.updateUser({ password });
    if (error) console.error('Password update failed', error);
    return !error;
  } catch (error) {
    console.error('Password update failed', error);
    return false;
  }
}

/** Checks a password by signing the same user in again (the change-password form). */
export async function verifyPassword(email: string, password: string): Promise<boolean> {
  try {
    // Apart from the session: this sign-in must not replace it (nor fire SIGNED_IN here).
    const auth = await deps.createDetachedAuth();
    const { data, error } = await auth.signInWithPassword({ email, password });
    return !error && Boolean(data.session);
  } catch {
    return false;
  }
}

async function withinSignOutTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Sign-out timed out')), SIGN_OUT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ends the sessions on the server; when the server refuses or cannot be reached, at least this device's
 * session through supabase-js (its local scope removes the session before it calls the server).
 */
async function signOut(auth: SupabaseAuth): Promise<void> {
  const { error } = await withinSignOutTimeout(auth.signOut());
  if (!error) return;
  console.error('Logout failed', error);
  await withinSignOutTimeout(auth.signOut({ scope: 'local' }));
}

/**
 * Clears user and role and forgets the session this browser keeps, even when the auth service is
 * unreachable (otherwise a reload would sign the user back in). A second call while one runs is ignored
 * (it gets the running one).
 */
export function logout(): Promise<void> {
  if (logoutRunning) return logoutRunning;
  logoutRunning = (async () => {
    try {
      if (authPromise || useAuthStore.getState().status === 'logged-in')
        await signOut(await getSupabaseAuth());
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      deps.forgetPersistedSession();
      setLoggedOut();
      logoutRunning = null;
    }
  })();
  return logoutRunning;
}

/** The last token the API refused, and what came of it (calls refused together share one answer). */
let rejected: { token: string; answer: Promise<string | null> } | null = null;

/**
 * The API refused a call signed with `token` (401: expired, revoked, or signed with a key it no longer takes).
 * Returns a token to repeat the call with once, or null:
 * - a newer token when the session was refreshed meanwhile, or is refreshed now (instead of at supabase-js's
 *   next tick);
 * - null, signed out on this device, when the auth service refuses the session: the route guard then shows the
 *   login instead of a portal whose every call fails;
 * - null, still signed in, when the auth service cannot be reached: the call fails as an unreachable one does.
 */
export function sessionRejected(token: string): Promise<string | null> {
  if (rejected?.token !== token) rejected = { token, answer: renewRejectedSession(token) };
  return rejected.answer;
}

async function renewRejectedSession(token: string): Promise<string | null> {
  const current = await getAccessToken();
  if (!current || current !== token) return current;
  try {
    const auth = await getSupabaseAuth();
    const { data, error } = await auth.refreshSession();
    if (!error && data.session) return data.session.access_token === token ? null : data.session.access_token;
    if (error && isUnreachable(error)) return null;
    console.error('The session was refused', error);
    try {
      await withinSignOutTimeout(auth.signOut({ scope: 'local' }));
    } finally {
      deps.forgetPersistedSession();
      setLoggedOut();
    }
  } catch (error) {
    console.error('Could not renew the session', error);
  }
  return null;
}

/** The signed-in user's own access token for API calls, or null when logged out. */
export async function getAccessToken(): Promise<string | null> {
  if (!authPromise && useAuthStore.getState().status !== 'logged-in') return null;
  // supabase-js starts two minutes before the kept token expires; until then that token is the session's own
  // (checked here too: a background tab's timer may fire late).
  if (!authPromise && restoredSession && untilClientStart(restoredSession) > 0)
    return restoredSession.accessToken;
  try {
    const auth = await getSupabaseAuth();
    const { data } = await auth.getSession();
    return data.session?.access_token ?? null;
  } catch {
    return null;
  }
}
