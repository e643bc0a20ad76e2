import { string, type InferType } from 'yup';
import { invalidCharacters } from './messages/validation';
import { API_MESSAGES } from './messages/api-messages';
import { multiLineText, requestObject, singleLineText } from './schemas/request-object';

/**
 * The billing centre (issue 35): the client's billing details, the invoices and credit notes issued for their
 * payments and refunds, what is coming, and the card kept on file. Texts, shapes and the details' rules live here
 * once; the API validates the same schema the form does.
 */

export const BILLING_API_MESSAGES = {
  documentNotFound: 'Document not found',
  noSavedCard: 'No card is saved. Enter a card to pay.',
  savedCardElsewhere: 'Your saved card is not on this subscription. Enter the card to pay with.',
} as const;

export const BILLING_LIMITS = { name: 200, company: 200, address: 500, taxId: 40 } as const;

export const BILLING_DETAILS_MESSAGES = {
  nameRequired: 'Enter the name to bill',
  nameTooLong: `The name can be at most ${BILLING_LIMITS.name} characters`,
  companyTooLong: `The company can be at most ${BILLING_LIMITS.company} characters`,
  addressRequired: 'Enter the billing address',
  addressTooLong: `The address can be at most ${BILLING_LIMITS.address} characters`,
  taxIdInvalid: 'A tax id has 2 to 40 letters, digits, spaces, dots, dashes or slashes',
} as const;

const bm = BILLING_DETAILS_MESSAGES;
/** Letters, digits and the separators tax ids use (EU VAT, US EIN, ABN, GST numbers). */
const TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,38}[A-Za-z0-9]$/;
const notBlank = (v: string | undefined | null) => v == null || v.trim().length > 0;

/** PUT /api/billing/details: who the invoices are made out to. Empty company or tax id means none. */
export const billingDetailsSchema = requestObject({
  name: singleLineText(invalidCharacters('Name'))
    .required(bm.nameRequired)
    .test('not-blank', bm.nameRequired, notBlank)
    .max(BILLING_LIMITS.name, bm.nameTooLong),
  company: singleLineText(invalidCharacters('Company'))
    .nullable()
    .optional()
    .max(BILLING_LIMITS.company, bm.companyTooLong),
  address: multiLineText(invalidCharacters('Address'))
    .required(bm.addressRequired)
    .test('not-blank', bm.addressRequired, notBlank)
    .max(BILLING_LIMITS.address, bm.addressTooLong),
  taxId: string()
    .nullable()
    .optional()
    .test('tax-id', bm.taxIdInvalid, (v) => v == null || v.trim() === '' || TAX_ID.test(v.trim())),
});
export type BillingDetailsRequest = InferType<typeof billingDetailsSchema>;

/** POST /api/billing/card: the PaymentMethod the browser made of the card typed. */
export const saveCardSchema = requestObject({
  paymentMethodId: singleLineText(invalidCharacters('Payment method'))
    .required(API_MESSAGES.invalidValue)
    .max(255),
});

/**
 * `paymentMethodId` of the final payment, the penalty or an open invoice that asks for the saved card instead
 * of one typed now: the server takes the client's own saved card (never an id from the browser).
 */
export const SAVED_CARD = 'saved_card';
export type SaveCardRequest = InferType<typeof saveCardSchema>;

export interface BillingDetails {
  name: string;
  company: string | null;
  address: string;
  taxId: string | null;
}

export type BillingDocumentKind = 'invoice' | 'credit_note';

/** One issued document as the Billing page lists it (money in dollars). */
export interface BillingDocumentSummary {
  id: string;
  kind: BillingDocumentKind;
  number: string;
  issuedAt: string;
  amount: number;
  projectTitle: string | null;
  /** For a credit note: the invoice it corrects. */
  invoiceNumber: string | null;
  cardLast4: string | null;
}

/** What is coming for one project: a subscription's next charge, or a fixed-price project's balance. */
export interface UpcomingCharge {
  projectId: string;
  projectTitle: string;
  kind: 'subscription' | 'balance';
  /** Subscription: when Stripe charges next (null once cancelled). */
  nextChargeAt: string | null;
  /** Dollars: the next charge, or the balance due. */
  amount: number;
  /** Tier 4: when the minimum term ends (no penalty from then on). */
  minimumTermEndsAt: string | null;
  /** The balance is the final payment, due now (the project waits for it). */
  finalPaymentDue: boolean;
}

export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  /** The Stripe PaymentMethod, to pay with it instead of typing a card. */
  paymentMethodId: string;
}

export interface BillingOverview {
  details: BillingDetails | null;
  documents: BillingDocumentSummary[];
  upcoming: UpcomingCharge[];
  savedCard: SavedCard | null;
}

export const BILLING_DOCUMENT_LABELS: Record<BillingDocumentKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

/** Series prefixes: INV-2026-0001, CN-2026-0001. */
export const BILLING_DOCUMENT_SERIES: Record<BillingDocumentKind, string> = {
  invoice: 'INV',
  credit_note: 'CN',
};

export const BILLING_TEXT = {
  open: 'Billing',
  title: 'Billing',
  back: 'Back to projects',
  detailsHeading: 'Billing details',
  detailsHint: 'Your invoices are made out to these details.',
  fields: { name: 'Name', company: 'Company (optional)', address: 'Address', taxId: 'Tax id (optional)' },
  save: 'Save billing details',
  saving: 'Saving...',
  saved: 'Billing details saved',
  noDetails: 'No billing details yet: invoices show the name and e-mail of your account.',
  documentsHeading: 'Invoices and credit notes',
  documentsCaption: 'Your invoices and credit notes',
  noDocuments: 'No invoices yet.',
  columns: {
    number: 'Number',
    kind: 'Type',
    date: 'Date',
    project: 'Project',
    amount: 'Amount',
    download: 'PDF',
  },
  download: (number: string) => `Download ${number} (PDF)`,
  correcting: (invoice: string) => `corrects ${invoice}`,
  upcomingHeading: 'What is coming',
  noUpcoming: 'Nothing is due.',
  nextCharge: 'Next charge',
  balanceDue: 'Balance due',
  minimumTermEnds: 'Minimum term ends',
  cardHeading: 'Saved card',
  noCard: 'No card saved. Save one to pay the final payment or a penalty without typing it again.',
  saveCard: 'Save a card',
  replaceCard: 'Replace card',
  cardSaved: 'Card saved',
  cardOnFile: (brand: string, last4: string) => `${brand} ending in ${last4}`,
  useNewCard: 'Use another card',
  payFinal: (amount: string) => `Pay ${amount} with my saved card`,
  paying: 'Paying...',
  finalPaid: 'Final payment received. Thank you!',
  payFailed: "We couldn't take the payment.",
  minimumTermNone: 'None',
  loading: 'Loading billing...',
  loadFailed: "We couldn't load your billing.",
  retry: 'Try again',
  cancel: 'Cancel',
  downloadFailed: "We couldn't download the document.",
  /** The card dialogs (final payment, failed renewal): the saved card, or one typed now. */
  payWithLegend: 'Pay with',
  payWithTheSavedCard: (brand: string, last4: string) =>
    `Pay with the saved card (${cardBrandName(brand)} •••• ${last4})`,
  payWithNewCard: 'A new card',
} as const;

const CARD_BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** A card brand as Stripe names it ("visa") the way a person does ("Visa"). */
export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** The revenue breakdown's lines, in the order the admin sees them. */
export const REVENUE_LINES = ['deposit', 'final', 'subscription', 'penalty', 'refund'] as const;
export type RevenueLine = (typeof REVENUE_LINES)[number];

export const REVENUE_LINE_LABELS: Record<RevenueLine, string> = {
  deposit: 'Deposits',
  final: 'Final payments',
  subscription: 'Subscriptions',
  penalty: 'Penalties',
  refund: 'Refunds',
};

/** GET /api/revenue-report: a month's revenue with its breakdown, MRR and the 12 months up to it (dollars). */
export interface RevenueReport {
  month: string;
  /** "November 2026". */
  periodLabel: string;
  revenue: number;
  breakdown: Record<RevenueLine, number>;
  /** Monthly fees of the subscriptions active now. */
  mrr: number;
  activeSubscriptions: number;
  months: Array<{ month: string; revenue: number }>;
}

/** "2026-11" → "November 2026" (UTC calendar month). */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, m! - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** GET /api/billing-reconciliation: a month's ledger against Stripe, as `npm run billing:reconcile` prints it. */
export interface BillingReconciliation {
  month: string;
  totals: Record<
    'charge' | 'refund' | 'invoice',
    { ledger: number; stripe: number; ledgerCents: number; stripeCents: number }
  >;
  differences: Array<{ kind: 'charge' | 'refund' | 'invoice'; stripeObject: string; problem: string }>;
  /** The printed report: totals, each difference and their count. */
  report: string;
}
