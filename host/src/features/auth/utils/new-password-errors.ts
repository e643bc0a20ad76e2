import { AUTH_VALIDATION, MIN_PASSWORD_LENGTH } from '@agency/domain';

export interface NewPassword {
  password: string;
  confirmPassword: string;
}

/**
 * The new-password rules of sign-up and password reset (spec section 5), once every required field is
 * filled: the confirmation matches, then the password is long enough. One message, on the field it is about.
 */
export function newPasswordErrors({
  password,
  confirmPassword,
}: NewPassword): Partial<Record<keyof NewPassword, string>> {
  if (password !== confirmPassword) return { confirmPassword: AUTH_VALIDATION.passwordsDoNotMatch };
  if (password.length < MIN_PASSWORD_LENGTH) return { password: AUTH_VALIDATION.passwordTooShort };
  return {};
}
