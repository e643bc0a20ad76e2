import type { AuthUser } from '@agency/auth';

/** First name, last name and e-mail of the signed-in user, to prefill the checkout forms. */
export function customerPrefill(
  user: AuthUser | null,
): { firstName: string; lastName: string; email: string } | undefined {
  if (!user) return undefined;
  const [firstName = '', ...rest] = (user.fullName ?? '').trim().split(/\s+/);
  return { firstName, lastName: rest.join(' '), email: user.email ?? '' };
}
