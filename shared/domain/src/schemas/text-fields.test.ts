import type { AnyObjectSchema, ValidationError } from 'yup';
import * as domain from '../index';
import { INVALID_CHARACTERS, VALIDATION } from '../messages/validation';
import { purchaseCustomerSchema } from '../payments-purchase';
import { consultationFormSchema } from './consultation-form';
import { purchaseFormSchema } from './purchase-form';

const ID = '0b8e0f0c-8d5e-4a8e-9d7c-6f0e4e7d2a11';
const customer = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  company: 'Analytical Engines',
  projectDescription: 'An engine for numbers',
  acceptedTerms: true,
};
const consultation = {
  ...customer,
  budget: '15k-50k',
  timeline: 'asap',
  // Never in the past where the sender is (schemas/preferred-slot.ts).
  preferredDate: '2999-01-05',
  preferredTime: '10:00',
  preferredTimeZone: 'Europe/Berlin',
};

/** Every request schema with a body that sets every one of its fields. */
const SCHEMAS: Record<string, [AnyObjectSchema, Record<string, unknown>]> = {
  contactFormSchema: [
    domain.contactFormSchema,
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      company: 'Engines',
      projectDetails: 'An analytical engine.',
    },
  ],
  scheduleConsultationSchema: [domain.scheduleConsultationSchema, { tier: '3', ...consultation }],
  consultationFormSchema: [consultationFormSchema, consultation],
  purchaseFormSchema: [purchaseFormSchema, customer],
  purchaseCustomerSchema: [purchaseCustomerSchema, customer],
  downpaymentIntentSchema: [
    domain.downpaymentIntentSchema,
    {
      amount: 25000,
      currency: 'usd',
      email: 'ada@example.test',
      projectId: ID,
      userId: ID,
      metadata: { type: 'purchase', clientName: 'Ada Lovelace', tier: '1', project_id: ID },
      customer,
      projectName: 'Studio booking app',
    },
  ],
  processFinalPaymentSchema: [
    domain.processFinalPaymentSchema,
    { projectId: ID, paymentMethodId: 'pm_card_visa' },
  ],
  stripeRefundSchema: [domain.stripeRefundSchema, { projectId: ID, paymentIntentId: 'pi_123' }],
  payOpenInvoiceSchema: [domain.payOpenInvoiceSchema, { paymentMethodId: 'pm_card_visa' }],
  createProjectSchema: [
    domain.createProjectSchema,
    {
      title: 'Platform',
      tier: 3,
      status: 'pending',
      description: 'Scale our platform',
      client: 'Ada Lovelace',
      clientEmail: 'ada@example.test',
      company: 'Engines',
      monthly_budget_range: '5k-15k',
      timeline: 'asap',
    },
  ],
  projectIdSchema: [domain.projectIdSchema, { projectId: ID }],
  cancelProjectSchema: [
    domain.cancelProjectSchema,
    {
      projectId: ID,
      cancelledBy: 'client',
      issueRefund: false,
      cancellationReason: 'Budget cut',
      paymentMethodId: 'pm_1',
    },
  ],
  clientCancelPendingSchema: [
    domain.clientCancelPendingSchema,
    { projectId: ID, cancellationReason: 'Budget cut' },
  ],
  clientApproveSchema: [
    domain.clientApproveSchema,
    {
      projectId: ID,
      action: 'accept',
      paymentMethodId: 'pm_card_visa',
      monthlyFee: 15000,
      proposalVersion: 2,
      proposalHash: 'a'.repeat(64),
      agreed: true,
      signedName: 'Ada Lovelace',
    },
  ],
  sendProposalSchema: [
    domain.sendProposalSchema,
    {
      scope: 'Scale our platform.\n- Weekly review',
      deliverables: ['Scaling plan', 'Team plan'],
      monthlyFee: 15000,
      validUntil: '2030-01-31',
    },
  ],
  updateProjectSchema: [
    domain.updateProjectSchema,
    {
      title: 'Platform',
      description: 'Scale our platform',
      tier: 3,
      client_name: 'Ada Lovelace',
      client_email: 'ada@example.test',
      company: 'Engines',
      cost: 15000,
      downpayment: null,
    },
  ],
  createTicketSchema: [
    domain.createTicketSchema,
    {
      project_id: ID,
      title: 'Login page',
      description: 'Build it',
      assignee: 'Grace',
      board_type: 'main',
      status: 'done',
    },
  ],
  updateTicketSchema: [
    domain.updateTicketSchema,
    { status: 'done', title: 'Login page', description: 'Build it', assignee: 'Grace' },
  ],
  projectListQuerySchema: [
    domain.projectListQuerySchema,
    { view: 'active', q: 'shop', tier: '1', sort: 'title', limit: '10', cursor: 'eyJzZXEiOjF9' },
  ],
  ticketListQuerySchema: [
    domain.ticketListQuerySchema,
    { projectId: ID, board: 'main', limit: '10', cursor: 'MTI' },
  ],
  notificationsReadSchema: [domain.notificationsReadSchema, { ids: ['12'], all: false }],
  notificationsQuerySchema: [domain.notificationsQuerySchema, { unread: '1', limit: '20', cursor: '12' }],
  subscriptionPlansQuerySchema: [domain.subscriptionPlansQuerySchema, { tier: '3' }],
  monthlyRevenueQuerySchema: [domain.monthlyRevenueQuerySchema, { month: '2026-11' }],
  inboxQuerySchema: [
    domain.inboxQuerySchema,
    { kind: 'contact', status: 'unread', q: 'shop', limit: '10', cursor: 'eyJhdCI6MX0' },
  ],
  inboxReadSchema: [domain.inboxReadSchema, { kind: 'contact', id: ID, read: true }],
  // Issue 34: project files, and the conversation's schemas (merged from its branch).
  createFileUploadSchema: [domain.createFileUploadSchema, { name: 'Brief 📎.pdf', size: 1024 }],
  fileDeliverableSchema: [domain.fileDeliverableSchema, { deliverable: true }],
  postMessageSchema: [domain.postMessageSchema, { body: 'See the brief 📎', ticketId: ID, fileIds: [ID] }],
  messageListQuerySchema: [domain.messageListQuerySchema, { ticketId: ID, limit: '30', cursor: 'MTI' }],
  emailSettingsSchema: [domain.emailSettingsSchema, { messageAlerts: true, ticketDigest: false }],
  inboxReplySchema: [domain.inboxReplySchema, { kind: 'contact', id: ID, body: 'Thanks, we will call.' }],
  inboxLinkSchema: [domain.inboxLinkSchema, { id: ID, projectId: ID }],
  inboxConvertSchema: [domain.inboxConvertSchema, { id: ID }],
  remoteHealthReportSchema: [
    domain.remoteHealthReportSchema,
    { remote: 'checkout', release: '0.1.0-abc', outcome: 'failed', phase: 'render', errorClass: 'TypeError' },
  ],
  releaseRollbackNoticeSchema: [
    domain.releaseRollbackNoticeSchema,
    {
      remote: 'checkout',
      release: '0.1.0-abc',
      restored: '0.1.0-def',
      reason: 'automatic: failure rate',
      at: '2026-11-27T12:00:00.000Z',
    },
  ],
};

/** Text a person writes (names, descriptions): any character a person can type, emoji included. */
const FREE_TEXT = new Set([
  'firstName',
  'lastName',
  'company',
  'projectDetails',
  'projectDescription',
  'description',
  'title',
  'client',
  'client_name',
  'clientName',
  'assignee',
  'cancellationReason',
  'q',
  'body',
]);

/** Multi-line text: newlines and tabs are fine there. */
const MULTI_LINE = new Set([
  'projectDetails',
  'projectDescription',
  'description',
  'cancellationReason',
  'body',
  'scope',
]);

/** The message for a NUL byte by path or field name: the field's own, or the spec's for an invalid value of that kind. */
const EXPECTED_MESSAGE: Record<string, string> = {
  body: domain.CONVERSATION_MESSAGES.invalid,
  firstName: INVALID_CHARACTERS.firstName,
  lastName: INVALID_CHARACTERS.lastName,
  email: VALIDATION.customer.emailInvalid,
  clientEmail: VALIDATION.customer.emailInvalid,
  client_email: VALIDATION.customer.emailInvalid,
  company: INVALID_CHARACTERS.company,
  projectDetails: INVALID_CHARACTERS.projectDetails,
  projectDescription: INVALID_CHARACTERS.projectDescription,
  description: INVALID_CHARACTERS.description,
  title: INVALID_CHARACTERS.title,
  client: INVALID_CHARACTERS.clientName,
  client_name: INVALID_CHARACTERS.clientName,
  clientName: INVALID_CHARACTERS.clientName,
  assignee: INVALID_CHARACTERS.assignee,
  cancellationReason: INVALID_CHARACTERS.cancellationReason,
  preferredDate: INVALID_CHARACTERS.preferredDate,
  preferredTime: INVALID_CHARACTERS.preferredTime,
  paymentMethodId: INVALID_CHARACTERS.paymentMethodId,
  paymentIntentId: INVALID_CHARACTERS.paymentIntentId,
  'metadata.type': INVALID_CHARACTERS.paymentType,
  userId: INVALID_CHARACTERS.userId,
  'metadata.tier': INVALID_CHARACTERS.tier,
  q: INVALID_CHARACTERS.search,
};

/** Paths of every string value in a body, nested objects and arrays included (yup's `a.b` and `ids[0]`). */
function textPaths(body: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(body).flatMap(([key, value]) => {
    if (typeof value === 'string') return [`${prefix}${key}`];
    if (Array.isArray(value))
      return value.flatMap((item, i) => (typeof item === 'string' ? [`${prefix}${key}[${i}]`] : []));
    if (value && typeof value === 'object')
      return textPaths(value as Record<string, unknown>, `${prefix}${key}.`);
    return [];
  });
}

function withValue(
  body: Record<string, unknown>,
  path: string,
  change: (value: string) => string,
): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const item = /^(\w+)\[(\d+)\]$/.exec(head!);
  if (item && rest.length === 0) {
    const list = [...(body[item[1]!] as string[])];
    list[Number(item[2])] = change(list[Number(item[2])]!);
    return { ...body, [item[1]!]: list };
  }
  const current = body[head!];
  if (rest.length === 0) return { ...body, [head!]: change(current as string) };
  return { ...body, [head!]: withValue(current as Record<string, unknown>, rest.join('.'), change) };
}

function errorsAt(schema: AnyObjectSchema, body: unknown): Record<string, string> {
  try {
    schema.validateSync(body, { abortEarly: false, strict: true });
    return {};
  } catch (error) {
    const errors: Record<string, string> = {};
    for (const issue of (error as ValidationError).inner) errors[issue.path ?? ''] ??= issue.message;
    return errors;
  }
}

describe('text fields of every request schema', () => {
  it('the table covers every schema the domain exports, and each body sets every field', () => {
    const exported = Object.keys(domain).filter((name) => name.endsWith('Schema'));
    expect(Object.keys(SCHEMAS)).toEqual(expect.arrayContaining(exported));
    for (const [name, [schema, body]] of Object.entries(SCHEMAS)) {
      expect([name, Object.keys(schema.describe().fields).sort()]).toEqual([name, Object.keys(body).sort()]);
      expect([name, errorsAt(schema, body)]).toEqual([name, {}]);
    }
  });

  const cases = Object.entries(SCHEMAS).flatMap(([name, [schema, body]]) =>
    textPaths(body).map((path) => [name, path, schema, body] as const),
  );

  it.each(cases)('%s.%s refuses a NUL byte with the field message', (_name, path, schema, body) => {
    const field = path.split('.').pop()!;
    const errors = errorsAt(
      schema,
      withValue(body, path, (v) => `${v}\u0000`),
    );
    expect(errors[path]).toEqual(EXPECTED_MESSAGE[path] ?? EXPECTED_MESSAGE[field] ?? expect.any(String));
  });

  it.each(cases)(
    '%s.%s refuses a lone UTF-16 surrogate with the field message',
    (_name, path, schema, body) => {
      const field = path.split('.').pop()!;
      for (const change of [
        (v: string) => `${v}\ud800`,
        (v: string) => `\udfff${v}`,
        // A pair written the wrong way round is two lone halves.
        (v: string) => `${v}\ude80\ud83d`,
      ]) {
        expect(errorsAt(schema, withValue(body, path, change))[path]).toEqual(
          EXPECTED_MESSAGE[path] ?? EXPECTED_MESSAGE[field] ?? expect.any(String),
        );
      }
    },
  );

  it.each(cases.filter(([, path]) => FREE_TEXT.has(path.split('.').pop()!)))(
    '%s.%s takes characters beyond U+FFFF (a surrogate pair)',
    (_name, path, schema, body) => {
      expect(
        errorsAt(
          schema,
          withValue(body, path, (v) => `${v} \u{1F680}\u{20BB7}`),
        )[path],
      ).toBeUndefined();
    },
  );

  it.each(cases)('%s.%s refuses other control characters', (_name, path, schema, body) => {
    for (const character of ['\u0001', '\u001b', '\u007f', '\u0085', '\u000b']) {
      expect(
        errorsAt(
          schema,
          withValue(body, path, (v) => `${v}${character}`),
        )[path],
      ).toBeDefined();
    }
  });

  it.each(cases)(
    '%s.%s takes newlines and tabs only where text is multi-line',
    (_name, path, schema, body) => {
      const field = path.split('.').pop()!;
      for (const character of ['\n', '\r\n', '\t']) {
        const error = errorsAt(
          schema,
          withValue(body, path, (v) => `${v}${character}more`),
        )[path];
        if (MULTI_LINE.has(field)) expect(error).toBeUndefined();
        else expect(error).toBeDefined();
      }
    },
  );
});

describe('e-mail addresses', () => {
  const contact = SCHEMAS.contactFormSchema![1];

  it.each([
    'ada@example.test',
    'ada.lovelace+engines@mail.example.co.uk',
    `${'a'.repeat(64)}@example.test`,
    'ada\u{1F680}@example.test',
  ])('accepts %s', (email) => {
    expect(errorsAt(domain.contactFormSchema, { ...contact, email })).toEqual({});
  });

  it.each([
    ['a list', 'ada@example.test,grace@example.test'],
    ['a list with spaces', 'ada@example.test, grace@example.test'],
    ['a semicolon list', 'ada@example.test;grace@example.test'],
    ['an injected header', 'ada@example.test\r\nBcc: victim@example.test'],
    ['a display name', 'Ada <ada@example.test>'],
    ['a NUL byte', 'ada\u0000@example.test'],
    ['a lone surrogate', 'ada\ud800@example.test'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.test`],
    ['over 254 characters', `ada@${'a'.repeat(250)}.test`],
  ])('refuses %s', (_what, email) => {
    expect(errorsAt(domain.contactFormSchema, { ...contact, email })).toEqual({
      email: VALIDATION.contact.email,
    });
  });
});
