import { boolean, mixed, number, string, type InferType } from 'yup';
import { API_MESSAGES } from '../messages/api-messages';
import {
  MIN_DESCRIPTION_LENGTH,
  SIMPLE_EMAIL_PATTERN,
  VALIDATION,
  type BudgetRange,
  type Timeline,
} from '../messages/validation';
import type { TierId } from '../tiers';
import { BUDGET_RANGES, PROJECT_TIMELINES } from './consultation';
import { projectIdField, requestObject, trimmedText } from './request-object';

const required = VALIDATION.serviceRequest.required;
const tierField = () => mixed<TierId>().oneOf([1, 2, 3, 4] as const, API_MESSAGES.invalidValue);

/**
 * POST /api/create-project: a service request without payment (tiers 3 and 4; the admin may create any
 * tier). Paid tier 1/2 projects are created by the payments module once Stripe reports the payment.
 * Amounts and Stripe ids are never accepted here.
 */
export const createProjectSchema = requestObject({
  title: string().optional().max(200),
  tier: tierField().required(required),
  status: mixed<'pending'>().optional().oneOf(['pending'] as const),
  description: trimmedText(MIN_DESCRIPTION_LENGTH, required, VALIDATION.customer.descriptionTooShort).max(10_000),
  client: string().optional().max(200),
  clientEmail: string().optional().matches(SIMPLE_EMAIL_PATTERN, VALIDATION.customer.emailInvalid),
  company: string().optional().max(200),
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
  cancellationReason: string().optional().max(2000),
  penaltyPaymentIntentId: string().optional().max(255),
});
export type CancelProjectRequest = InferType<typeof cancelProjectSchema>;

const reason = VALIDATION.cancel.reasonRequired;
export const clientCancelPendingSchema = requestObject({
  projectId: projectIdField(),
  cancellationReason: string().required(reason).test('not-blank', reason, (v) => !!v?.trim()).max(2000),
});
export type ClientCancelPendingRequest = InferType<typeof clientCancelPendingSchema>;

export const clientApproveSchema = requestObject({
  projectId: projectIdField(),
  action: mixed<'accept' | 'refuse'>().required().oneOf(['accept', 'refuse'] as const),
  paymentMethodId: string().optional().max(255),
});
export type ClientApproveRequest = InferType<typeof clientApproveSchema>;

/** PATCH /api/projects/:id, the admin's edit dialog. */
export const updateProjectSchema = requestObject({
  title: string().optional().test('not-blank', required, (v) => v === undefined || !!v.trim()).max(200),
  description: string().optional().max(10_000),
  tier: tierField().optional(),
  client_name: string().optional().max(200),
  client_email: string().optional().matches(SIMPLE_EMAIL_PATTERN, VALIDATION.customer.emailInvalid),
  company: string().nullable().optional().max(200),
  cost: number().nullable().optional().min(0).max(10_000_000),
  downpayment: number().nullable().optional().min(0).max(10_000_000),
  stripe_price_id: string().nullable().optional().max(255),
}).test('at-least-one', API_MESSAGES.nothingToUpdate, (v) => Object.keys(v ?? {}).length > 0);
export type UpdateProjectRequest = InferType<typeof updateProjectSchema>;
