import {
  forgetPersistedSession,
  hasAuthCallback,
  hasPersistedSession,
  sessionStorageKey,
} from './supabase-client';

describe('persisted session lookup', () => {
  it('uses supabase-js’s own key: sb-<first hostname label>-auth-token', () => {
    expect(sessionStorageKey('http://localhost:4001')).toBe('sb-localhost-auth-token');
    expect(sessionStorageKey('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token');
  });

  it('finds a session stored under that key', () => {
    localStorage.setItem('sb-abcdefgh-auth-token', '{"access_token":"x"}');
    expect(hasPersistedSession('https://abcdefgh.supabase.co')).toBe(true);
    expect(hasPersistedSession('https://other.supabase.co')).toBe(false);
    localStorage.clear();
  });

  it('forgets the session, its user and its code verifier, and nothing else', () => {
    for (const key of [
      'sb-abcdefgh-auth-token',
      'sb-abcdefgh-auth-token-user',
      'sb-abcdefgh-auth-token-code-verifier',
      'agency-consent',
    ]) {
      localStorage.setItem(key, 'x');
    }
    forgetPersistedSession('https://abcdefgh.supabase.co');
    expect(hasPersistedSession('https://abcdefgh.supabase.co')).toBe(false);
    expect(Object.keys(localStorage)).toEqual(['agency-consent']);
    localStorage.clear();
  });

  it('treats unreadable storage as no session', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(hasPersistedSession('http://localhost:4001', storage)).toBe(false);
  });
});

describe('auth callback detection', () => {
  it.each([
    ['#access_token=abc&refresh_token=def&type=recovery', '', true],
    ['#error=access_denied&error_code=otp_expired&error_description=Link+expired', '', true],
    ['', '?code=123', true],
    ['#services', '', false],
    ['', '', false],
  ])('hash %p search %p → %p', (hash, search, expected) => {
    expect(hasAuthCallback(hash, search)).toBe(expected);
  });
});
