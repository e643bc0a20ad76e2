import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Context, Hono } from 'hono';
import { VALIDATION } from '@agency/domain';
import type { StoredUser } from './auth-store';
import { publicUser } from './auth-tokens';
import { AuthError } from './auth-errors';
import { emailOf, isRecord, type AuthContext } from './auth-context';

/** GoTrue's account routes: sign up, sign in and refresh, the user, sign out, password reset, resend, verify. */
export function registerAccountRoutes(v1: Hono, ctx: AuthContext): void {
  const {
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
  } = ctx;

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
}

const PASSWORD_CHANGED_MAIL = (email: string, siteUrl: string) => ({
  subject: 'Your password was changed',
  text:
    `The password of your account ${email} was just changed, and every other device signed in to it was ` +
    `signed out.\n\nIf this was you, there is nothing more to do.\nIf it was not, reset your password now at ` +
    `${siteUrl}/login ("Forgot your password?") and reply to this e-mail.\n`,
});
