import type { SecondFactorState } from '../../http/app-env';
import type { VerifiedAccessToken } from '../../http/access-token';

export interface SecondFactorPolicy {
  /**
   * Days an admin without a verified second factor may still use admin routes, counted from when the auth
   * service created the account (or from `graceFrom`, when later). null: not required (outside production).
   */
  graceDays: number | null;
  /** When the requirement was switched on (ADMIN_MFA_GRACE_FROM): existing admins get their grace from then. */
  graceFrom: Date | null;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Two-factor sign-in for the admin: a session that proved a second factor (aal2) may do anything; an admin who
 * has one must prove it first; an admin without one may go on until the grace period ends (production).
 * Unknown facts (the auth service could not be asked) do not lock the admin out.
 */
export function adminSecondFactor(
  claims: Pick<VerifiedAccessToken, 'aal' | 'verifiedFactor' | 'userCreatedAt'>,
  policy: SecondFactorPolicy,
  now: number = Date.now(),
): SecondFactorState {
  if (claims.aal === 'aal2') return 'ok';
  if (claims.verifiedFactor === true) return 'code-needed';
  if (claims.verifiedFactor !== false || policy.graceDays === null) return 'ok';
  const created = claims.userCreatedAt ? Date.parse(claims.userCreatedAt) : NaN;
  const from = Math.max(Number.isNaN(created) ? 0 : created, policy.graceFrom?.getTime() ?? 0);
  return now > from + policy.graceDays * DAY_MS ? 'setup-needed' : 'ok';
}
