import type { AnyObjectSchema, SchemaDescription, SchemaFieldDescription } from 'yup';
import { API_ROUTES, type ApiRouteKey, type RequestContract } from './api-contract';
import {
  cancelProjectSchema,
  clientApproveSchema,
  clientCancelPendingSchema,
  createProjectSchema,
  inboxQuerySchema,
  inboxReadSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  projectIdSchema,
  projectListQuerySchema,
  ticketListQuerySchema,
  updateProjectSchema,
} from './schemas/projects';
import { contactFormSchema } from './schemas/contact-form';
import { scheduleConsultationSchema } from './schemas/consultation';
import { createTicketSchema, updateTicketSchema } from './schemas/tickets';
import { remoteHealthReportSchema } from './schemas/remote-health';
import {
  downpaymentIntentSchema,
  monthlyRevenueQuerySchema,
  payOpenInvoiceSchema,
  processFinalPaymentSchema,
  stripeRefundSchema,
  subscriptionPlansQuerySchema,
} from './schemas/payments';
import { createFileUploadSchema, fileDeliverableSchema } from './files';
import {
  emailSettingsSchema,
  inboxConvertSchema,
  inboxLinkSchema,
  inboxReplySchema,
  messageListQuerySchema,
  postMessageSchema,
} from './conversation';
import { billingDetailsSchema, saveCardSchema } from './billing';
import { sendProposalSchema } from './proposals';

/**
 * What each route of the API takes: the schema its body, or its query, is read with. The server reads every
 * body and query through this table (api/src/http/read-body.ts) and answers unknown fields with a 400, so its
 * field names are exactly what the running API accepts: the request contract a remote's release is checked
 * against (tools/federation/api-requests.mjs). The routes not listed read neither (path parameters only).
 */
export const REQUEST_SCHEMAS = {
  contactForm: { body: contactFormSchema },
  scheduleConsultation: { body: scheduleConsultationSchema },
  createProject: { body: createProjectSchema },
  cancelProject: { body: cancelProjectSchema },
  clientCancelPendingProject: { body: clientCancelPendingSchema },
  checkPenalty: { body: projectIdSchema },
  clientApproveProject: { body: clientApproveSchema },
  completeProject: { body: projectIdSchema },
  listProjects: { query: projectListQuerySchema },
  listTickets: { query: ticketListQuerySchema },
  listNotifications: { query: notificationsQuerySchema },
  markNotificationsRead: { body: notificationsReadSchema },
  listInbox: { query: inboxQuerySchema },
  markInboxRead: { body: inboxReadSchema },
  updateProject: { body: updateProjectSchema },
  createTicket: { body: createTicketSchema },
  updateTicket: { body: updateTicketSchema },
  downpaymentIntent: { body: downpaymentIntentSchema },
  processFinalPayment: { body: processFinalPaymentSchema },
  stripeRefund: { body: stripeRefundSchema },
  payOpenInvoice: { body: payOpenInvoiceSchema },
  subscriptionPlans: { query: subscriptionPlansQuerySchema },
  monthlyRevenue: { query: monthlyRevenueQuerySchema },
  reportRemoteHealth: { body: remoteHealthReportSchema },
  createFileUpload: { body: createFileUploadSchema },
  setFileDeliverable: { body: fileDeliverableSchema },
  listMessages: { query: messageListQuerySchema },
  postMessage: { body: postMessageSchema },
  updateEmailSettings: { body: emailSettingsSchema },
  replyInbox: { body: inboxReplySchema },
  linkInbox: { body: inboxLinkSchema },
  convertInbox: { body: inboxConvertSchema },
  updateBillingDetails: { body: billingDetailsSchema },
  saveCard: { body: saveCardSchema },
  revenueReport: { query: monthlyRevenueQuerySchema },
  ledgerExport: { query: monthlyRevenueQuerySchema },
  billingReconciliation: { query: monthlyRevenueQuerySchema },
  sendProposal: { body: sendProposalSchema },
} as const satisfies { [K in ApiRouteKey]?: { body: AnyObjectSchema } | { query: AnyObjectSchema } };

type RequestSchemas = typeof REQUEST_SCHEMAS;
/** Routes whose JSON body is read with a schema, and routes whose query is. */
export type BodyRouteKey = {
  [K in keyof RequestSchemas]: RequestSchemas[K] extends { body: unknown } ? K : never;
}[keyof RequestSchemas];
export type QueryRouteKey = {
  [K in keyof RequestSchemas]: RequestSchemas[K] extends { query: unknown } ? K : never;
}[keyof RequestSchemas];

function fieldNames(description: SchemaFieldDescription, prefix = ''): string[] {
  const fields = (description as SchemaDescription & { fields?: Record<string, SchemaFieldDescription> })
    .fields;
  if (!fields) return [];
  return Object.entries(fields).flatMap(([name, field]) => [
    `${prefix}${name}`,
    ...fieldNames(field, `${prefix}${name}.`),
  ]);
}

export function requestContract(): RequestContract {
  const contract: RequestContract = {};
  for (const [key, parts] of Object.entries(REQUEST_SCHEMAS) as [keyof RequestSchemas, object][]) {
    const { method, path } = API_ROUTES[key];
    contract[`${method} ${path}`] = Object.fromEntries(
      Object.entries(parts as Record<'body' | 'query', AnyObjectSchema>).map(([part, schema]) => [
        part,
        fieldNames(schema.describe()).sort(),
      ]),
    );
  }
  return contract;
}
