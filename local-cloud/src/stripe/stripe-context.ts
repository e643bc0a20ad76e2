// What every resource of the Stripe stand-in registers its routes on: the store, events, lookups and `route`
// (the request pipeline: key check, idempotent replay, fault injection, expand).
import type { FormObject } from './form-body';
import { integer, text } from './params';
import { noSuchObject } from './stripe-errors';
import type { StripeObject, StripeStore } from './stripe-store';

export const API_VERSION = '2026-10-28.endive';

/** The Stripe stand-in's settings (see createStripeService). */
export interface StripeServiceOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events are POSTed; no delivery when unset. */
  webhookUrl?: string;
  /** Browser origins allowed to call the publishable-key endpoints. */
  allowedOrigins: string[];
  /** Persist state in this directory (state.json); memory only when unset. */
  dataDir?: string;
  /** Public base URL the stand-in script calls; defaults to the origin the script was requested from. */
  publicUrl?: string;
  webhookRetryDelaysMs?: number[];
  log?: (message: string) => void;
  /** Start with the monthly prices of tiers 3 and 4 (as `npm run stripe:setup` makes them); default true. */
  seedPrices?: boolean;
}

export type KeyKind = 'secret' | 'publishable';
export interface RequestScope {
  keyKind: KeyKind;
  params: FormObject;
  idempotencyKey: string | undefined;
}
export type Handler = (scope: RequestScope, pathParams: Record<string, string>) => unknown;
export type RouteMethod = 'GET' | 'POST' | 'DELETE';
type RouteOptions = { publishable?: boolean };
export type Emit = (
  type: string,
  object: StripeObject,
  options?: { idempotencyKey?: string | undefined; previousAttributes?: Record<string, unknown> },
) => StripeObject;
export type CardFailure = { type: 'card_error'; code: string; decline_code: string; message: string };
/** A payment intent's charge: made, or declined with the charge and the payment method it was made with. */
export type Settlement =
  { ok: true } | { ok: false; error: CardFailure & { charge: string; payment_method: StripeObject } };
export interface IntentFields {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  receiptEmail?: string | null;
  automaticPaymentMethods?: { enabled: true; allow_redirects: string } | null;
}

export type Route = (method: RouteMethod, path: string, handler: Handler, options?: RouteOptions) => void;

/** What billing takes from payment intents, and the rules its resources share. */
export interface BillingContext extends StripeContext {
  createIntent(fields: IntentFields): StripeObject;
  settleIntent(intent: StripeObject, method: StripeObject, idempotencyKey?: string, at?: number): Settlement;
  /** Stripe's "now" for a customer: its test clock's frozen time, else the wall clock. */
  nowFor(customerId: string): number;
  attachedMethod(customer: StripeObject, paymentMethodId: string, param: string): StripeObject;
}

export function createStripeContext(store: StripeStore, emit: Emit, route: Route) {
  function mustGet(id: string, object: string, param = 'id'): StripeObject {
    const found = store.get(id, object);
    if (!found) throw noSuchObject(object.replace(/_/g, ''), id, param);
    return found;
  }

  function listResponse(url: string, items: StripeObject[], params: FormObject) {
    const limit = Math.min(Math.max(integer(params, 'limit') ?? 10, 1), 100);
    const newestFirst = [...items].reverse();
    const after = text(params, 'starting_after');
    const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
    const page = newestFirst.slice(start, start + limit);
    return { object: 'list', url, has_more: start + limit < newestFirst.length, data: page };
  }

  return {
    store,
    emit,
    route,
    mustGet,
    listResponse,
    /** `GET …/:id` of one kind of object. */
    retrieve:
      (object: string): Handler =>
      (_scope, { id }) =>
        mustGet(id!, object),
    /** `GET …` of one kind of object, filtered by the parameters named (equal when given). */
    listOf:
      (object: string, url: string, filterFields: string[] = []): Handler =>
      ({ params }) =>
        listResponse(
          url,
          store
            .list(object)
            .filter((item) =>
              filterFields.every((field) => params[field] === undefined || item[field] === params[field]),
            ),
          params,
        ),
  };
}

export type StripeContext = ReturnType<typeof createStripeContext>;
