import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { getConnInfo } from '@hono/node-server/conninfo';
import { rateLimiter } from 'hono-rate-limiter';
import type { Logger } from 'pino';
import {
  AUTH_MAIL_PER_RECIPIENT,
  AUTH_RESEND_INTERVAL_MS,
  isEmailAddress,
  MAX_REQUEST_BODY_BYTES,
  MIN_PASSWORD_LENGTH,
  RATE_LIMITS,
  VALIDATION,
  type RateLimit,
} from '@agency/domain';
import type { AuthStore, OneTimeTokenType, StoredFactor, StoredSession, StoredUser } from './auth-store';
import { ACCESS_TOKEN_TTL_SECONDS, publicUser, randomToken, type TokenSigner } from './auth-tokens';
import {
  hashRecoveryCode,
  isValidTotp,
  MFA_CHALLENGE_TTL_MS,
  MFA_MAX_VERIFIED_FACTORS,
  newRecoveryCodes,
  newTotpSecret,
  RECOVERY_CODE_LOCK_MS,
  RECOVERY_CODE_MAX_FAILURES,
  totpQrCode,
} from './auth-mfa';
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
const API_VERSION = '2024-01-01';

type AuthErrorCode =
  | 'validation_failed'
  | 'weak_password'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'email_exists'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'session_not_found'
  | 'bad_jwt'
  | 'no_authorization'
  | 'not_admin'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'unsupported_grant_type'
  | 'bad_json'
  | 'insufficient_aal'
  | 'mfa_factor_not_found'
  | 'mfa_factor_name_conflict'
  | 'mfa_challenge_expired'
  | 'mfa_verification_failed'
  | 'mfa_verified_factor_exists'
  | 'mfa_recovery_codes_sole_factor'
  | 'mfa_recovery_codes_locked'
  | 'too_many_enrolled_mfa_factors'
  | 'user_not_found';

class AuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 422 | 429,
    readonly code: AuthErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * A GoTrue-compatible auth service for running offline: the real @supabase/supabase-js signs up, confirms by
 * mail, signs in, refreshes, reads and updates the user, signs out and recovers passwords against it.
 */
export function createAuthService(options: AuthServiceOptions): Hono {
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
  const app = new Hono();

  app.use(
    '*',
    cors({
      origin: (origin) => (options.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['x-supabase-api-version'],
      credentials: true,
      maxAge: 600,
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    c.header('x-supabase-api-version', API_VERSION);
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_REQUEST_BODY_BYTES,
      onError: (c) => c.json({ code: 'validation_failed', msg: 'Request body too large' }, 413),
    }),
  );

  app.onError((error, c) => {
    if (error instanceof AuthError) {
      return c.json(
        { code: error.code, error_code: error.code, msg: error.message, ...error.extra },
        error.status,
      );
    }
    logger.error({ err: error }, 'auth service error');
    return c.json({ code: 'unexpected_failure', msg: 'Unexpected failure' }, 500);
  });

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

  const v1 = new Hono();

  v1.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'Offline GoTrue-compatible auth' }),
  );

  v1.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  v1.post('/signup', limit(limits.signUp), async (c) => {
    const body = await readJson(c);
    const { email, password } = requireCredentials(body);
    requireValidEmail(email);
    checkPasswordStrength(password);
    limitMailsTo(email);
    resendInterval.record(email);
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    const metadata = isRecord(body.data) ? body.data : {};
    // Hashed whether or not it is kept, so every branch takes as long.
    const passwordHash = await bcrypt.hash(password, rounds);
    const now = new Date().toISOString();
    const existing = store.findUserByEmail(email);
    if (existing) {
      // The account keeps its first password and name, as on hosted Supabase; an unconfirmed one gets its
      // confirmation again. The answer is GoTrue's for an existing user: a made-up user with no identities,
      // the same whether or not the address was confirmed.
      if (!existing.emailConfirmedAt) await sendLink(existing, 'signup', redirectTo);
      const madeUp: StoredUser = {
        ...existing,
        id: randomUUID(),
        emailConfirmedAt: null,
        confirmationSentAt: now,
        recoverySentAt: null,
        lastSignInAt: null,
        userMetadata: metadata,
        createdAt: now,
        updatedAt: now,
      };
      return c.json({ ...publicUser(madeUp), identities: [] });
    }
    const user: StoredUser = {
      id: randomUUID(),
      email,
      passwordHash,
      emailConfirmedAt: null,
      confirmationSentAt: null,
      recoverySentAt: null,
      lastSignInAt: null,
      userMetadata: metadata,
      createdAt: now,
      updatedAt: now,
    };
    store.addUser(user);
    await sendLink(user, 'signup', redirectTo);
    return c.json(publicUser(user));
  });

  const signInLimit = limit(limits.signIn);
  v1.post(
    '/token',
    (c, next) => (c.req.query('grant_type') === 'password' ? signInLimit(c, next) : next()),
    async (c) => {
      const grantType = c.req.query('grant_type');
      if (grantType === 'password') return passwordGrant(c);
      if (grantType === 'refresh_token') return refreshGrant(c);
      throw new AuthError(400, 'unsupported_grant_type', 'Unsupported grant type');
    },
  );

  async function passwordGrant(c: Context) {
    const { email, password } = requireCredentials(await readJson(c));
    const user = store.findUserByEmail(email);
    const matches = await bcrypt.compare(password, user?.passwordHash ?? (await dummyHash));
    if (!user || !matches) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    if (!user.emailConfirmedAt) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    user.lastSignInAt = new Date().toISOString();
    return c.json(await issueSession(user, 'password'));
  }

  async function refreshGrant(c: Context) {
    const body = await readJson(c);
    const presented = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    const stored = presented ? store.findRefreshToken(presented) : undefined;
    if (!stored)
      throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const session = store.findSession(stored.sessionId);
    if (stored.used || !session) {
      // A replayed refresh token means it leaked: end the whole session.
      store.removeSessions((s) => s.id === stored.sessionId);
      await store.save();
      throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    const user = store.findUser(session.userId);
    if (!user)
      throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    stored.used = true;
    return c.json(await tokensFor(user, session, 'token_refresh'));
  }

  v1.get('/user', async (c) => {
    const { user } = await currentSession(c);
    return c.json(publicUser(user));
  });

  v1.put('/user', async (c) => {
    const { user, session } = await currentSession(c);
    const body = await readJson(c);
    const passwordChanged = typeof body.password === 'string';
    if (typeof body.password === 'string') {
      checkPasswordStrength(body.password);
      user.passwordHash = await bcrypt.hash(body.password, rounds);
      // As GoTrue does: a new password ends every other session of the user; the caller's goes on.
      store.removeSessions((s) => s.userId === user.id && s.id !== session.id);
    }
    if (isRecord(body.data)) user.userMetadata = { ...user.userMetadata, ...body.data };
    user.updatedAt = new Date().toISOString();
    await store.save();
    // GoTrue's "password changed" security notification: whether a reset link or the signed-in user changed it.
    if (passwordChanged) notify(user, PASSWORD_CHANGED_MAIL(user.email, options.siteUrl));
    return c.json(publicUser(user));
  });

  v1.post('/logout', async (c) => {
    const { user, session } = await currentSession(c);
    const scope = c.req.query('scope') ?? 'global';
    if (scope === 'local') store.removeSessions((s) => s.id === session.id);
    else if (scope === 'others') store.removeSessions((s) => s.userId === user.id && s.id !== session.id);
    else store.removeSessions((s) => s.userId === user.id);
    await store.save();
    return c.body(null, 204);
  });

  v1.post('/recover', limit(limits.recover), async (c) => {
    const body = await readJson(c);
    const email = emailOf(body);
    if (!email) throw new AuthError(400, 'validation_failed', VALIDATION.auth.forgotEmailRequired);
    requireValidEmail(email);
    limitMailsTo(email);
    const user = store.findUserByEmail(email);
    // Same answer whether or not the address has an account.
    if (user) await sendLink(user, 'recovery', safeRedirect(c.req.query('redirect_to')));
    return c.json({});
  });

  // GoTrue's resend (supabase-js auth.resend): the sign-up confirmation again. Unknown and confirmed addresses
  // get the same answer with no mail; one mail a minute per address, whoever asks.
  v1.post('/resend', limit(limits.recover), async (c) => {
    const body = await readJson(c);
    const email = emailOf(body);
    if (!email) throw new AuthError(400, 'validation_failed', VALIDATION.auth.forgotEmailRequired);
    requireValidEmail(email);
    if (body.type !== 'signup')
      throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup');
    const wait = resendInterval.secondsLeft(email);
    if (wait > 0)
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      );
    limitMailsTo(email);
    resendInterval.record(email);
    const user = store.findUserByEmail(email);
    if (user && !user.emailConfirmedAt)
      await sendLink(user, 'signup', safeRedirect(c.req.query('redirect_to')));
    return c.json({});
  });

  v1.get('/verify', async (c) => {
    const type = c.req.query('type');
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    const token = c.req.query('token') ?? '';
    const found = type === 'signup' || type === 'recovery' ? store.takeOneTimeToken(token, type) : undefined;
    const user = found && store.findUser(found.userId);
    if (!found || !user) {
      await store.save();
      const error = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
      return c.redirect(`${redirectTo}#${error}`, 303);
    }
    if (!user.emailConfirmedAt) user.emailConfirmedAt = new Date().toISOString();
    user.lastSignInAt = new Date().toISOString();
    const session = await issueSession(user, found.type === 'signup' ? 'otp' : 'recovery');
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type: found.type,
    });
    return c.redirect(`${redirectTo}#${fragment}`, 303);
  });

  // ── Multi-factor authentication, as GoTrue's /factors API (supabase-js auth.mfa) ─────────────────────────
  const isVerified = (f: StoredFactor) => f.status === 'verified';
  const factorsOf = (user: StoredUser): StoredFactor[] => (user.factors ??= []);

  function requireFactor(user: StoredUser, id: string): StoredFactor {
    const factor = factorsOf(user).find((f) => f.id === id);
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  }

  /** A session that already proved a second factor, where the user has one (GoTrue's AAL2 checks). */
  function requireAal2(user: StoredUser, session: StoredSession, what: string): void {
    if (factorsOf(user).some(isVerified) && session.aal !== 'aal2')
      throw new AuthError(403, 'insufficient_aal', `AAL2 required to ${what}`);
  }

  /**
   * The session proved a second factor: aal2 from now on, with the method in its `amr`, and as GoTrue does, the
   * user's other aal1 sessions end. Answers a new token pair for the same session.
   */
  async function upgradeSession(user: StoredUser, session: StoredSession, method: string) {
    session.aal = 'aal2';
    session.amr = [
      ...(session.amr ?? []).filter((m) => m.method !== method),
      { method, timestamp: Math.floor(Date.now() / 1000) },
    ];
    store.removeSessions((s) => s.userId === user.id && s.id !== session.id && s.aal !== 'aal2');
    return tokensFor(user, session, method);
  }

  const mfaLimit = limit(limits.signIn);

  v1.post('/factors', async (c) => {
    const { user, session } = await currentSession(c);
    const body = await readJson(c);
    if (body.factor_type !== 'totp')
      throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp');
    requireAal2(user, session, 'enroll a new factor');
    const factors = factorsOf(user);
    if (factors.filter(isVerified).length >= MFA_MAX_VERIFIED_FACTORS)
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name.trim() : '';
    if (friendlyName && factors.some((f) => f.friendlyName === friendlyName))
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    const issuer =
      typeof body.issuer === 'string' && body.issuer.trim()
        ? body.issuer.trim()
        : new URL(options.siteUrl).host;
    const { secret, uri } = newTotpSecret(issuer, user.email);
    const now = new Date().toISOString();
    // An enrolment never finished is of no use: a new one replaces it.
    user.factors = factors.filter((f) => isVerified(f));
    const factor: StoredFactor = {
      id: randomUUID(),
      friendlyName,
      factorType: 'totp',
      status: 'unverified',
      secret,
      createdAt: now,
      updatedAt: now,
    };
    user.factors.push(factor);
    await store.save();
    return c.json({
      id: factor.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: await totpQrCode(uri), secret, uri },
    });
  });

  // Recovery codes: GoTrue's recovery_code factor (supabase-js auth.mfa.recoveryCodes). Declared before the
  // /factors/:id routes so that "recovery-codes" is not read as a factor id.
  const recoveryFactorOf = (user: StoredUser) =>
    factorsOf(user).find((f) => f.factorType === 'recovery_code');

  async function issueRecoveryCodes(user: StoredUser, factor: StoredFactor) {
    const codes = newRecoveryCodes();
    factor.codes = codes.map((code) => ({ hash: hashRecoveryCode(code), usedAt: null }));
    factor.failedAttempts = 0;
    factor.lockedUntil = null;
    factor.updatedAt = new Date().toISOString();
    user.updatedAt = factor.updatedAt;
    await store.save();
    return {
      id: factor.id,
      type: 'recovery_code',
      friendly_name: factor.friendlyName,
      total: codes.length,
      codes,
    };
  }

  v1.get('/factors/recovery-codes', async (c) => {
    const { user } = await currentSession(c);
    const factor = recoveryFactorOf(user);
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Recovery codes not found');
    const codes = factor.codes ?? [];
    return c.json({
      id: factor.id,
      type: 'recovery_code',
      total: codes.length,
      remaining: codes.filter((code) => !code.usedAt).length,
    });
  });

  v1.post('/factors/recovery-codes', async (c) => {
    const { user, session } = await currentSession(c);
    const body = await readJson(c);
    const others = factorsOf(user).filter((f) => f.factorType !== 'recovery_code' && isVerified(f));
    if (others.length === 0)
      throw new AuthError(
        422,
        'mfa_recovery_codes_sole_factor',
        'Recovery codes cannot be the only factor: verify another factor first',
      );
    if (session.aal !== 'aal2')
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to generate recovery codes');
    if (recoveryFactorOf(user))
      throw new AuthError(
        422,
        'mfa_verified_factor_exists',
        'Recovery codes already exist: regenerate them instead',
      );
    const now = new Date().toISOString();
    const factor: StoredFactor = {
      id: randomUUID(),
      friendlyName:
        typeof body.friendly_name === 'string' && body.friendly_name.trim()
          ? body.friendly_name.trim()
          : 'Recovery codes',
      factorType: 'recovery_code',
      status: 'verified',
      createdAt: now,
      updatedAt: now,
    };
    factorsOf(user).push(factor);
    return c.json(await issueRecoveryCodes(user, factor));
  });

  v1.post('/factors/recovery-codes/regenerate', async (c) => {
    const { user, session } = await currentSession(c);
    if (session.aal !== 'aal2')
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to regenerate recovery codes');
    const factor = recoveryFactorOf(user);
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Recovery codes not found');
    return c.json(await issueRecoveryCodes(user, factor));
  });

  v1.delete('/factors/recovery-codes', async (c) => {
    const { user, session } = await currentSession(c);
    if (session.aal !== 'aal2')
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to unenroll recovery codes');
    const factor = recoveryFactorOf(user);
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Recovery codes not found');
    user.factors = factorsOf(user).filter((f) => f !== factor);
    await store.save();
    return c.json({ id: factor.id });
  });

  v1.post('/factors/recovery-codes/verify', mfaLimit, async (c) => {
    const { user, session } = await currentSession(c);
    const body = await readJson(c);
    const factor = recoveryFactorOf(user);
    const wrong = () => new AuthError(422, 'mfa_verification_failed', 'Invalid recovery code entered');
    if (!factor) throw wrong();
    if (factor.lockedUntil && Date.parse(factor.lockedUntil) > Date.now())
      throw new AuthError(
        429,
        'mfa_recovery_codes_locked',
        'Too many failed attempts: recovery codes are locked for a while',
      );
    const hash = typeof body.code === 'string' ? hashRecoveryCode(body.code) : '';
    const code = factor.codes?.find((candidate) => candidate.hash === hash && !candidate.usedAt);
    if (!code) {
      factor.failedAttempts = (factor.failedAttempts ?? 0) + 1;
      if (factor.failedAttempts >= RECOVERY_CODE_MAX_FAILURES) {
        factor.lockedUntil = new Date(Date.now() + RECOVERY_CODE_LOCK_MS).toISOString();
        factor.failedAttempts = 0;
      }
      await store.save();
      throw wrong();
    }
    code.usedAt = new Date().toISOString();
    factor.failedAttempts = 0;
    return c.json(await upgradeSession(user, session, 'mfa/recovery_code'));
  });

  v1.post('/factors/:id/challenge', mfaLimit, async (c) => {
    const { user } = await currentSession(c);
    const factor = requireFactor(user, c.req.param('id'));
    if (factor.factorType !== 'totp') throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    const createdAt = new Date();
    const challenge = { id: randomUUID(), factorId: factor.id, createdAt: createdAt.toISOString() };
    store.addChallenge(challenge);
    await store.save();
    return c.json({
      id: challenge.id,
      type: 'totp',
      expires_at: Math.floor((createdAt.getTime() + MFA_CHALLENGE_TTL_MS) / 1000),
    });
  });

  v1.post('/factors/:id/verify', mfaLimit, async (c) => {
    const { user, session } = await currentSession(c);
    const factor = requireFactor(user, c.req.param('id'));
    const body = await readJson(c);
    const challenge =
      typeof body.challenge_id === 'string' ? store.findChallenge(body.challenge_id) : undefined;
    if (!challenge || challenge.factorId !== factor.id)
      throw new AuthError(404, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (Date.parse(challenge.createdAt) + MFA_CHALLENGE_TTL_MS < Date.now()) {
      store.removeChallenges((ch) => ch.id === challenge.id);
      await store.save();
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!factor.secret || !(await isValidTotp(factor.secret, code)))
      throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    store.removeChallenges((ch) => ch.id === challenge.id);
    if (!isVerified(factor)) {
      factor.status = 'verified';
      factor.updatedAt = new Date().toISOString();
    }
    return c.json(await upgradeSession(user, session, 'totp'));
  });

  v1.delete('/factors/:id', async (c) => {
    const { user, session } = await currentSession(c);
    const factor = requireFactor(user, c.req.param('id'));
    if (isVerified(factor)) requireAal2(user, session, 'unenroll a verified factor');
    user.factors = factorsOf(user).filter((f) => f !== factor);
    // Recovery codes are never the only factor: they go with the last one they back up.
    if (!user.factors.some((f) => f.factorType !== 'recovery_code' && isVerified(f)))
      user.factors = user.factors.filter((f) => f.factorType !== 'recovery_code');
    user.updatedAt = new Date().toISOString();
    await store.save();
    return c.json({ id: factor.id });
  });

  const requireServiceRole: MiddlewareHandler = async (c, next) => {
    const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token || !(await signer.isServiceRoleKey(token)))
      throw new AuthError(403, 'not_admin', 'User not allowed');
    await next();
  };

  v1.post('/admin/users', requireServiceRole, async (c) => {
    const body = await readJson(c);
    const { email, password } = requireCredentials(body);
    requireValidEmail(email);
    checkPasswordStrength(password);
    if (store.findUserByEmail(email)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    const now = new Date().toISOString();
    const user: StoredUser = {
      id: randomUUID(),
      email,
      passwordHash: await bcrypt.hash(password, rounds),
      emailConfirmedAt: body.email_confirm === true ? now : null,
      confirmationSentAt: null,
      recoverySentAt: null,
      lastSignInAt: null,
      userMetadata: isRecord(body.user_metadata) ? body.user_metadata : {},
      createdAt: now,
      updatedAt: now,
    };
    store.addUser(user);
    await store.save();
    return c.json(publicUser(user));
  });

  v1.get('/admin/users', requireServiceRole, (c) => {
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(c.req.query('per_page') ?? 50) || 50));
    const users = store.users.slice((page - 1) * perPage, page * perPage).map(publicUser);
    return c.json({ aud: 'authenticated', users, total: store.users.length });
  });

  v1.get('/admin/users/:id', requireServiceRole, (c) => {
    const user = store.findUser(c.req.param('id'));
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return c.json(publicUser(user));
  });

  // GoTrue's admin API: removes a user's factor (an admin resetting someone's lost authenticator).
  v1.delete('/admin/users/:id/factors/:factorId', requireServiceRole, async (c) => {
    const user = store.findUser(c.req.param('id'));
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    const factor = requireFactor(user, c.req.param('factorId'));
    user.factors = factorsOf(user).filter((f) => f !== factor);
    await store.save();
    return c.json({ id: factor.id });
  });

  app.route('/auth/v1', v1);
  app.notFound((c) => c.json({ code: 'not_found', msg: 'Not found' }, 404));
  return app;
}

const PASSWORD_CHANGED_MAIL = (email: string, siteUrl: string) => ({
  subject: 'Your password was changed',
  text:
    `The password of your account ${email} was just changed, and every other device signed in to it was ` +
    `signed out.\n\nIf this was you, there is nothing more to do.\nIf it was not, reset your password now at ` +
    `${siteUrl}/login ("Forgot your password?") and reply to this e-mail.\n`,
});

/** When a confirmation mail was last asked for, per address (a minute apart at least). */
class MailInterval {
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

const emailOf = (body: Record<string, unknown>): string =>
  typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';

function isRecord(value: unknown): value is Record<string, unknown> {
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
