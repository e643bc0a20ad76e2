import { array, boolean, mixed, number, string, type InferType } from 'yup';
import { API_MESSAGES } from '../messages/api-messages';
import {
  INVALID_CHARACTERS,
  MIN_DESCRIPTION_LENGTH,
  VALIDATION,
  type BudgetRange,
  type Timeline,
} from '../messages/validation';
import type { TierId } from '../tiers';
import { PROJECT_VIEWS, type ProjectView } from '../project-machine';
import { BUDGET_RANGES, PROJECT_TIMELINES } from './consultation';
import { signatureFields } from '../proposals';
import {
  emailAddress,
  isBigintId,
  multiLineText,
  projectIdField,
  requestObject,
  singleLineText,
  trimmedText,
} from './request-object';

const required = VALIDATION.serviceRequest.required;
const x = INVALID_CHARACTERS;
const tierField = () => mixed<TierId>().oneOf([1, 2, 3, 4] as const, API_MESSAGES.invalidValue);

/**
 * POST /api/create-project: a service request without payment (tiers 3 and 4; the admin may create any
 * tier). Paid tier 1/2 projects are created by the payments module once Stripe reports the payment.
 * Amounts and Stripe ids are never accepted here.
 */
export const createProjectSchema = requestObject({
  title: singleLineText(x.title).optional().max(200),
  tier: tierField().required(required),
  status: mixed<'pending'>()
    .optional()
    .oneOf(['pending'] as const),
  description: trimmedText(
    MIN_DESCRIPTION_LENGTH,
    required,
    VALIDATION.customer.descriptionTooShort,
    x.description,
  ).max(10_000),
  client: singleLineText(x.clientName).optional().max(200),
  clientEmail: emailAddress(VALIDATION.customer.emailInvalid).optional(),
  company: singleLineText(x.company).optional().max(200),
  monthly_budget_range: mixed<BudgetRange>()
    .optional()
    .oneOf([...BUDGET_RANGES], required),
  timeline: mixed<Timeline>()
    .optional()
    .oneOf([...PROJECT_TIMELINES], required),
});
export type CreateProjectRequest = InferType<typeof createProjectSchema>;

/** POST /api/check-penalty and /api/complete-project. */
export const projectIdSchema = requestObject({ projectId: projectIdField() });
export type ProjectIdRequest = InferType<typeof projectIdSchema>;

const reason = VALIDATION.cancel.reasonRequired;
/** A client says why they cancel (the spec's cancel dialogs); the admin may. */
const clientsReason = () =>
  multiLineText(x.cancellationReason)
    .required(reason)
    .test('not-blank', reason, (v) => !!v?.trim())
    .max(2000);

export const cancelProjectSchema = requestObject({
  projectId: projectIdField(),
  cancelledBy: mixed<'admin' | 'client'>()
    .required()
    .oneOf(['admin', 'client'] as const),
  issueRefund: boolean().optional(),
  cancellationReason: multiLineText(x.cancellationReason)
    .optional()
    .max(2000)
    .when('cancelledBy', { is: 'client', then: clientsReason }),
  /**
   * A client cancelling tier 4 within its minimum term pays the penalty with this card: the server charges it
   * inside the cancellation, so the penalty and the cancellation happen together or not at all.
   */
  paymentMethodId: singleLineText(x.paymentMethodId).optional().max(255),
});
export type CancelProjectRequest = InferType<typeof cancelProjectSchema>;

export const clientCancelPendingSchema = requestObject({
  projectId: projectIdField(),
  cancellationReason: clientsReason(),
});
export type ClientCancelPendingRequest = InferType<typeof clientCancelPendingSchema>;

export const clientApproveSchema = requestObject({
  projectId: projectIdField(),
  action: mixed<'accept' | 'refuse'>()
    .required()
    .oneOf(['accept', 'refuse'] as const),
  paymentMethodId: singleLineText(x.paymentMethodId).optional().max(255),
  /** The monthly fee (dollars) the client approved as shown; an approval of a fee that changed meanwhile is refused. */
  monthlyFee: number().optional().min(0),
  /** The signature of the proposal shown (issue 33): required to accept, checked by the server. */
  ...signatureFields,
});
export type ClientApproveRequest = InferType<typeof clientApproveSchema>;

/** PATCH /api/projects/:id, the admin's edit dialog. */
export const updateProjectSchema = requestObject({
  title: singleLineText(x.title)
    .optional()
    .test('not-blank', required, (v) => v === undefined || !!v.trim())
    .max(200),
  description: multiLineText(x.description).optional().max(10_000),
  tier: tierField().optional(),
  client_name: singleLineText(x.clientName).optional().max(200),
  client_email: emailAddress(VALIDATION.customer.emailInvalid).optional(),
  company: singleLineText(x.company).nullable().optional().max(200),
  cost: number().nullable().optional().min(0).max(10_000_000),
  downpayment: number().nullable().optional().min(0).max(10_000_000),
}).test('at-least-one', API_MESSAGES.nothingToUpdate, (v) => Object.keys(v ?? {}).length > 0);
export type UpdateProjectRequest = InferType<typeof updateProjectSchema>;

/** How a project list is ordered: newest first (the default), oldest first, or by title. */
export const PROJECT_SORTS = ['newest', 'oldest', 'title'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const LIST_PAGE_SIZE = { default: 10, max: 100 } as const;

const pageLimit = () =>
  string()
    .optional()
    .matches(/^\d{1,3}$/, API_MESSAGES.invalidValue)
    .test(
      'range',
      API_MESSAGES.invalidValue,
      (v) => v === undefined || (Number(v) >= 1 && Number(v) <= LIST_PAGE_SIZE.max),
    );
const pageCursor = () =>
  string()
    .optional()
    .max(500)
    .matches(/^[\w-]+$/, API_MESSAGES.invalidValue);

/**
 * GET /api/projects query: one view (a tab's list), a search over title, client and description, a tier, an
 * order, and a page (`limit`, then the `cursor` the previous page gave). Query values are strings.
 */
export const projectListQuerySchema = requestObject({
  view: mixed<ProjectView>()
    .optional()
    .oneOf(Object.keys(PROJECT_VIEWS) as ProjectView[], API_MESSAGES.invalidValue),
  q: singleLineText(x.search).optional().max(200),
  tier: mixed<'1' | '2' | '3' | '4' | 'general'>()
    .optional()
    .oneOf(['1', '2', '3', '4', 'general'] as const, API_MESSAGES.invalidValue),
  sort: mixed<ProjectSort>()
    .optional()
    .oneOf([...PROJECT_SORTS], API_MESSAGES.invalidValue),
  limit: pageLimit(),
  cursor: pageCursor(),
});
export type ProjectListQuery = InferType<typeof projectListQuerySchema>;

/** GET /api/tickets query: one project's tickets (optionally one board), paged. */
export const ticketListQuerySchema = requestObject({
  projectId: string().optional().uuid(API_MESSAGES.projectIdInvalid),
  board: mixed<'main' | 'maintenance'>()
    .optional()
    .oneOf(['main', 'maintenance'] as const, API_MESSAGES.invalidValue),
  limit: pageLimit(),
  cursor: pageCursor(),
});
export type TicketListQuery = InferType<typeof ticketListQuerySchema>;

/** POST /api/notifications/read: some notifications (by id) or all of the caller's. */
export const notificationsReadSchema = requestObject({
  ids: array(
    string()
      .required()
      .test('bigint-id', API_MESSAGES.invalidValue, (v) => v === undefined || isBigintId(v)),
  )
    .optional()
    .max(100),
  all: boolean().optional(),
});
export type NotificationsReadRequest = InferType<typeof notificationsReadSchema>;

/** GET /api/notifications query: unread ones only (`unread=1`), a page size, the cursor the last page gave. */
export const notificationsQuerySchema = requestObject({
  unread: mixed<'0' | '1'>()
    .optional()
    .oneOf(['0', '1'] as const, API_MESSAGES.invalidValue),
  limit: pageLimit(),
  cursor: string()
    .optional()
    .test('bigint-id', API_MESSAGES.invalidValue, (v) => v === undefined || isBigintId(v)),
});

export const INBOX_KINDS = ['contact', 'consultation'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** GET /api/inbox query (the admin's contact messages and consultation requests). */
export const inboxQuerySchema = requestObject({
  kind: mixed<InboxKind>()
    .optional()
    .oneOf([...INBOX_KINDS], API_MESSAGES.invalidValue),
  status: mixed<'read' | 'unread'>()
    .optional()
    .oneOf(['read', 'unread'] as const, API_MESSAGES.invalidValue),
  q: singleLineText(x.search).optional().max(200),
  limit: pageLimit(),
  cursor: pageCursor(),
});
export type InboxQuery = InferType<typeof inboxQuerySchema>;

/** POST /api/inbox/read: mark one message or request read (or unread again). */
export const inboxReadSchema = requestObject({
  kind: mixed<InboxKind>()
    .required()
    .oneOf([...INBOX_KINDS], API_MESSAGES.invalidValue),
  id: string().required().uuid(API_MESSAGES.invalidValue),
  read: boolean().required(),
});
export type InboxReadRequest = InferType<typeof inboxReadSchema>;
