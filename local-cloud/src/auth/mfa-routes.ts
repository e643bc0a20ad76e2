import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { StoredFactor, StoredSession, StoredUser } from './auth-store';
import { AuthError } from './auth-errors';
import type { AuthContext } from './auth-context';
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

export const isVerified = (f: StoredFactor) => f.status === 'verified';
export const factorsOf = (user: StoredUser): StoredFactor[] => (user.factors ??= []);

export function requireFactor(user: StoredUser, id: string): StoredFactor {
  const factor = factorsOf(user).find((f) => f.id === id);
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** Multi-factor authentication, as GoTrue's /factors API (supabase-js auth.mfa): TOTP and recovery codes. */
export function registerMfaRoutes(v1: Hono, ctx: AuthContext): void {
  const { options, store, limit, limits, readJson, tokensFor, currentSession } = ctx;

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
}
