/** Stripe-shaped API errors: `{ error: { type, code, message, param, decline_code } }` with Stripe's status codes. */
export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

export const invalidRequest = (message: string, param?: string, code?: string): StripeApiError =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param && { param }),
    ...(code && { code }),
  });

export const missingParam = (param: string): StripeApiError =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const noSuchObject = (kind: string, id: string, param = 'id'): StripeApiError =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

/** A card refused or malformed; invalid details are 400 here (not 402) so the browser shows them as input errors. */
export const cardError = (
  status: 400 | 402,
  code: string,
  message: string,
  param?: string,
  declineCode?: string,
): StripeApiError =>
  new StripeApiError(status, {
    type: 'card_error',
    code,
    message,
    ...(param && { param }),
    ...(declineCode && { decline_code: declineCode }),
  });
