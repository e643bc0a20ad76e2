import type { RouteEntry, RouteSpec, RouteTypes } from './route';
import { SITE_ROUTES } from './routes/site';
import { PROJECT_ROUTES } from './routes/projects';
import { TICKET_ROUTES } from './routes/tickets';
import { ACCOUNT_ROUTES } from './routes/account';
import { INBOX_ROUTES } from './routes/inbox';
import { PAYMENT_ROUTES } from './routes/payments';
import { SYSTEM_ROUTES } from './routes/system';
import { FILE_ROUTES } from './routes/files';
import { CONVERSATION_ROUTES } from './routes/conversation';
import { BILLING_ROUTES } from './routes/billing';
import { PROPOSAL_ROUTES } from './routes/proposals';

export type {
  PathParams,
  RequestContract,
  RequestSchemaName,
  RouteAccess,
  RouteEntry,
  RouteSpec,
  RouteTypes,
} from './route';
export { routePath } from './route';
export type {
  InboxItem,
  PenaltyQuoteResponse,
  Profile,
  Project,
  RefundOutcome,
  SubscriptionPlan,
  SubscriptionStatus,
  Ticket,
} from './records';
export type { PaymentHistoryEntry, ProjectPaymentsResponse } from './payment-history';

/**
 * The one route table: each route is declared once, in its feature's file under routes/ (method, path, access,
 * request schema, response type). The server mounts it and reads requests with it (api/src/http), the client is
 * typed by it (shared/auth api-client), GET /api/contract publishes its schemas' fields, the matrix test walks it.
 */
export const API_ROUTES = {
  ...SITE_ROUTES,
  ...PROJECT_ROUTES,
  ...TICKET_ROUTES,
  ...ACCOUNT_ROUTES,
  ...INBOX_ROUTES,
  ...PAYMENT_ROUTES,
  ...SYSTEM_ROUTES,
  ...FILE_ROUTES,
  ...CONVERSATION_ROUTES,
  ...BILLING_ROUTES,
  ...PROPOSAL_ROUTES,
} satisfies Record<string, RouteEntry & RouteSpec>;

export type ApiRouteKey = keyof typeof API_ROUTES;

/** Request and response of every route. `params` fill `:name` segments of the path. */
export type ApiRouteTypes = { [K in ApiRouteKey]: RouteTypes<(typeof API_ROUTES)[K]> };
