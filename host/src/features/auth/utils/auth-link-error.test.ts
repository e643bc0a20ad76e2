import { isExpiredLink, readAuthLinkError } from './auth-link-error';

describe('readAuthLinkError', () => {
  it("reads GoTrue's error fragment of a used confirmation link", () => {
    const error = readAuthLinkError(
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(error).toEqual({
      error: 'access_denied',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
    expect(isExpiredLink(error!)).toBe(true);
  });

  it('reads the query when the fragment has none (PKCE links)', () => {
    const error = readAuthLinkError('', '?error=server_error&error_description=Database+error');
    expect(error).toEqual({ error: 'server_error', code: '', description: 'Database error' });
    expect(isExpiredLink(error!)).toBe(false);
  });

  it('is null for an address without an error (a session fragment, a section anchor)', () => {
    expect(readAuthLinkError('#access_token=abc&type=signup')).toBeNull();
    expect(readAuthLinkError('#contact')).toBeNull();
    expect(readAuthLinkError('')).toBeNull();
  });
});
