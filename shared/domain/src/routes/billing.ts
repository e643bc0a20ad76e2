import type {
  BillingDetails,
  BillingOverview,
  BillingReconciliation,
  RevenueReport,
  SavedCard,
} from '../billing';
import type { RouteEntry } from '../route';

/** The client's billing centre and the consultancy's books (issue 35). */
export const BILLING_ROUTES = {
  /** The client's billing centre: billing details, documents, what is coming, the saved card (issue 35). */
  billingOverview: {
    method: 'GET',
    path: '/api/billing',
    access: 'client',
    projectScoped: false,
    feature: 'payments',
    response: {} as BillingOverview,
  },
  updateBillingDetails: {
    method: 'PATCH',
    path: '/api/billing/details',
    access: 'client',
    projectScoped: false,
    feature: 'payments',
    body: 'billingDetailsSchema',
    response: {} as { details: BillingDetails },
  },
  /** An invoice or credit note as a PDF file (application/pdf, named by its number), for its owner or the admin; 404 for anyone else. */
  billingDocumentPdf: {
    method: 'GET',
    path: '/api/billing/documents/:id/pdf',
    access: 'signed-in',
    projectScoped: false,
    feature: 'payments',
    response: {} as never,
  },
  /**
   * Saves the card the browser made into a PaymentMethod through a SetupIntent (confirmed by the server for
   * off-session use), replacing the one before; active subscriptions on the same customer renew with it.
   */
  saveCard: {
    method: 'POST',
    path: '/api/billing/card',
    access: 'client',
    projectScoped: false,
    feature: 'payments',
    body: 'saveCardSchema',
    response: {} as { savedCard: SavedCard },
  },
  /** `?month=YYYY-MM` (UTC): a month's revenue, its breakdown, MRR and the 12 months up to it. */
  revenueReport: {
    method: 'GET',
    path: '/api/revenue-report',
    access: 'admin',
    projectScoped: false,
    feature: 'payments',
    query: 'monthlyRevenueQuerySchema',
    response: {} as RevenueReport,
  },
  /** The ledger of a month as CSV (every payment and refund with its document number). */
  ledgerExport: {
    method: 'GET',
    path: '/api/ledger-export',
    access: 'admin',
    projectScoped: false,
    feature: 'payments',
    query: 'monthlyRevenueQuerySchema',
    response: {} as { fileName: string; csv: string },
  },
  /** The month's ledger against Stripe's charges, refunds and paid invoices (the reconcile command's report). */
  billingReconciliation: {
    method: 'GET',
    path: '/api/billing-reconciliation',
    access: 'admin',
    projectScoped: false,
    feature: 'payments',
    query: 'monthlyRevenueQuerySchema',
    response: {} as BillingReconciliation,
  },
} as const satisfies Record<string, RouteEntry>;
