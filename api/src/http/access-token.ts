import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { isOneLineText } from '@agency/domain';
import type { SessionCheck } from './session-check';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  fullName: string | null;
}

/** A verified token's claims and when it expires (null: it names no expiry). */
export interface VerifiedAccessToken extends AccessTokenClaims {
  expiresAtMs: number | null;
  /** The session's assurance level: aal2 once a second factor was verified in it. */
  aal?: 'aal1' | 'aal2';
  /** Whether the user has a verified second factor, as the auth service said (null: it could not be asked). */
  verifiedFactor?: boolean | null;
  /** When the auth service created the user (null: unknown). */
  userCreatedAt?: string | null;
}

export type AccessTokenVerifier = (token: string) => Promise<VerifiedAccessToken>;

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** Key-set cache of spec section 9: 10 minutes. */
const JWKS_CACHE_MS = 10 * 60_000;

/**
 * Verifies a Supabase access token: HS256 with the project's JWT secret, or the project's JWKS.
 * Only user tokens pass (role and audience `authenticated`); the anon and service keys do not.
 */
export function createAccessTokenVerifier(options: {
  jwtSecret?: string;
  jwksUrl?: string;
}): AccessTokenVerifier {
  let key: Uint8Array | JWTVerifyGetKey;
  let algorithms: string[];
  if (options.jwksUrl) {
    key = createRemoteJWKSet(new URL(options.jwksUrl), { cacheMaxAge: JWKS_CACHE_MS });
    algorithms = ['RS256', 'ES256', 'EdDSA'];
  } else if (options.jwtSecret) {
    key = new TextEncoder().encode(options.jwtSecret);
    algorithms = ['HS256'];
  } else {
    throw new Error('SUPABASE_JWT_SECRET or SUPABASE_JWKS_URL is required');
  }
  // A verified token stays valid until it expires: remember it rather than re-checking the signature.
  const verified = new Map<string, VerifiedAccessToken>();
  return async (token) => {
    const known = verified.get(token);
    if (known?.expiresAtMs && known.expiresAtMs > Date.now()) return known;
    // A token that never expires is none the auth service issues: only a leaked secret could have made it.
    const { payload } = await jwtVerify(token, key as Uint8Array, {
      algorithms,
      audience: 'authenticated',
      requiredClaims: ['exp', 'sub'],
    });
    if (payload.role !== 'authenticated' || typeof payload.sub !== 'string') {
      throw new Error('Not a user access token');
    }
    const metadata = (payload.user_metadata ?? {}) as { full_name?: unknown };
    const claims: VerifiedAccessToken = {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      // User-chosen: a name PostgreSQL would refuse (NUL, control characters) is no name.
      fullName:
        typeof metadata.full_name === 'string' && isOneLineText(metadata.full_name)
          ? metadata.full_name
          : null,
      expiresAtMs: payload.exp === undefined ? null : payload.exp * 1000,
      aal: payload.aal === 'aal2' ? 'aal2' : 'aal1',
    };
    if (verified.size >= MAX_REMEMBERED_TOKENS) verified.clear();
    verified.set(token, claims);
    return claims;
  };
}

const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Refuses a token whose session the auth service says has ended (a password reset or change elsewhere, a
 * sign-out everywhere), and adds what it says of the user's second factor. When the auth service cannot be
 * asked, a token whose signature verifies is taken as before.
 */
export function withSessionCheck(verify: AccessTokenVerifier, sessions: SessionCheck): AccessTokenVerifier {
  return async (token) => {
    const claims = await verify(token);
    const session = await sessions.check(token);
    if (session.status === 'ended') throw new Error('The session of this token has ended');
    return session.status === 'alive'
      ? { ...claims, verifiedFactor: session.verifiedFactor, userCreatedAt: session.userCreatedAt }
      : { ...claims, verifiedFactor: null, userCreatedAt: null };
  };
}
