/** What GoTrue puts in the address when an e-mailed link fails (`#error=…&error_code=…&error_description=…`). */
export interface AuthLinkError {
  error: string;
  code: string;
  description: string;
}

/**
 * Reads a failed auth link's error from the address's fragment (or query, where GoTrue puts it for the PKCE
 * flow); null when there is none.
 */
export function readAuthLinkError(hash: string, search = ''): AuthLinkError | null {
  for (const part of [hash.replace(/^#/, ''), search.replace(/^\?/, '')]) {
    const params = new URLSearchParams(part);
    const error = params.get('error');
    const code = params.get('error_code');
    if (!error && !code) continue;
    return {
      error: error ?? '',
      code: code ?? '',
      description: params.get('error_description') ?? '',
    };
  }
  return null;
}

/** Used twice or too late: GoTrue's otp_expired (older versions only said so in the description). */
export const isExpiredLink = (error: AuthLinkError): boolean =>
  error.code === 'otp_expired' || /invalid or has expired/i.test(error.description);
