/** Limits the server enforces on requests (one home for the numbers). */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;

export interface RateLimit {
  windowMs: number;
  limit: number;
}

/** Per client address. */
export const RATE_LIMITS = {
  contactForm: { windowMs: 15 * 60_000, limit: 10 },
  consultationRequest: { windowMs: 15 * 60_000, limit: 10 },
  authSignUp: { windowMs: 5 * 60_000, limit: 30 },
  authSignIn: { windowMs: 5 * 60_000, limit: 120 },
  authRecover: { windowMs: 5 * 60_000, limit: 30 },
} as const satisfies Record<string, RateLimit>;

/** Per recipient address, whoever asks: sign-up confirmations and password resets sent to one address. */
export const AUTH_MAIL_PER_RECIPIENT: RateLimit = { windowMs: 60 * 60_000, limit: 5 };
