import type { FormEvent } from 'react';
import type { AuthUser } from '@agency/auth';
import { BUDGET_OPTIONS, TIMELINE_OPTIONS, VALIDATION, type ConsultationTierKey } from '@agency/domain';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';
import {
  consultationFormSchema,
  EMPTY_CONSULTATION_FORM,
  type ConsultationFormValues,
} from '@agency/domain/schemas/consultation-form';
import { browserTimeZone } from '@agency/domain/schemas/preferred-slot';
import { Button, Heading, SimpleGrid, Stack } from '@agency/ui';
import { SelectField, TextField } from '@agency/ui/forms';
import { CustomerFields } from '../../../components/customer-fields';
import { TermsCheckbox } from '../../../components/terms-checkbox';
import { useCheckoutForm } from '../../../hooks/use-checkout-form';
import { customerPrefill } from '../../../lib/customer-prefill';
import { useScheduleConsultation } from '../hooks/use-schedule-consultation';

const m = CHECKOUT_MESSAGES.consultation;
const FIELD_ORDER: (keyof ConsultationFormValues)[] = [
  'firstName',
  'lastName',
  'email',
  'company',
  'projectDescription',
  'budget',
  'timeline',
  'preferredDate',
  'preferredTime',
  'acceptedTerms',
];

/** Empty fields, the signed-in client's details, and the browser's time zone for the preferred date and time. */
const initialValues = (user: AuthUser | null): ConsultationFormValues => ({
  ...EMPTY_CONSULTATION_FORM,
  ...customerPrefill(user),
  preferredTimeZone: browserTimeZone() ?? '',
});

/** The form's toast: only a missing budget or timeline has one (the other fields say what is wrong below them). */
const budgetAndTimelineToast = (form: ConsultationFormValues) =>
  !form.budget || !form.timeline ? { title: VALIDATION.consultation.budgetAndTimeline } : undefined;

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function ConsultationForm({
  tierKey,
  serviceName,
}: {
  tierKey: ConsultationTierKey;
  serviceName: string;
}) {
  const { submit, sending } = useScheduleConsultation(tierKey, serviceName);
  const { formik, formRef, valid, check, bind } = useCheckoutForm<ConsultationFormValues>({
    initialValues,
    validationSchema: consultationFormSchema,
    fieldOrder: FIELD_ORDER,
    toastId: 'consultation-details',
  });
  const { values, errors, touched } = formik;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (await check(budgetAndTimelineToast)) await submit(values);
  }

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={handleSubmit}
      aria-busy={sending}
      aria-labelledby="consultation-form-heading"
    >
      <Stack gap="5">
        <Heading as="h2" size="lg" id="consultation-form-heading">
          {m.formHeading}
        </Heading>
        <CustomerFields
          bind={bind}
          companyLabel="Company (optional)"
          descriptionPlaceholder="What are you building, and where do you need help?"
        />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <SelectField
            label="Budget Range"
            placeholder="Select a budget range"
            required
            options={BUDGET_OPTIONS}
            {...bind('budget')}
          />
          <SelectField
            label="Timeline"
            placeholder="Select a timeline"
            required
            options={TIMELINE_OPTIONS}
            {...bind('timeline')}
          />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField label="Preferred Date" type="date" min={today()} {...bind('preferredDate')} />
          <TextField
            label="Preferred Time"
            type="time"
            helperText={values.preferredTimeZone ? m.timeZoneHint(values.preferredTimeZone) : undefined}
            {...bind('preferredTime')}
          />
        </SimpleGrid>
        <TermsCheckbox
          name="acceptedTerms"
          checked={values.acceptedTerms}
          error={touched.acceptedTerms ? errors.acceptedTerms : undefined}
          onCheckedChange={formik.setFieldValue}
          onBlur={formik.handleBlur}
        />
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          width="full"
          aria-disabled={!valid || undefined}
          disabled={sending}
          loading={sending}
          loadingText={m.submitting}
        >
          {m.submit}
        </Button>
      </Stack>
    </form>
  );
}
