/** Messages the server sends in `{ error }` bodies. The portals may show them as they are. */
export const API_MESSAGES = {
  unauthenticated: 'Authentication required',
  invalidToken: 'Invalid or expired access token',
  adminOnly: 'Only the admin can do this',
  /** An admin with two-factor sign-in whose session has not proved it (aal1). */
  adminSecondFactorNeeded: 'Enter the code from your authenticator app to use the admin dashboard.',
  /** Production, after the grace period: an admin without two-factor sign-in. */
  adminSecondFactorSetupNeeded:
    'Set up two-factor sign-in (Account security) to keep using the admin dashboard.',
  clientOnly: 'Only the client of this project can do this',
  projectNotFound: 'Project not found',
  ticketNotFound: 'Ticket not found',
  routeNotFound: 'Route not found',
  malformedJson: 'Malformed JSON body',
  /** A body that is JSON but not an object: `null`, a number, a string, an array. */
  bodyNotObject: 'The request body must be a JSON object',
  bodyTooLarge: 'Request body too large',
  validationFailed: 'Invalid request',
  /** A list's page cursor that this server did not hand out. */
  invalidCursor: 'Invalid cursor',
  tooManyRequests: 'Too many requests, please try again later.',
  originNotAllowed: 'Origin not allowed',
  internal: 'Something went wrong. Please try again.',
  paymentsNotConfigured: 'Payments are not configured',
  refundFailed: 'Something went wrong while refunding deposit. Contact support.',
  cancelledByMismatch: 'Only the admin can cancel a project as admin',
  paidTierNeedsPayment: 'Tiers 1 and 2 are bought by card',
  unknownField: 'Unknown field',
  invalidValue: 'Invalid value',
  projectIdInvalid: 'A valid project id is required',
  nothingToUpdate: 'Nothing to update',
  termsRequired: 'You must accept the terms of service',
  operationInProgress: 'Another change to this project is being processed. Please try again in a moment.',
  penaltyUnpaid: 'The early-cancellation penalty must be paid first',
  paymentNotFound: 'Payment not found for this project',
  nothingDue: 'No payment is due for this project',
  inboxItemNotFound: 'Message not found',
  proposalChanged: 'The proposal changed; please review it again.',
} as const;
