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
  createProject: { windowMs: 15 * 60_000, limit: 20 },
  paymentIntent: { windowMs: 15 * 60_000, limit: 20 },
  /** The browser polls a purchase's status for a few seconds after paying. */
  purchaseStatus: { windowMs: 60_000, limit: 120 },
  /** Remote health reports (issue 37): a tab sends at most one per page view (20 per tab); an office behind one address more. */
  remoteHealth: { windowMs: 60_000, limit: 120 },
} as const satisfies Record<string, RateLimit>;

/** Per e-mail address, whatever the client address: purchase intents opened for one buyer. */
export const PAYMENT_INTENTS_PER_EMAIL: RateLimit = { windowMs: 60 * 60_000, limit: 10 };

/** Per recipient address, whoever asks: sign-up confirmations and password resets sent to one address. */
export const AUTH_MAIL_PER_RECIPIENT: RateLimit = { windowMs: 60 * 60_000, limit: 5 };

/**
 * Per address, whoever asks: a sign-up confirmation is mailed again at most once a minute (hosted Supabase's
 * "minimum interval between e-mails", answered 429 `over_email_send_rate_limit`).
 */
export const AUTH_RESEND_INTERVAL_MS = 60_000;
