import { boolean, mixed, number, type InferType } from 'yup';
import { API_MESSAGES } from '../messages/api-messages';
import {
  INVALID_CHARACTERS,
  MIN_DESCRIPTION_LENGTH,
  VALIDATION,
  type BudgetRange,
  type Timeline,
} from '../messages/validation';
import type { TierId } from '../tiers';
import { BUDGET_RANGES, PROJECT_TIMELINES } from './consultation';
import { emailAddress, multiLineText, projectIdField, requestObject, singleLineText, trimmedText } from './request-object';

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
  status: mixed<'pending'>().optional().oneOf(['pending'] as const),
  description: trimmedText(MIN_DESCRIPTION_LENGTH, required, VALIDATION.customer.descriptionTooShort, x.description).max(10_000),
  client: singleLineText(x.clientName).optional().max(200),
  clientEmail: emailAddress(VALIDATION.customer.emailInvalid).optional(),
  company: singleLineText(x.company).optional().max(200),
  monthly_budget_range: mixed<BudgetRange>().optional().oneOf([...BUDGET_RANGES], required),
  timeline: mixed<Timeline>().optional().oneOf([...PROJECT_TIMELINES], required),
});
export type CreateProjectRequest = InferType<typeof createProjectSchema>;

/** POST /api/check-penalty and /api/complete-project. */
export const projectIdSchema = requestObject({ projectId: projectIdField() });
export type ProjectIdRequest = InferType<typeof projectIdSchema>;

export const cancelProjectSchema = requestObject({
  projectId: projectIdField(),
  cancelledBy: mixed<'admin' | 'client'>().required().oneOf(['admin', 'client'] as const),
  issueRefund: boolean().optional(),
  cancellationReason: multiLineText(x.cancellationReason).optional().max(2000),
  /**
   * A client cancelling tier 4 within its minimum term pays the penalty with this card: the server charges it
   * inside the cancellation, so the penalty and the cancellation happen together or not at all.
   */
  paymentMethodId: singleLineText(x.paymentMethodId).optional().max(255),
});
export type CancelProjectRequest = InferType<typeof cancelProjectSchema>;

const reason = VALIDATION.cancel.reasonRequired;
export const clientCancelPendingSchema = requestObject({
  projectId: projectIdField(),
  cancellationReason: multiLineText(x.cancellationReason).required(reason).test('not-blank', reason, (v) => !!v?.trim()).max(2000),
});
export type ClientCancelPendingRequest = InferType<typeof clientCancelPendingSchema>;

export const clientApproveSchema = requestObject({
  projectId: projectIdField(),
  action: mixed<'accept' | 'refuse'>().required().oneOf(['accept', 'refuse'] as const),
  paymentMethodId: singleLineText(x.paymentMethodId).optional().max(255),
});
export type ClientApproveRequest = InferType<typeof clientApproveSchema>;

/** PATCH /api/projects/:id, the admin's edit dialog. */
export const updateProjectSchema = requestObject({
  title: singleLineText(x.title).optional().test('not-blank', required, (v) => v === undefined || !!v.trim()).max(200),
  description: multiLineText(x.description).optional().max(10_000),
  tier: tierField().optional(),
  client_name: singleLineText(x.clientName).optional().max(200),
  client_email: emailAddress(VALIDATION.customer.emailInvalid).optional(),
  company: singleLineText(x.company).nullable().optional().max(200),
  cost: number().nullable().optional().min(0).max(10_000_000),
  downpayment: number().nullable().optional().min(0).max(10_000_000),
  stripe_price_id: singleLineText(x.priceId).nullable().optional().max(255),
}).test('at-least-one', API_MESSAGES.nothingToUpdate, (v) => Object.keys(v ?? {}).length > 0);
export type UpdateProjectRequest = InferType<typeof updateProjectSchema>;
