import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { StoredFactor, StoredSession, StoredUser } from './auth-store';

/** Access tokens last one hour, as on hosted Supabase. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export interface AccessTokenPayload {
  sub: string;
  session_id: string;
  role: string;
}

/** `issuer` is read per token: the public URL is known only once the server listens (port 0). */
export function createTokenSigner(jwtSecret: string, issuer: () => string) {
  const key = new TextEncoder().encode(jwtSecret);
  return {
    async signAccessToken(
      user: StoredUser,
      session: StoredSession,
      method: string,
    ): Promise<{ token: string; expiresAt: number }> {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({
        email: user.email,
        phone: '',
        app_metadata: appMetadata(),
        user_metadata: user.userMetadata,
        role: 'authenticated',
        aal: session.aal ?? 'aal1',
        amr: session.amr ?? [{ method, timestamp: now }],
        session_id: session.id,
        is_anonymous: false,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer())
        .setSubject(user.id)
        .setAudience('authenticated')
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },

    async verifyAccessToken(token: string): Promise<AccessTokenPayload> {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'authenticated' });
      if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string')
        throw new Error('bad claims');
      return { sub: payload.sub, session_id: payload.session_id, role: String(payload.role) };
    },

    /** The admin API takes the service role key: a JWT with role service_role signed with the same secret. */
    async isServiceRoleKey(token: string): Promise<boolean> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return payload.role === 'service_role';
      } catch {
        return false;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const appMetadata = () => ({ provider: 'email', providers: ['email'] });

/** The user object of the GoTrue API. */
export function publicUser(user: StoredUser) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt,
    phone: '',
    confirmation_sent_at: user.confirmationSentAt,
    recovery_sent_at: user.recoverySentAt,
    confirmed_at: user.emailConfirmedAt,
    last_sign_in_at: user.lastSignInAt,
    app_metadata: appMetadata(),
    user_metadata: user.userMetadata,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, email_verified: user.emailConfirmedAt !== null, sub: user.id },
        provider: 'email',
        last_sign_in_at: user.lastSignInAt,
        created_at: user.createdAt,
        updated_at: user.updatedAt,
        email: user.email,
      },
    ],
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    is_anonymous: false,
    // GoTrue leaves the list out when there is none (supabase-js reads a missing one as none).
    ...(user.factors?.length ? { factors: user.factors.map(publicFactor) } : {}),
  };
}

/** A factor as GoTrue lists it in the user object (never its secret). */
export function publicFactor(factor: StoredFactor) {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName,
    factor_type: factor.factorType,
    status: factor.status,
    created_at: factor.createdAt,
    updated_at: factor.updatedAt,
  };
}
