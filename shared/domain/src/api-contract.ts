import type {
  AdminApprovalStatus,
  BoardType,
  ClientApprovalStatus,
  OverallStatus,
  ProjectStatus,
  Role,
  TicketStatus,
} from './project-status';
import type { ContactFormRequest } from './schemas/contact-form';
import type { ScheduleConsultationRequest } from './schemas/consultation';
import type { ProjectView } from './project-machine';
import type { ActivityEntry, AppNotification } from './activity';
import type {
  ProjectListQuery,
  TicketListQuery,
  InboxKind,
  InboxQuery,
  InboxReadRequest,
  NotificationsReadRequest,
  CancelProjectRequest,
  ClientApproveRequest,
  ClientCancelPendingRequest,
  CreateProjectRequest,
  ProjectIdRequest,
  UpdateProjectRequest,
} from './schemas/projects';
import type { CreateTicketRequest, UpdateTicketRequest } from './schemas/tickets';
import type {
  DownpaymentIntentRequest,
  PayOpenInvoiceRequest,
  ProcessFinalPaymentRequest,
  StripeRefundRequest,
} from './schemas/payments';
import type { TierId } from './tiers';
import type { PreferredSlot } from './schemas/preferred-slot';
import type { PurchaseStatusResponse } from './payments-purchase';
import type { ProposalView, SendProposalRequest } from './proposals';
import type { RemoteHealthReport } from './schemas/remote-health';
import type {
  CreateFileUploadRequest,
  FileDeliverableRequest,
  ProjectFile,
  ProjectFilesUsage,
} from './files';
import type {
  ConversationMessage,
  EmailSettings,
  EmailSettingsRequest,
  InboxConvertRequest,
  InboxLinkRequest,
  InboxReply,
  InboxReplyRequest,
  MessageListQuery,
  PostMessageRequest,
} from './conversation';
import type {
  BillingDetails,
  BillingDetailsRequest,
  BillingOverview,
  BillingReconciliation,
  RevenueReport,
  SavedCard,
  SaveCardRequest,
} from './billing';

/** Response shapes of the money routes (spec section 7); the payments module implements them. */
export interface PenaltyQuoteResponse {
  hasPenalty: boolean;
  penaltyAmount: number;
  monthsRemaining: number;
  subscriptionFee: number;
}

export interface SubscriptionPlan {
  stripe_price_id: string;
  monthly_cost: number;
  tier: 3 | 4;
}

/** A project as the API returns it (spec section 3). Money in whole dollars. */
export interface Project {
  id: string;
  title: string;
  description: string;
  /** Null for a general consultation. */
  tier: TierId | null;
  client_id: string | null;
  client_name: string;
  client_email: string;
  company: string | null;
  cost: number | null;
  downpayment: number | null;
  stripe_price_id: string | null;
  stripe_payment_intent_id: string | null;
  stripe_customer_id: string | null;
  monthly_budget_range: string | null;
  timeline: string | null;
  status: ProjectStatus;
  admin_approval_status: AdminApprovalStatus;
  client_approval_status: ClientApprovalStatus;
  overall_status: OverallStatus;
  is_active: boolean;
  cancelled: boolean;
  cancellation_reason: string | null;
  final_payment_amount: number | null;
  created_at: string;
  /** Tiers 3 and 4: how Stripe's billing of the monthly subscription stands (null before it starts). */
  subscription_status: SubscriptionStatus | null;
  /**
   * A consultation request's preferred date and time on the sender's clock, with their time zone (null when none
   * was given). Absent from answers of API releases built before it.
   */
  preferred_slot?: PreferredSlot | null;
  /** The latest proposal version sent (issue 33); null before one was sent. Absent from older API releases. */
  proposal_version?: number | null;
  /** The proposal version the client signed, once the approval went through; null before. */
  signed_version?: number | null;
}

/** A subscription as the portals show it: `past_due` after a failed renewal, until an invoice is paid. */
export type SubscriptionStatus = 'active' | 'past_due' | 'cancelled';

/** One line of a project's payment history (GET /api/projects/:id/payments). Amounts in whole dollars. */
export interface PaymentHistoryEntry {
  id: string;
  kind: 'deposit' | 'final' | 'penalty' | 'subscription' | 'refund';
  status: 'succeeded' | 'failed' | 'refunded';
  amount: number;
  /** ISO date of the payment, refund or failed attempt. */
  at: string;
  cardLast4: string | null;
  /** Why a payment failed, in the bank's words. */
  failureMessage: string | null;
}

export interface ProjectPaymentsResponse {
  payments: PaymentHistoryEntry[];
  /** What the client still owes: the rest of a fixed price, or a failed monthly invoice. */
  balanceDue: number;
  subscription: {
    status: SubscriptionStatus;
    monthlyCost: number | null;
    currentPeriodEnd: string | null;
  } | null;
}

export interface Ticket {
  id: string;
  title: string;
  description: string | null;
  project_id: string;
  client_id: string | null;
  board_type: BoardType;
  status: TicketStatus;
  assignee: string | null;
  created_at: string;
}

export interface Profile {
  id: string;
  full_name: string | null;
  email: string;
}

export interface RefundOutcome {
  refundIssued: boolean;
  /** Whole dollars refunded (0 when none). */
  refundAmount: number;
}

/**
 * Who may call a route:
 * - public: anyone; a valid token, when sent, attaches the user;
 * - signed-in: any signed-in user (a client only sees and acts on own projects; another's → 404);
 * - client: a signed-in non-admin acting on own projects (admin → 403);
 * - admin: role ADMIN only (others → 403).
 */
export type RouteAccess = 'public' | 'signed-in' | 'client' | 'admin';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: `/api/${string}`;
  access: RouteAccess;
  /** The route names one project (in the body's projectId or the :id param) that a client must own. */
  projectScoped: boolean;
  /** Module that implements it: the money routes live in api/src/features/payments. */
  feature: 'core' | 'payments';
  /** Answers with a stream of Server-Sent Events instead of one JSON body. */
  stream?: true;
}

/** One message of the admin's inbox: a contact message, or a consultation request with its project. */
export interface InboxItem {
  id: string;
  kind: InboxKind;
  name: string;
  email: string;
  company: string | null;
  message: string;
  at: string;
  readAt: string | null;
  /** The project this message is linked to (a consultation's own project; a contact message once linked). */
  projectId?: string | null;
  /** When the admin last replied from the Inbox (issue 34); null: not yet. */
  repliedAt?: string | null;
  consultation?: {
    projectId: string;
    tier: string;
    budget: string;
    timeline: string;
    preferredDate: string | null;
    preferredTime: string | null;
    /** The sender's IANA time zone; absent from API releases built before it, null on older requests. */
    preferredTimeZone?: string | null;
  };
}

/** Request and response of every route. `params` fill `:name` segments of the path. */
export interface ApiRouteTypes {
  contactForm: { body: ContactFormRequest; response: { ok: true } };
  scheduleConsultation: { body: ScheduleConsultationRequest; response: { id: string } };
  createProject: { body: CreateProjectRequest; response: { id: string; project: Project } };
  cancelProject: {
    body: CancelProjectRequest;
    response: RefundOutcome & { project: Project; penaltyPaymentIntentId?: string; penaltyAmount?: number };
  };
  clientCancelPendingProject: {
    body: ClientCancelPendingRequest;
    response: RefundOutcome & { project: Project };
  };
  checkPenalty: { body: ProjectIdRequest; response: PenaltyQuoteResponse };
  clientApproveProject: { body: ClientApproveRequest; response: { project: Project } };
  completeProject: { body: ProjectIdRequest; response: { project: Project } };
  /** Without a query: every project the caller sees (deprecated). With `view`, `q`, `tier`, `sort`, `limit`: one page. */
  /** `total` comes with the first page (no cursor) and is null on later pages. */
  listProjects: {
    query?: Partial<ProjectListQuery>;
    response: { projects: Project[]; nextCursor?: string | null; total?: number | null };
  };
  listTickets: {
    query?: Partial<TicketListQuery>;
    response: { tickets: Ticket[]; nextCursor?: string | null };
  };
  getProject: { params: { id: string }; response: { project: Project } };
  /** The project's history, oldest first: who did what, when, from which status to which. */
  projectEvents: { params: { id: string }; response: { events: ActivityEntry[] } };
  /** Server-Sent Events: `project` (a LiveProjectEvent the caller may see; ids are event ids, so Last-Event-ID catches up). */
  liveEvents: { response: never };
  listNotifications: {
    query?: { unread?: '1'; limit?: string; cursor?: string };
    response: { notifications: AppNotification[]; unreadCount: number; nextCursor: string | null };
  };
  markNotificationsRead: { body: NotificationsReadRequest; response: { unreadCount: number } };
  deleteTicket: { params: { id: string }; response: { deleted: true } };
  listInbox: {
    query?: Partial<InboxQuery>;
    response: { items: InboxItem[]; nextCursor: string | null; unread: Record<InboxKind, number> };
  };
  markInboxRead: { body: InboxReadRequest; response: { item: InboxItem } };
  /** How many projects each view holds for the caller (the stat cards, tab counts). */
  projectCounts: { response: { counts: Record<ProjectView, number> & { completedOnly: number } } };
  updateProject: { params: { id: string }; body: UpdateProjectRequest; response: { project: Project } };
  acceptProject: { params: { id: string }; response: { project: Project } };
  refuseProject: { params: { id: string }; response: RefundOutcome & { project: Project } };
  projectSubscription: { params: { id: string }; response: { end_date: string | null } };
  projectPayments: { params: { id: string }; response: ProjectPaymentsResponse };
  /** After a failed renewal: pay the open invoice with a new card, which becomes the subscription's. */
  payOpenInvoice: { params: { id: string }; body: PayOpenInvoiceRequest; response: { project: Project } };
  createTicket: { body: CreateTicketRequest; response: { ticket: Ticket } };
  updateTicket: { params: { id: string }; body: UpdateTicketRequest; response: { ticket: Ticket } };
  me: { response: { profile: Profile; role: Role } };
  currentUserRole: { response: { role: Role } };
  downpaymentIntent: {
    body: DownpaymentIntentRequest;
    response: { clientSecret: string; customerId: string; paymentIntentId: string };
  };
  processFinalPayment: { body: ProcessFinalPaymentRequest; response: { project: Project } };
  stripeRefund: { body: StripeRefundRequest; response: RefundOutcome };
  subscriptionPlans: { query: { tier: '3' | '4' }; response: { subscriptionPlans: SubscriptionPlan[] } };
  /** `?month=YYYY-MM` (UTC) for another month than the current one. */
  monthlyRevenue: { query?: { month?: string }; response: { revenue: number } };
  purchaseStatus: { params: { paymentIntentId: string }; response: PurchaseStatusResponse };
  /** Stripe's signed event delivery; not called by the front end. */
  stripeWebhook: { response: { received: true } };
  /** What this API accepts in each request: the release tools check a remote against it. */
  requestContract: { response: { requests: RequestContract } };
  /** A browser's report of one remote load (issue 37): anonymous, sampled and rate-limited by the host. */
  reportRemoteHealth: { body: RemoteHealthReport; response: { ok: true } };
  /** A project's files (uploads finished), newest first, and how much of its quota they take. */
  listProjectFiles: { params: { id: string }; response: { files: ProjectFile[]; usage: ProjectFilesUsage } };
  /** Announce an upload: checked against the limits, answered with a signed upload URL for the bytes. */
  createFileUpload: {
    params: { id: string };
    body: CreateFileUploadRequest;
    response: { file: ProjectFile; upload: { url: string; contentType: string; expiresAt: string } };
  };
  /** After the bytes arrived at the upload URL: checked against what was announced, then listed. */
  completeFileUpload: { params: { id: string }; response: { file: ProjectFile } };
  /** A short-lived signed URL that downloads the file (always as an attachment). */
  fileDownloadUrl: { params: { id: string }; response: { url: string; expiresAt: string } };
  /** Delete one's own file (or cancel one's unfinished upload). */
  deleteFile: { params: { id: string }; response: { deleted: true } };
  setFileDeliverable: {
    params: { id: string };
    body: FileDeliverableRequest;
    response: { file: ProjectFile };
  };
  /** A project's thread (or with `ticketId` a ticket's comments), newest first, paged by cursor (issue 34). */
  listMessages: {
    params: { id: string };
    query?: Partial<MessageListQuery>;
    response: { messages: ConversationMessage[]; nextCursor: string | null };
  };
  postMessage: {
    params: { id: string };
    body: PostMessageRequest;
    response: { message: ConversationMessage };
  };
  /** The caller has seen the project's thread up to its newest message. */
  markMessagesSeen: { params: { id: string }; response: { unread: number } };
  /** Unread messages of every project the caller sees, in one answer for every card (and the page's title). */
  unreadMessages: { response: { unread: Record<string, number>; total: number } };
  getEmailSettings: { response: { settings: EmailSettings } };
  updateEmailSettings: { body: EmailSettingsRequest; response: { settings: EmailSettings } };
  replyInbox: { body: InboxReplyRequest; response: { reply: InboxReply } };
  linkInbox: { body: InboxLinkRequest; response: { item: InboxItem } };
  convertInbox: { body: InboxConvertRequest; response: { project: Project } };
  /** The client's billing centre: billing details, documents, what is coming, the saved card (issue 35). */
  billingOverview: { response: BillingOverview };
  updateBillingDetails: { body: BillingDetailsRequest; response: { details: BillingDetails } };
  /** An invoice or credit note as a PDF file (application/pdf, named by its number), for its owner or the admin; 404 for anyone else. */
  billingDocumentPdf: { params: { id: string }; response: never };
  /**
   * Saves the card the browser made into a PaymentMethod through a SetupIntent (confirmed by the server for
   * off-session use), replacing the one before; active subscriptions on the same customer renew with it.
   */
  saveCard: { body: SaveCardRequest; response: { savedCard: SavedCard } };
  /** `?month=YYYY-MM` (UTC): a month's revenue, its breakdown, MRR and the 12 months up to it. */
  revenueReport: { query?: { month?: string }; response: RevenueReport };
  /** The ledger of a month as CSV (every payment and refund with its document number). */
  ledgerExport: { query?: { month?: string }; response: { fileName: string; csv: string } };
  /** The month's ledger against Stripe's charges, refunds and paid invoices (the reconcile command's report). */
  billingReconciliation: {
    query?: { month?: string };
    response: BillingReconciliation;
  };
  /** The admin sends a proposal (accepting the request) or revises it: each call makes a new version. */
  sendProposal: {
    params: { id: string };
    body: SendProposalRequest;
    response: { project: Project; proposal: ProposalView };
  };
  /** The latest version (the admin also gets the history), with its signature once signed; null before sending. */
  getProposal: { params: { id: string }; response: { proposal: ProposalView | null } };
  /** The signed agreement as a PDF (application/pdf); 404 until signed. */
  agreementPdf: { params: { id: string }; response: never };
}

export type ApiRouteKey = keyof ApiRouteTypes;

/**
 * Per route (`POST /api/client-approve-project`), the fields it accepts in its body or query, nested ones as
 * `metadata.type`, sorted (request-contract.ts). A remote's release may send only what the running API takes.
 */
export type RequestContract = Record<string, { body?: string[]; query?: string[] }>;

/** The one route table: the server mounts it, the client is typed by it, the matrix test walks it. */
export const API_ROUTES = {
  contactForm: {
    method: 'POST',
    path: '/api/contact-form',
    access: 'public',
    projectScoped: false,
    feature: 'core',
  },
  scheduleConsultation: {
    method: 'POST',
    path: '/api/schedule-consultation',
    access: 'public',
    projectScoped: false,
    feature: 'core',
  },
  createProject: {
    method: 'POST',
    path: '/api/create-project',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  cancelProject: {
    method: 'POST',
    path: '/api/cancel-project',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  clientCancelPendingProject: {
    method: 'POST',
    path: '/api/client-cancel-pending-project',
    access: 'client',
    projectScoped: true,
    feature: 'core',
  },
  checkPenalty: {
    method: 'POST',
    path: '/api/check-penalty',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  clientApproveProject: {
    method: 'POST',
    path: '/api/client-approve-project',
    access: 'client',
    projectScoped: true,
    feature: 'core',
  },
  completeProject: {
    method: 'POST',
    path: '/api/complete-project',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
  },
  listProjects: {
    method: 'GET',
    path: '/api/projects',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  listTickets: {
    method: 'GET',
    path: '/api/tickets',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  projectCounts: {
    method: 'GET',
    path: '/api/project-counts',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  getProject: {
    method: 'GET',
    path: '/api/projects/:id',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  projectEvents: {
    method: 'GET',
    path: '/api/projects/:id/events',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  liveEvents: {
    method: 'GET',
    path: '/api/live',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
    stream: true,
  },
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/read',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  deleteTicket: {
    method: 'DELETE',
    path: '/api/tickets/:id',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
  },
  listInbox: { method: 'GET', path: '/api/inbox', access: 'admin', projectScoped: false, feature: 'core' },
  markInboxRead: {
    method: 'POST',
    path: '/api/inbox/read',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
  },
  updateProject: {
    method: 'PATCH',
    path: '/api/projects/:id',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
  },
  acceptProject: {
    method: 'POST',
    path: '/api/projects/:id/accept',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
  },
  refuseProject: {
    method: 'POST',
    path: '/api/projects/:id/refuse',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
  },
  projectSubscription: {
    method: 'GET',
    path: '/api/projects/:id/subscription',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  projectPayments: {
    method: 'GET',
    path: '/api/projects/:id/payments',
    access: 'signed-in',
    projectScoped: true,
    feature: 'payments',
  },
  payOpenInvoice: {
    method: 'POST',
    path: '/api/projects/:id/pay-open-invoice',
    access: 'client',
    projectScoped: true,
    feature: 'payments',
  },
  createTicket: {
    method: 'POST',
    path: '/api/tickets',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
  },
  updateTicket: {
    method: 'PATCH',
    path: '/api/tickets/:id',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
  },
  me: { method: 'GET', path: '/api/me', access: 'signed-in', projectScoped: false, feature: 'core' },
  currentUserRole: {
    method: 'GET',
    path: '/api/get-current-user-role',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  downpaymentIntent: {
    method: 'POST',
    path: '/api/stripe-downpayment-intent',
    access: 'public',
    projectScoped: false,
    feature: 'payments',
  },
  processFinalPayment: {
    method: 'POST',
    path: '/api/process-final-payment',
    access: 'client',
    projectScoped: true,
    feature: 'payments',
  },
  stripeRefund: {
    method: 'POST',
    path: '/api/stripe-refund',
    access: 'admin',
    projectScoped: true,
    feature: 'payments',
  },
  subscriptionPlans: {
    method: 'GET',
    path: '/api/get-subscription-plans',
    access: 'signed-in',
    projectScoped: false,
    feature: 'payments',
  },
  monthlyRevenue: {
    method: 'GET',
    path: '/api/monthly-revenue',
    access: 'admin',
    projectScoped: false,
    feature: 'payments',
  },
  purchaseStatus: {
    method: 'GET',
    path: '/api/purchase-status/:paymentIntentId',
    access: 'public',
    projectScoped: false,
    feature: 'payments',
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe-webhook',
    access: 'public',
    projectScoped: false,
    feature: 'payments',
  },
  requestContract: {
    method: 'GET',
    path: '/api/contract',
    access: 'public',
    projectScoped: false,
    feature: 'core',
  },
  reportRemoteHealth: {
    method: 'POST',
    path: '/api/remote-health',
    access: 'public',
    projectScoped: false,
    feature: 'core',
  },
  listProjectFiles: {
    method: 'GET',
    path: '/api/projects/:id/files',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  createFileUpload: {
    method: 'POST',
    path: '/api/projects/:id/files',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  completeFileUpload: {
    method: 'POST',
    path: '/api/files/:id/complete',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  fileDownloadUrl: {
    method: 'POST',
    path: '/api/files/:id/download-url',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  deleteFile: {
    method: 'DELETE',
    path: '/api/files/:id',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  setFileDeliverable: {
    method: 'PATCH',
    path: '/api/files/:id',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
  },
  listMessages: {
    method: 'GET',
    path: '/api/projects/:id/messages',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  postMessage: {
    method: 'POST',
    path: '/api/projects/:id/messages',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  markMessagesSeen: {
    method: 'POST',
    path: '/api/projects/:id/messages/seen',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  unreadMessages: {
    method: 'GET',
    path: '/api/conversations/unread',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  getEmailSettings: {
    method: 'GET',
    path: '/api/email-settings',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  updateEmailSettings: {
    method: 'PATCH',
    path: '/api/email-settings',
    access: 'signed-in',
    projectScoped: false,
    feature: 'core',
  },
  replyInbox: {
    method: 'POST',
    path: '/api/inbox/reply',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
  },
  linkInbox: {
    method: 'POST',
    path: '/api/inbox/link',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
  },
  convertInbox: {
    method: 'POST',
    path: '/api/inbox/convert',
    access: 'admin',
    projectScoped: false,
    feature: 'core',
  },
  billingOverview: {
    method: 'GET',
    path: '/api/billing',
    access: 'client',
    projectScoped: false,
    feature: 'payments',
  },
  updateBillingDetails: {
    method: 'PATCH',
    path: '/api/billing/details',
    access: 'client',
    projectScoped: false,
    feature: 'payments',
  },
  billingDocumentPdf: {
    method: 'GET',
    path: '/api/billing/documents/:id/pdf',
    access: 'signed-in',
    projectScoped: false,
    feature: 'payments',
  },
  saveCard: {
    method: 'POST',
    path: '/api/billing/card',
    access: 'client',
    projectScoped: false,
    feature: 'payments',
  },
  revenueReport: {
    method: 'GET',
    path: '/api/revenue-report',
    access: 'admin',
    projectScoped: false,
    feature: 'payments',
  },
  ledgerExport: {
    method: 'GET',
    path: '/api/ledger-export',
    access: 'admin',
    projectScoped: false,
    feature: 'payments',
  },
  billingReconciliation: {
    method: 'GET',
    path: '/api/billing-reconciliation',
    access: 'admin',
    projectScoped: false,
    feature: 'payments',
  },
  sendProposal: {
    method: 'POST',
    path: '/api/projects/:id/proposal',
    access: 'admin',
    projectScoped: true,
    feature: 'core',
  },
  getProposal: {
    method: 'GET',
    path: '/api/projects/:id/proposal',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
  agreementPdf: {
    method: 'GET',
    path: '/api/projects/:id/agreement.pdf',
    access: 'signed-in',
    projectScoped: true,
    feature: 'core',
  },
} as const satisfies { [K in ApiRouteKey]: RouteSpec };

/** Fill `:name` segments of a route path. */
export function routePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
