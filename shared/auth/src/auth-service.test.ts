import { useAuthStore } from './auth-store';
import {
  configureAuth,
  getAccessToken,
  getSupabaseAuth,
  login,
  logout,
  requestPasswordReset,
  resetAuth,
  restoreStoredSession,
  retryRole,
  sessionRejected,
  signUp,
  startAuth,
  updatePassword,
} from './auth-service';
import type { RoleRequest } from './role-fetch';
import { rememberedRole } from './role-hint';
import { createFakeAuth, fakeSession } from './test-support';

const state = () => useAuthStore.getState();
const SESSION_KEY = 'sb-auth-test-auth-token';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(
  options: {
    persisted?: boolean;
    callback?: boolean;
    role?: RoleRequest;
    initialSession?: ReturnType<typeof fakeSession> | null;
  } = {},
) {
  const fake = createFakeAuth({ initialSession: options.initialSession });
  const createAuth = jest.fn(async () => fake.asClient);
  const requestRole = jest.fn(options.role ?? (async () => 'CLIENT' as const));
  const forgetPersistedSession = jest.fn();
  configureAuth({
    createAuth,
    requestRole,
    forgetPersistedSession,
    hasPersistedSession: () => options.persisted ?? false,
    hasAuthCallback: () => options.callback ?? false,
    siteUrl: () => 'http://site.test',
    sessionKey: () => SESSION_KEY,
  });
  return { ...fake, createAuth, requestRole, forgetPersistedSession };
}

beforeEach(() => {
  resetAuth();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('start', () => {
  it('starts in loading', () => {
    expect(state().status).toBe('loading');
  });

  it('without a persisted session: logged out at once and supabase-js is not loaded', () => {
    const { createAuth } = setup();
    startAuth();
    expect(state().status).toBe('logged-out');
    expect(createAuth).not.toHaveBeenCalled();
  });

  it('with a persisted session: loading until INITIAL_SESSION, then logged in with the role from the API', async () => {
    const { createAuth, requestRole } = setup({
      persisted: true,
      initialSession: fakeSession(),
      role: async () => 'ADMIN',
    });
    startAuth();
    expect(state().status).toBe('loading');
    expect(createAuth).toHaveBeenCalledTimes(1);
    await flush();
    expect(state()).toMatchObject({
      status: 'logged-in',
      user: { id: 'user-1', email: 'ada@example.com', fullName: 'Ada Lovelace' },
      role: 'ADMIN',
      roleLoading: false,
    });
    expect(requestRole).toHaveBeenCalledWith('token-1', expect.any(AbortSignal));
  });

  it('with an auth callback in the address (confirmation or recovery link) the client is created too', async () => {
    const { createAuth } = setup({ callback: true });
    startAuth();
    expect(createAuth).toHaveBeenCalled();
    await flush();
    expect(state().status).toBe('logged-out');
  });

  it('a persisted session that no longer resolves ends logged out', async () => {
    setup({ persisted: true, initialSession: null });
    startAuth();
    await flush();
    expect(state().status).toBe('logged-out');
  });

  it('when supabase-js cannot load, the visitor is logged out rather than stuck loading', async () => {
    configureAuth({
      createAuth: () => Promise.reject(new Error('chunk failed')),
      hasPersistedSession: () => true,
    });
    startAuth();
    await flush();
    expect(state().status).toBe('logged-out');
  });

  it('never reads the role from user metadata', async () => {
    const session = fakeSession();
    session.user.user_metadata.role = 'ADMIN';
    setup({ persisted: true, initialSession: session, role: async () => 'CLIENT' });
    startAuth();
    await flush();
    expect(state().role).toBe('CLIENT');
  });
});

describe('login', () => {
  it('sets the user, then fetches the role once (the SIGNED_IN event does not refetch)', async () => {
    let resolveRole: (role: 'ADMIN') => void = () => {};
    const { requestRole } = setup({ role: () => new Promise((resolve) => (resolveRole = resolve)) });
    startAuth();
    await expect(login('ada@example.com', 'right-password')).resolves.toBe('signed-in');
    expect(state()).toMatchObject({
      status: 'logged-in',
      user: { email: 'ada@example.com' },
      role: null,
      roleLoading: true,
    });
    resolveRole('ADMIN');
    await flush();
    expect(state()).toMatchObject({ role: 'ADMIN', roleLoading: false });
    expect(requestRole).toHaveBeenCalledTimes(1);
  });

  it('says the credentials were refused, and logs', async () => {
    setup();
    startAuth();
    await expect(login('ada@example.com', 'wrong')).resolves.toBe('invalid-credentials');
    expect(console.error).toHaveBeenCalled();
    expect(state().status).toBe('logged-out');
  });

  it.each([
    ['a network failure', { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 }],
    ['a gateway error', { name: 'AuthRetryableFetchError', message: 'Service Unavailable', status: 503 }],
  ])(
    'says the auth service is unreachable on %s, not that the credentials were wrong',
    async (_what, error) => {
      const { auth } = setup();
      auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null, session: null }, error } as never);
      startAuth();
      await expect(login('ada@example.com', 'right-password')).resolves.toBe('unreachable');
      expect(state().status).toBe('logged-out');
    },
  );

  it('says the auth service is unreachable when supabase-js cannot load', async () => {
    setup();
    configureAuth({ createAuth: () => Promise.reject(new Error('chunk failed')) });
    await expect(login('ada@example.com', 'right-password')).resolves.toBe('unreachable');
  });

  it('an empty role answer defaults to CLIENT', async () => {
    setup({ role: async () => 'CLIENT' });
    startAuth();
    await login('ada@example.com', 'right-password');
    await flush();
    expect(state().role).toBe('CLIENT');
  });
});

describe('role fetch failing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sets roleFetchFailed after 5 attempts (8000 ms) and keeps loading on', async () => {
    const { requestRole } = setup({ role: () => new Promise(() => {}) });
    startAuth();
    await login('ada@example.com', 'right-password');
    await jest.advanceTimersByTimeAsync(7999);
    expect(state()).toMatchObject({ roleFetchFailed: false, roleLoading: true, role: null });
    await jest.advanceTimersByTimeAsync(1);
    expect(state()).toMatchObject({
      status: 'logged-in',
      roleFetchFailed: true,
      roleLoading: true,
      role: null,
    });
    expect(requestRole).toHaveBeenCalledTimes(5);
  });

  it('a later sign-in tries again and clears the flag', async () => {
    const fake = setup({ role: () => new Promise(() => {}) });
    startAuth();
    await login('ada@example.com', 'right-password');
    await jest.advanceTimersByTimeAsync(8000);
    expect(state().roleFetchFailed).toBe(true);
    fake.requestRole.mockImplementation(async () => 'ADMIN');
    fake.emit('SIGNED_IN', fakeSession());
    await jest.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ role: 'ADMIN', roleFetchFailed: false, roleLoading: false });
  });

  it('Try again asks for the role once more and clears the flag', async () => {
    const fake = setup({ role: () => new Promise(() => {}) });
    startAuth();
    await login('ada@example.com', 'right-password');
    await jest.advanceTimersByTimeAsync(8000);
    expect(state().roleFetchFailed).toBe(true);
    fake.requestRole.mockImplementation(async () => 'CLIENT');
    const retried = retryRole();
    await jest.advanceTimersByTimeAsync(0);
    await retried;
    expect(state()).toMatchObject({ role: 'CLIENT', roleFetchFailed: false, roleLoading: false });
  });

  it('a logout during the retries drops the late answer', async () => {
    let calls = 0;
    setup({
      role: () => {
        calls += 1;
        return calls === 1 ? new Promise(() => {}) : Promise.resolve('ADMIN');
      },
    });
    startAuth();
    await login('ada@example.com', 'right-password');
    await logout();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(state()).toMatchObject({ status: 'logged-out', role: null, roleFetchFailed: false });
    expect(calls).toBe(1);
  });
});

describe('session events', () => {
  async function signedIn() {
    const fake = setup({ persisted: true, initialSession: fakeSession() });
    startAuth();
    await flush();
    return fake;
  }

  it('SIGNED_OUT clears user and role', async () => {
    const { emit } = await signedIn();
    expect(state().role).toBe('CLIENT');
    emit('SIGNED_OUT', null);
    expect(state()).toMatchObject({ status: 'logged-out', user: null, role: null });
  });

  it('TOKEN_REFRESHED and USER_UPDATED update the user without refetching the role', async () => {
    const { emit, requestRole } = await signedIn();
    emit('TOKEN_REFRESHED', fakeSession({ token: 'token-2', fullName: 'Ada King' }));
    expect(state().user?.fullName).toBe('Ada King');
    emit('USER_UPDATED', fakeSession({ fullName: 'Ada L.' }));
    expect(state().user?.fullName).toBe('Ada L.');
    expect(requestRole).toHaveBeenCalledTimes(1);
    expect(state().role).toBe('CLIENT');
  });

  it('SIGNED_IN of another user replaces the user and fetches their role', async () => {
    const { emit, requestRole } = await signedIn();
    requestRole.mockImplementation(async () => 'ADMIN');
    emit('SIGNED_IN', fakeSession({ id: 'user-2', email: 'admin@example.com', token: 'token-admin' }));
    await flush();
    expect(state()).toMatchObject({ user: { id: 'user-2' }, role: 'ADMIN' });
    expect(requestRole).toHaveBeenLastCalledWith('token-admin', expect.any(AbortSignal));
  });

  it('PASSWORD_RECOVERY signs the user in and marks the recovery', async () => {
    const fake = setup({ callback: true });
    startAuth();
    await flush();
    fake.emit('PASSWORD_RECOVERY', fakeSession());
    expect(state()).toMatchObject({ status: 'logged-in', passwordRecovery: true });
  });

  it('an INITIAL_SESSION without a session does not undo a sign-in that came first', async () => {
    const fake = setup();
    await getSupabaseAuth();
    fake.emit('SIGNED_IN', fakeSession());
    fake.emit('INITIAL_SESSION', null);
    expect(state().status).toBe('logged-in');
  });
});

describe('logout', () => {
  it('clears user and role, and a second logout while one runs is ignored', async () => {
    const fake = setup({ persisted: true, initialSession: fakeSession() });
    startAuth();
    await flush();
    const first = logout();
    const second = logout();
    expect(second).toBe(first);
    await first;
    expect(fake.auth.signOut).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ status: 'logged-out', user: null, role: null });
  });

  it('clears the state and forgets the kept session even when the server call throws', async () => {
    const fake = setup({ persisted: true, initialSession: fakeSession() });
    fake.auth.signOut.mockRejectedValueOnce(new Error('offline'));
    startAuth();
    await flush();
    await logout();
    expect(state().status).toBe('logged-out');
    expect(fake.forgetPersistedSession).toHaveBeenCalledTimes(1);
  });

  it('with the auth service unreachable: signs out this device through supabase-js and forgets the kept session', async () => {
    const fake = setup({ persisted: true, initialSession: fakeSession() });
    fake.auth.signOut.mockResolvedValueOnce({
      error: { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 },
    } as never);
    startAuth();
    await flush();
    await logout();
    expect(fake.auth.signOut).toHaveBeenNthCalledWith(1);
    expect(fake.auth.signOut).toHaveBeenNthCalledWith(2, { scope: 'local' });
    expect(fake.forgetPersistedSession).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ status: 'logged-out', user: null, role: null });
  });

  it('a server sign-out that never answers does not hold logout up', async () => {
    jest.useFakeTimers();
    try {
      const fake = setup({ persisted: true, initialSession: fakeSession() });
      fake.auth.signOut.mockImplementationOnce(() => new Promise(() => {}));
      startAuth();
      await jest.advanceTimersByTimeAsync(0);
      let done = false;
      void logout().then(() => (done = true));
      await jest.advanceTimersByTimeAsync(4999);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      expect(fake.forgetPersistedSession).toHaveBeenCalledTimes(1);
      expect(state().status).toBe('logged-out');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('account calls', () => {
  it('sign-up sends full_name and a confirmation redirect to /login', async () => {
    const { auth } = setup();
    await expect(
      signUp({ firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com', password: 'secret1' }),
    ).resolves.toEqual({
      ok: true,
      confirmationSent: true,
    });
    expect(auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret1',
      options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: 'http://site.test/login' },
    });
  });

  it('sign-up reports an error from the auth service', async () => {
    const { auth } = setup();
    auth.signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: { message: 'weak' },
    } as never);
    await expect(signUp({ firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'x' })).resolves.toEqual({
      ok: false,
      confirmationSent: false,
    });
  });

  it('password reset mails a link back to /reset-password', async () => {
    const { auth } = setup();
    await expect(requestPasswordReset('ada@example.com')).resolves.toBe(true);
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', {
      redirectTo: 'http://site.test/reset-password',
    });
  });

  it('updatePassword reports failure', async () => {
    const { auth } = setup();
    auth.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: { message: 'Auth session missing!' },
    } as never);
    await expect(updatePassword('new-secret')).resolves.toBe(false);
  });

  it('getAccessToken gives the signed-in user’s own token, and null before supabase-js is loaded', async () => {
    setup({ persisted: true, initialSession: fakeSession({ token: 'own-token' }) });
    await expect(getAccessToken()).resolves.toBeNull();
    startAuth();
    await flush();
    await expect(getAccessToken()).resolves.toBe('own-token');
  });
});

describe('a session kept in this browser, restored without supabase-js', () => {
  const kept = (secondsLeft: number) => ({
    user: { id: 'kept-user', email: 'kept@example.com', fullName: 'Kept' },
    accessToken: 'kept-token',
    expiresAt: Math.floor(Date.now() / 1000) + secondsLeft,
  });
  beforeEach(() => localStorage.clear());

  it('signs the role request and API calls with the kept token, and remembers the role as a hint', async () => {
    const { createAuth, requestRole } = setup({ role: async () => 'ADMIN' as const });
    restoreStoredSession(kept(3600));
    expect(state()).toMatchObject({ status: 'logged-in', user: { id: 'kept-user' } });
    await flush();
    expect(requestRole).toHaveBeenCalledWith('kept-token', expect.anything());
    expect(state().role).toBe('ADMIN');
    await expect(getAccessToken()).resolves.toBe('kept-token');
    expect(createAuth).not.toHaveBeenCalled();
    expect(rememberedRole('kept-user')).toBe('ADMIN');
    expect(rememberedRole('someone-else')).toBeNull();
  });

  it('a kept token within two minutes of expiry is not used: supabase-js starts and gives its session', async () => {
    const { createAuth } = setup({ initialSession: fakeSession({ token: 'refreshed-token' }) });
    restoreStoredSession(kept(60));
    await flush();
    expect(createAuth).toHaveBeenCalledTimes(1);
    await expect(getAccessToken()).resolves.toBe('refreshed-token');
  });

  it('another tab signs out: this one is signed out too, and its kept token signs nothing more', async () => {
    // supabase-js reads the storage as the other tab left it: no session.
    const { createAuth } = setup({ initialSession: null });
    restoreStoredSession(kept(3600));
    await flush();
    expect(createAuth).not.toHaveBeenCalled();

    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, newValue: null }));
    await flush();
    expect(createAuth).toHaveBeenCalledTimes(1);
    expect(state().status).toBe('logged-out');
    await expect(getAccessToken()).resolves.toBeNull();
  });

  it('another tab signs in as someone else: this one shows that user', async () => {
    setup({ initialSession: fakeSession({ token: 'other-token', id: 'other-user' }) });
    restoreStoredSession(kept(3600));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated-key', newValue: 'x' }));
    await flush();
    expect(state().user?.id).toBe('kept-user');

    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, newValue: '{}' }));
    await flush();
    expect(state().user?.id).toBe('other-user');
    await expect(getAccessToken()).resolves.toBe('other-token');
  });

  it('once supabase-js started (an auth screen, a sign-out) its session is the one used', async () => {
    const { createAuth } = setup({ initialSession: fakeSession({ token: 'client-token' }) });
    restoreStoredSession(kept(3600));
    await flush();
    await getSupabaseAuth();
    expect(createAuth).toHaveBeenCalledTimes(1);
    await expect(getAccessToken()).resolves.toBe('client-token');
  });
});

describe('a token the API refused', () => {
  async function signedIn() {
    const fake = setup();
    startAuth();
    expect(await login('ada@example.com', 'right-password')).toBe('signed-in');
    return fake;
  }

  it('refreshes the session now and gives the new token to repeat the call with', async () => {
    const { auth } = await signedIn();
    await expect(sessionRejected('token-1')).resolves.toBe('token-1-refreshed');
    expect(auth.refreshSession).toHaveBeenCalledTimes(1);
    expect(state().status).toBe('logged-in');
    await expect(getAccessToken()).resolves.toBe('token-1-refreshed');
  });

  it('calls refused together share one refresh; a token renewed meanwhile is given without another', async () => {
    const { auth } = await signedIn();
    const answers = await Promise.all([sessionRejected('token-1'), sessionRejected('token-1')]);
    expect(answers).toEqual(['token-1-refreshed', 'token-1-refreshed']);
    expect(auth.refreshSession).toHaveBeenCalledTimes(1);
    // A call signed before the refresh, refused after it.
    await expect(sessionRejected('token-0')).resolves.toBe('token-1-refreshed');
    expect(auth.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('a session the auth service refuses (revoked, user removed) signs this device out and forgets it', async () => {
    const { auth, forgetPersistedSession } = await signedIn();
    auth.refreshSession.mockResolvedValueOnce({
      data: { session: null },
      error: { name: 'AuthApiError', message: 'Invalid Refresh Token: Refresh Token Not Found', status: 400 },
    });
    await expect(sessionRejected('token-1')).resolves.toBeNull();
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(forgetPersistedSession).toHaveBeenCalled();
    expect(state()).toMatchObject({ status: 'logged-out', user: null, role: null });
  });

  it('with the auth service unreachable the session is kept: the call fails as an unreachable one does', async () => {
    const { auth, forgetPersistedSession } = await signedIn();
    auth.refreshSession.mockResolvedValueOnce({
      data: { session: null },
      error: { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 },
    });
    await expect(sessionRejected('token-1')).resolves.toBeNull();
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(forgetPersistedSession).not.toHaveBeenCalled();
    expect(state().status).toBe('logged-in');
  });

  it('signed out already: nothing to renew', async () => {
    const { auth } = setup();
    startAuth();
    await expect(sessionRejected('token-1')).resolves.toBeNull();
    expect(auth.refreshSession).not.toHaveBeenCalled();
  });
});
