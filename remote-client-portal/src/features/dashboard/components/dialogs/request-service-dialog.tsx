import { useRef, useState, type FormEvent } from 'react';
import {
  BUDGET_OPTIONS,
  CURRENCY,
  findTier,
  isFixedPriceTier,
  isSubscriptionTier,
  MIN_DESCRIPTION_LENGTH,
  SERVICE_TIERS,
  TIMELINE_OPTIONS,
  toCents,
  type BudgetRange,
  type Timeline,
} from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { useAuthStore } from '@agency/auth';
import { CardField, PaymentProvider, useConfirmCardPayment } from '@agency/payments';
import { Box, Link, Stack, Text, useOverlays } from '@agency/ui';
import { Alert, DialogActions, SelectField, TextField, TextareaField } from '@agency/ui/forms';
import { apiClient } from '@agency/auth/api';
import { newPaymentAttemptKey } from '@agency/payments';
import { paymentConfig } from '../../../../lib/payment-config';
import { splitName } from '../../../../lib/project-view';
import { stripeReason } from '../../../../lib/card-errors';
import { toastError, toastSuccess } from '../../../../lib/toast';
import type { CardProblem } from '../../../../components/card-entry';
import { waitForPurchase } from '@agency/payments';
import type { DialogProps } from '../../types';

const m = CLIENT_MESSAGES.request;
const e = CLIENT_MESSAGES.errors;

type FieldName = 'serviceType' | 'projectName' | 'description' | 'budget' | 'timeline' | 'card';
type Values = Record<Exclude<FieldName, 'card'>, string>;
const EMPTY: Values = { serviceType: '', projectName: '', description: '', budget: '', timeline: '' };
const ORDER: FieldName[] = ['serviceType', 'projectName', 'description', 'budget', 'timeline', 'card'];

const SERVICE_OPTIONS = SERVICE_TIERS.map((tier) => ({
  value: String(tier.id),
  label: `${tier.name} (${tier.price})`,
}));

/** Which fields are missing (spec section 5): type, name, description; budget and timeline for tiers 3/4; a complete card for 1/2. */
export function missingFields(values: Values, cardComplete: boolean): FieldName[] {
  const tier = Number(values.serviceType);
  const missing: FieldName[] = [];
  if (!findTier(tier)) missing.push('serviceType');
  if (!values.projectName.trim()) missing.push('projectName');
  if (!values.description.trim()) missing.push('description');
  if (isSubscriptionTier(tier)) {
    if (!values.budget) missing.push('budget');
    if (!values.timeline) missing.push('timeline');
  }
  if (isFixedPriceTier(tier) && !cardComplete) missing.push('card');
  return missing;
}

export function RequestServiceDialog(props: DialogProps) {
  return (
    <PaymentProvider config={paymentConfig()}>
      <RequestServiceForm {...props} />
    </PaymentProvider>
  );
}

function RequestServiceForm({ onClose, onDone }: DialogProps) {
  const { DialogShell } = useOverlays();
  const user = useAuthStore((s) => s.user);
  const { confirmCardPayment } = useConfirmCardPayment();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'paying'>('idle');
  const [cardComplete, setCardComplete] = useState(false);
  /** A card the bank refused: said beside the card (and cleared by the next attempt), never left in a toast. */
  const [cardProblem, setCardProblem] = useState<CardProblem>();
  const attemptKey = useRef(newPaymentAttemptKey());
  const serviceTypeRef = useRef<HTMLSelectElement>(null);
  const projectNameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const budgetRef = useRef<HTMLSelectElement>(null);
  const timelineRef = useRef<HTMLSelectElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = phase !== 'idle';
  const tier = Number(values.serviceType);
  const paid = isFixedPriceTier(tier);
  const deposit = paid ? findTier(tier)!.downpaymentDollars! : 0;

  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function focusField(name: FieldName) {
    const refs = {
      serviceType: serviceTypeRef,
      projectName: projectNameRef,
      description: descriptionRef,
      budget: budgetRef,
      timeline: timelineRef,
    };
    (name === 'card' ? alertRef : refs[name]).current?.focus();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const missing = missingFields(values, cardComplete);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((name) => [name, m.fieldRequired])));
      setFormError(m.required);
      focusField(ORDER.find((name) => missing.includes(name))!);
      return;
    }
    if (values.description.trim().length < MIN_DESCRIPTION_LENGTH) {
      setErrors({ description: m.descriptionTooShort });
      setFormError(undefined);
      descriptionRef.current?.focus();
      return;
    }
    setErrors({});
    setFormError(undefined);
    setCardProblem(undefined);
    if (paid) await payDeposit();
    else await createProject();
  }

  async function createProject() {
    setPhase('sending');
    let created;
    try {
      created = await apiClient().createProject({
        body: {
          title: values.projectName.trim(),
          tier: tier as 3 | 4,
          status: 'pending',
          description: values.description.trim(),
          ...(user && { client: user.fullName || user.email, clientEmail: user.email }),
          monthly_budget_range: values.budget as BudgetRange,
          timeline: values.timeline as Timeline,
        },
      });
    } catch {
      toastError(e.createProject);
      setPhase('idle');
      return;
    }
    toastSuccess(CLIENT_MESSAGES.toasts.requestSubmitted);
    onDone(created.project);
  }

  /** Tiers 1/2: the deposit intent (as a purchase), the card confirmation, then the server creates the project. */
  async function payDeposit() {
    setPhase('paying');
    try {
      const email = user?.email ?? '';
      const { firstName, lastName } = splitName(user?.fullName ?? '', email);
      let intent;
      try {
        intent = await apiClient().downpaymentIntent(
          {
            body: {
              amount: toCents(deposit),
              currency: CURRENCY,
              email,
              projectId: null,
              userId: user?.id ?? null,
              metadata: { type: 'purchase', clientName: `${firstName} ${lastName}`, tier: tier as 1 | 2 },
              projectName: values.projectName.trim(),
              customer: {
                firstName,
                lastName,
                email,
                projectDescription: `${values.projectName.trim()}\n\n${values.description.trim()}`,
                acceptedTerms: true,
              },
            },
          },
          { headers: { 'Idempotency-Key': attemptKey.current } },
        );
        if (!intent.clientSecret) throw new Error('No client secret');
      } catch {
        toastError(e.generic);
        return;
      }
      const result = await confirmCardPayment(intent.clientSecret, {
        name: `${firstName} ${lastName}`,
        email,
      });
      if (!result.ok) {
        attemptKey.current = newPaymentAttemptKey();
        setCardProblem({ message: e.requestPayment, reason: stripeReason(result.stripeError) });
        return;
      }
      const outcome = await waitForPurchase(result.paymentIntent.id);
      if (outcome === 'failed') {
        attemptKey.current = newPaymentAttemptKey();
        setCardProblem({ message: e.requestPayment, reason: e.cardDeclined });
        return;
      }
      if (outcome === 'refunded') {
        toastError(e.paidButNotCreated);
        onDone();
        return;
      }
      toastSuccess(CLIENT_MESSAGES.toasts.requestSubmitted);
      onDone();
    } finally {
      setPhase('idle');
    }
  }

  return (
    <DialogShell
      title={m.title}
      onClose={onClose}
      busy={busy}
      initialFocusRef={serviceTypeRef}
      footer={
        <DialogActions
          form="request-service-form"
          cancelLabel={CLIENT_MESSAGES.actions.back}
          onCancel={onClose}
          busy={busy}
          busyLabel={phase === 'paying' ? m.paying : m.sending}
          submitLabel={paid ? m.pay(deposit) : m.submit}
        />
      }
    >
      <form id="request-service-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {m.intro}
          </Text>
          {formError ? (
            <Alert.Root status="error" ref={alertRef} tabIndex={-1} role="alert">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <SelectField
            name="serviceType"
            label={m.serviceType}
            placeholder={m.serviceTypePlaceholder}
            options={SERVICE_OPTIONS}
            required
            disabled={busy}
            value={values.serviceType}
            error={errors.serviceType}
            fieldRef={serviceTypeRef}
            onChange={set('serviceType')}
          />
          <TextField
            name="projectName"
            label={m.projectName}
            required
            disabled={busy}
            value={values.projectName}
            error={errors.projectName}
            fieldRef={projectNameRef}
            onChange={set('projectName')}
          />
          <TextareaField
            name="description"
            label={m.description}
            placeholder={m.descriptionPlaceholder}
            required
            disabled={busy}
            value={values.description}
            error={errors.description}
            fieldRef={descriptionRef}
            onChange={set('description')}
          />
          {isSubscriptionTier(tier) ? (
            <>
              <SelectField
                name="budget"
                label={m.budget}
                placeholder={m.budgetPlaceholder}
                options={BUDGET_OPTIONS}
                required
                disabled={busy}
                value={values.budget}
                error={errors.budget}
                fieldRef={budgetRef}
                onChange={set('budget')}
              />
              <SelectField
                name="timeline"
                label={m.timeline}
                placeholder={m.timelinePlaceholder}
                options={TIMELINE_OPTIONS}
                required
                disabled={busy}
                value={values.timeline}
                error={errors.timeline}
                fieldRef={timelineRef}
                onChange={set('timeline')}
              />
            </>
          ) : null}
          {paid ? (
            <Stack gap="2">
              <Text fontWeight="medium">{m.deposit(deposit)}</Text>
              <Box>
                <CardField
                  disabled={busy}
                  onChange={(state) => {
                    setCardComplete(state.complete);
                    if (state.complete && errors.card)
                      setErrors((current) => ({ ...current, card: undefined }));
                  }}
                />
                {errors.card ? (
                  <Text color="fg.error" fontSize="sm" mt="1.5">
                    {errors.card}
                  </Text>
                ) : null}
                {cardProblem ? (
                  <Text role="alert" color="fg.error" fontSize="sm" mt="1.5">
                    {cardProblem.reason ? <span>{cardProblem.reason} </span> : null}
                    <span>{cardProblem.message}</span>
                  </Text>
                ) : null}
              </Box>
              <Text fontSize="sm" color="fg.muted">
                {m.termsNotice}{' '}
                <Link
                  href="/terms-of-service"
                  target="_blank"
                  rel="noopener noreferrer"
                  color="brand.fg"
                  textDecoration="underline"
                >
                  {m.terms}
                  <Text as="span" srOnly>
                    {' '}
                    {m.newTab}
                  </Text>
                </Link>
                .
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </form>
    </DialogShell>
  );
}
