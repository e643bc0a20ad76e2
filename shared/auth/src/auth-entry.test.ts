import type { AppConfig } from '@agency/app-config';

const service = {
  startAuth: jest.fn(),
  preloadAuth: jest.fn(),
  login: jest.fn(async () => 'signed-in'),
  logout: jest.fn(async () => {}),
  getAccessToken: jest.fn(async () => 'own-token'),
  restoreStoredSession: jest.fn(),
};
let serviceLoaded = false;
jest.mock('./auth-service', () => {
  serviceLoaded = true;
  return service;
});

const config = { supabaseUrl: 'http://localhost:4001', apiUrl: 'http://api.test' } as AppConfig;

function loadEntry() {
  let entry!: typeof import('./auth-entry');
  let store!: typeof import('./auth-store');
  jest.isolateModules(() => {
    jest.requireActual<typeof import('@agency/app-config')>('@agency/app-config').setAppConfig(config);
    entry = jest.requireActual('./auth-entry');
    store = jest.requireActual('./auth-store');
  });
  return { ...entry, useAuthStore: store.useAuthStore };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '';
  serviceLoaded = false;
  jest.clearAllMocks();
});

describe('auth entry (what every page loads)', () => {
  it('a visitor without a session is logged out at once and the auth service is not loaded', async () => {
    const { startAuth, getAccessToken, logout, useAuthStore } = loadEntry();
    startAuth();
    expect(useAuthStore.getState().status).toBe('logged-out');
    await expect(getAccessToken()).resolves.toBeNull();
    await logout();
    await flush();
    expect(serviceLoaded).toBe(false);
  });

  it('a persisted supabase session (sb-<ref>-auth-token) starts the service and stays loading until it resolves', async () => {
    localStorage.setItem('sb-localhost-auth-token', '{}');
    const { startAuth, getAccessToken, useAuthStore } = loadEntry();
    startAuth();
    expect(useAuthStore.getState().status).toBe('loading');
    await flush();
    expect(service.startAuth).toHaveBeenCalledTimes(1);
    await expect(getAccessToken()).resolves.toBe('own-token');
  });

  it('an auth link in the address (confirmation or recovery) starts the service too', async () => {
    window.location.hash = '#access_token=a&refresh_token=b&type=recovery';
    const { startAuth } = loadEntry();
    startAuth();
    await flush();
    expect(service.startAuth).toHaveBeenCalled();
  });

  it('a kept session is shown at once; a page that needs the role restores it now and gets the role hint', async () => {
    const keptSession = {
      access_token: 'kept-token',
      refresh_token: 'refresh',
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      user: { id: 'kept-user', email: 'kept@example.com', user_metadata: { full_name: 'Kept' } },
    };
    localStorage.setItem('sb-localhost-auth-token', JSON.stringify(keptSession));
    localStorage.setItem('agency-role-hint', JSON.stringify({ userId: 'kept-user', role: 'ADMIN' }));
    const { startAuth, needRole, useAuthStore } = loadEntry();
    startAuth();
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-in', user: { id: 'kept-user' } });
    expect(serviceLoaded).toBe(false);
    expect(needRole()).toBe('ADMIN');
    await flush();
    expect(service.restoreStoredSession).toHaveBeenCalledWith(
      expect.objectContaining({
        accessToken: 'kept-token',
        user: expect.objectContaining({ id: 'kept-user' }),
      }),
    );
  });

  it('without a kept session there is nothing to restore and no hint', () => {
    localStorage.setItem('agency-role-hint', JSON.stringify({ userId: 'kept-user', role: 'ADMIN' }));
    const { startAuth, needRole } = loadEntry();
    startAuth();
    expect(needRole()).toBeNull();
    expect(serviceLoaded).toBe(false);
  });

  it('account calls load the service on demand', async () => {
    const { login } = loadEntry();
    await expect(login('a@b.co', 'pw')).resolves.toBe('signed-in');
    expect(service.login).toHaveBeenCalledWith('a@b.co', 'pw');
  });

  it('logout forgets the kept session even when the auth service fails', async () => {
    localStorage.setItem('sb-localhost-auth-token', '{}');
    service.logout.mockRejectedValueOnce(new Error('chunk failed'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { startAuth, logout, useAuthStore } = loadEntry();
    startAuth();
    useAuthStore.setState({ status: 'logged-in', user: { id: 'u', email: 'a@b.co', fullName: '' } });
    localStorage.setItem('agency-role-hint', JSON.stringify({ userId: 'u', role: 'ADMIN' }));
    await logout();
    expect(localStorage.getItem('sb-localhost-auth-token')).toBeNull();
    expect(localStorage.getItem('agency-role-hint')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', user: null });
  });
});
