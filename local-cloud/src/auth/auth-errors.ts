// The errors the auth stand-in answers with, in GoTrue's shape ({ code, error_code, msg }).

export type AuthErrorCode =
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

export class AuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 422 | 429,
    readonly code: AuthErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
