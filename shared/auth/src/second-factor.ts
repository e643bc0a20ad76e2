import { getSupabaseAuth } from './auth-service';

/**
 * Two-factor sign-in through supabase-js's MFA API (GoTrue's /factors): the login's code step and the account
 * security screen. Loaded on demand (loadSecondFactor), so no other page pays for it.
 */

/** How entering a code ended: signed in (aal2), a wrong code, too many wrong ones, or the service failed. */
export type CodeResult = 'signed-in' | 'wrong-code' | 'locked' | 'failed';

interface AuthErrorLike {
  code?: string;
  status?: number;
}

function codeResult(error: AuthErrorLike | null): CodeResult {
  if (!error) return 'signed-in';
  if (error.code === 'mfa_verification_failed' || error.code === 'mfa_challenge_expired') return 'wrong-code';
  if (error.code === 'mfa_recovery_codes_locked' || error.status === 429) return 'locked';
  console.error('Second factor failed', error);
  return 'failed';
}

/** The user's verified TOTP factor, from the session supabase-js keeps. */
async function verifiedTotpId(): Promise<string | null> {
  const auth = await getSupabaseAuth();
  const { data } = await auth.getSession();
  const factor = data.session?.user.factors?.find((f) => f.factor_type === 'totp' && f.status === 'verified');
  return factor?.id ?? null;
}

/** The login's second step: the 6-digit code of the authenticator app. Signs in on success (aal2). */
export async function verifySignInCode(code: string): Promise<CodeResult> {
  try {
    const factorId = await verifiedTotpId();
    if (!factorId) return 'failed';
    const auth = await getSupabaseAuth();
    const { error } = await auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
    return codeResult(error);
  } catch (error) {
    console.error('Second factor failed', error);
    return 'failed';
  }
}

/** A one-time recovery code in place of the authenticator's code. Signs in on success (aal2). */
export async function verifyRecoveryCode(code: string): Promise<CodeResult> {
  try {
    const auth = await getSupabaseAuth();
    const { error } = await auth.mfa.recoveryCodes.verify({ code });
    return codeResult(error);
  } catch (error) {
    console.error('Recovery code failed', error);
    return 'failed';
  }
}

export interface SecondFactorStatus {
  /** The verified TOTP factor, if any. */
  totpFactorId: string | null;
  /** Recovery codes not used yet (null: none were made). */
  recoveryCodesLeft: number | null;
}

export async function secondFactorStatus(): Promise<SecondFactorStatus> {
  const auth = await getSupabaseAuth();
  const { data, error } = await auth.mfa.listFactors();
  if (error) throw error;
  const totp = data.totp[0] ?? null;
  let recoveryCodesLeft: number | null = null;
  if (data.all.some((f) => f.factor_type === 'recovery_code')) {
    const status = await auth.mfa.recoveryCodes.getStatus();
    recoveryCodesLeft = status.data?.remaining ?? null;
  }
  return { totpFactorId: totp?.id ?? null, recoveryCodesLeft };
}

export interface TotpEnrolment {
  factorId: string;
  /** A data: URL of the QR code (an SVG image). */
  qrCode: string;
  /** The secret for typing into the app by hand. */
  secret: string;
  uri: string;
}

/** Starts adding an authenticator app: a QR code and its secret; confirmed by its first code. */
export async function startTotpEnrolment(issuer: string): Promise<TotpEnrolment> {
  const auth = await getSupabaseAuth();
  const { data, error } = await auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Authenticator app',
    issuer,
  });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

/**
 * Confirms the authenticator with its first code (the session becomes aal2 and the user's other sessions end,
 * as GoTrue does), then makes the recovery codes, shown once. Null codes: the code was wrong.
 */
export async function confirmTotpEnrolment(
  factorId: string,
  code: string,
): Promise<{ result: CodeResult; recoveryCodes: string[] | null }> {
  try {
    const auth = await getSupabaseAuth();
    const { error } = await auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
    const result = codeResult(error);
    if (result !== 'signed-in') return { result, recoveryCodes: null };
    return { result, recoveryCodes: await newRecoveryCodes() };
  } catch (error) {
    console.error('Second factor failed', error);
    return { result: 'failed', recoveryCodes: null };
  }
}

/** A new set of recovery codes (the old ones stop working). Needs an aal2 session. */
export async function newRecoveryCodes(): Promise<string[]> {
  const auth = await getSupabaseAuth();
  const existing = await auth.mfa.recoveryCodes.getStatus();
  const { data, error } = existing.error
    ? await auth.mfa.recoveryCodes.generate()
    : await auth.mfa.recoveryCodes.regenerate();
  if (error) throw error;
  return data.codes;
}

/** Turns two-factor sign-in off (needs an aal2 session); the session is refreshed so the user has no factor. */
export async function turnOffSecondFactor(factorId: string): Promise<void> {
  const auth = await getSupabaseAuth();
  const { error } = await auth.mfa.unenroll({ factorId });
  if (error) throw error;
  await auth.refreshSession();
}

/** A recovery code grouped for reading (k4m9-x7qp-2ab8-ht3z). */
export const formatRecoveryCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;
