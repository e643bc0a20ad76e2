import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { rateLimiter } from 'hono-rate-limiter';
import type { Logger } from 'pino';
import {
  AUTH_MAIL_PER_RECIPIENT,
  AUTH_RESEND_INTERVAL_MS,
  isEmailAddress,
  MIN_PASSWORD_LENGTH,
  RATE_LIMITS,
  VALIDATION,
  type RateLimit,
} from '@agency/domain';
import type { AuthStore, OneTimeTokenType, StoredSession, StoredUser } from './auth-store';
import { ACCESS_TOKEN_TTL_SECONDS, publicUser, randomToken, type TokenSigner } from './auth-tokens';
import { AuthError } from './auth-errors';
import { RecipientLimit } from './recipient-limit';

export interface AuthMail {
  to: string;
  subject: string;
  text: string;
}

export interface AuthServiceOptions {
  store: AuthStore;
  signer: TokenSigner;
  /** Public base URL of this service; links in mails point to `${publicUrl}/auth/v1/verify`. */
  publicUrl: () => string;
  /** Where links go when redirect_to is missing or not allowed. */
  siteUrl: string;
  /** Origins redirect_to may point to. */
  allowedOrigins: string[];
  sendMail: (mail: AuthMail) => Promise<void>;
  logger: Logger;
  trustProxy?: boolean;
  /**
   * Per client address; `mailPerRecipient` counts sign-ups and resets per address asked for; `resendIntervalMs`
   * is the least time between two confirmation mails to one address (resend).
   */
  rateLimits?: {
    signUp: RateLimit;
    signIn: RateLimit;
    recover: RateLimit;
    mailPerRecipient?: RateLimit;
    resendIntervalMs?: number;
  };
  bcryptRounds?: number;
}

/** Links in confirmation and reset mails stay valid for a day. */
const ONE_TIME_TOKEN_TTL_MS = 24 * 60 * 60_000;

export type AuthContext = ReturnType<typeof createAuthContext>;

/**
 * What every group of the auth stand-in's routes (accounts, factors, admin) works with: the store, the token
 * signer, the rate limits, and the steps they share (reading a body, checking credentials, issuing a session,
 * mailing a link, finding the caller's session).
 */
export function createAuthContext(options: AuthServiceOptions) {
  const { store, signer, logger } = options;
  const rounds = options.bcryptRounds ?? 10;
  const limits = options.rateLimits ?? {
    signUp: RATE_LIMITS.authSignUp,
    signIn: RATE_LIMITS.authSignIn,
    recover: RATE_LIMITS.authRecover,
  };
  const mailLimit = new RecipientLimit(options.rateLimits?.mailPerRecipient ?? AUTH_MAIL_PER_RECIPIENT);
  const resendInterval = new MailInterval(options.rateLimits?.resendIntervalMs ?? AUTH_RESEND_INTERVAL_MS);
  // Compared against when no account has the address, so a wrong password costs the same either way.
  const dummyHash = bcrypt.hash(randomToken(), rounds);

  const limit = (rule: RateLimit): MiddlewareHandler =>
    rateLimiter({
      windowMs: rule.windowMs,
      limit: rule.limit,
      standardHeaders: 'draft-6',
      keyGenerator: (c) => clientAddress(c, options.trustProxy ?? false),
      handler: () => {
        throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
      },
    });

  async function readJson(c: Context): Promise<Record<string, unknown>> {
    const text = await c.req.text();
    if (!text.trim()) return {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // fall through
    }
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }

  function requireCredentials(body: Record<string, unknown>): { email: string; password: string } {
    const email = emailOf(body);
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email || !password)
      throw new AuthError(400, 'validation_failed', VALIDATION.auth.emailOrPhoneRequired);
    return { email, password };
  }

  /** One address (no list, no line break), as GoTrue validates it. */
  function requireValidEmail(email: string): void {
    if (!isEmailAddress(email))
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }

  function limitMailsTo(email: string): void {
    if (!mailLimit.take(email))
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
  }

  function checkPasswordStrength(password: string): void {
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw new AuthError(
        422,
        'weak_password',
        `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
        {
          weak_password: { reasons: ['length'] },
        },
      );
    }
  }

  /** redirect_to only to the product's own origins; anything else falls back to the site URL. */
  function safeRedirect(candidate: string | undefined): string {
    if (candidate) {
      try {
        if (options.allowedOrigins.includes(new URL(candidate).origin)) return candidate;
      } catch {
        // not a URL
      }
    }
    return options.siteUrl;
  }

  async function issueSession(user: StoredUser, method: string) {
    const session: StoredSession = {
      id: randomUUID(),
      userId: user.id,
      createdAt: new Date().toISOString(),
      aal: 'aal1',
      amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }],
    };
    store.addSession(session);
    return tokensFor(user, session, method);
  }

  async function tokensFor(user: StoredUser, session: StoredSession, method: string) {
    const refreshToken = randomToken();
    store.addRefreshToken({
      token: refreshToken,
      sessionId: session.id,
      used: false,
      createdAt: new Date().toISOString(),
    });
    const { token, expiresAt } = await signer.signAccessToken(user, session, method);
    await store.save();
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: publicUser(user),
    };
  }

  async function sendLink(user: StoredUser, type: OneTimeTokenType, redirectTo: string): Promise<void> {
    const token = randomToken();
    store.addOneTimeToken({
      token,
      userId: user.id,
      type,
      expiresAt: new Date(Date.now() + ONE_TIME_TOKEN_TTL_MS).toISOString(),
    });
    const now = new Date().toISOString();
    if (type === 'signup') user.confirmationSentAt = now;
    else user.recoverySentAt = now;
    await store.save();
    const link = `${options.publicUrl()}/auth/v1/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`;
    const mail =
      type === 'signup'
        ? { subject: 'Confirm your sign-up', intro: 'Follow this link to confirm your e-mail address:' }
        : {
            subject: 'Reset your password',
            intro: 'Follow this link to reset the password for your account:',
          };
    // Not awaited: how long the mail server takes must not tell a caller whether the address has an account.
    notify(user, { subject: mail.subject, text: `${mail.intro}\n\n${link}\n` });
  }

  /** Sends a mail without waiting for the mail server; a failure is logged. */
  function notify(user: StoredUser, mail: { subject: string; text: string }): void {
    options.sendMail({ to: user.email, ...mail }).catch((error: unknown) => {
      logger.error({ err: error, to: user.email, subject: mail.subject }, 'auth mail failed');
    });
  }

  async function currentSession(c: Context): Promise<{ user: StoredUser; session: StoredSession }> {
    const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims;
    try {
      claims = await signer.verifyAccessToken(token);
    } catch {
      throw new AuthError(
        403,
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token is expired or invalid',
      );
    }
    const session = store.findSession(claims.session_id);
    const user = store.findUser(claims.sub);
    if (!session || !user || session.userId !== user.id) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, session };
  }

  return {
    options,
    store,
    rounds,
    limits,
    resendInterval,
    dummyHash,
    limit,
    readJson,
    requireCredentials,
    requireValidEmail,
    limitMailsTo,
    checkPasswordStrength,
    safeRedirect,
    issueSession,
    tokensFor,
    sendLink,
    notify,
    currentSession,
  };
}

/** When a confirmation mail was last asked for, per address (a minute apart at least). */
export class MailInterval {
  private readonly last = new Map<string, number>();
  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  secondsLeft(email: string): number {
    const at = this.last.get(email);
    return at === undefined ? 0 : Math.max(0, Math.ceil((at + this.intervalMs - this.now()) / 1000));
  }

  record(email: string): void {
    const now = this.now();
    if (this.last.size > 10_000)
      for (const [key, at] of this.last) if (at + this.intervalMs <= now) this.last.delete(key);
    this.last.set(email, now);
  }
}

export const emailOf = (body: Record<string, unknown>): string =>
  typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The caller's address: from the socket, or behind a trusted proxy the address the proxy appended last to
 * X-Forwarded-For (the entries before it are the caller's own, a fresh rate-limit budget per request), as the API
 * reads it.
 */
function clientAddress(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
