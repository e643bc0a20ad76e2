import type { RateLimit } from '@agency/domain';
import type { SellerDetails } from './documents/billing-document-pdf';

/**
 * The deployment's settings that features and the money module read (config.ts reads them from the environment;
 * the app's AppConfig in app-deps.ts is these and the app's own). Outside features/ so that any of them may read it.
 */
export interface Settings {
  publicSiteUrl: string;
  contactInbox: string;
  allowedOrigins: string[];
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  rateLimits: {
    contactForm: RateLimit;
    consultationRequest: RateLimit;
    createProject: RateLimit;
    paymentIntent: RateLimit;
    paymentIntentPerEmail: RateLimit;
    purchaseStatus: RateLimit;
  };
  maxBodyBytes: number;
  /** How long the request that claimed a money operation has to finish it before a recovery job takes over. */
  moneyOperationLeaseSeconds: number;
  /** The consultancy as its invoices and credit notes name it; unset: DEFAULT_SELLER (local). */
  seller?: SellerDetails;
}
