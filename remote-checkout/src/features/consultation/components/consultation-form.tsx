import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import { useAuthStore, type AuthUser } from '@agency/auth';
import { BUDGET_OPTIONS, TIMELINE_OPTIONS, VALIDATION, type ConsultationTierKey } from '@agency/domain';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';
import {
  consultationFormSchema,
  EMPTY_CONSULTATION_FORM,
  type ConsultationFormValues,
} from '@agency/domain/schemas/consultation-form';
import { browserTimeZone } from '@agency/domain/schemas/preferred-slot';
import { Button, Heading, SimpleGrid, Stack, toaster } from '@agency/ui';
import { SelectField, TextField } from '@agency/ui/forms';
import { CustomerFields } from '../../../components/customer-fields';
import { TermsCheckbox } from '../../../components/terms-checkbox';
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

/** The one toast of the form: a new one replaces it, a complete form removes it. */
const FORM_TOAST_ID = 'consultation-details';

/** Empty fields, the signed-in client's details, and the browser's time zone for the preferred date and time. */
const initialValues = (user: AuthUser | null): ConsultationFormValues => ({
  ...EMPTY_CONSULTATION_FORM,
  ...customerPrefill(user),
  preferredTimeZone: browserTimeZone() ?? '',
});

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
  const user = useAuthStore((state) => state.user);
  const { submit, sending } = useScheduleConsultation(tierKey, serviceName);
  const formRef = useRef<HTMLFormElement>(null);
  const formik = useFormik<ConsultationFormValues>({
    initialValues: initialValues(user),
    validationSchema: consultationFormSchema,
    onSubmit: () => {},
  });
  const { values, errors, touched, dirty, setValues } = formik;
  const valid = useMemo(() => consultationFormSchema.isValidSync(values), [values]);

  useEffect(() => {
    if (user && !dirty) void setValues(initialValues(user), true);
  }, [user, dirty, setValues]);

  // The form's toast goes once the form is complete: it no longer describes it.
  const formToastShown = useRef(false);
  useEffect(() => {
    if (!valid || !formToastShown.current) return;
    formToastShown.current = false;
    // After this commit: the toast queue updates its own React state.
    queueMicrotask(() => toaster.remove(FORM_TOAST_ID));
  }, [valid]);

  function focusFirstInvalid(fieldErrors: FormikErrors<ConsultationFormValues>) {
    const first = FIELD_ORDER.find((name) => fieldErrors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const fieldErrors = await formik.validateForm();
    if (Object.keys(fieldErrors).length > 0) {
      void formik.setTouched(Object.fromEntries(FIELD_ORDER.map((name) => [name, true])), false);
      if (!values.budget || !values.timeline) {
        toaster.create({
          id: FORM_TOAST_ID,
          title: VALIDATION.consultation.budgetAndTimeline,
          type: 'error',
        });
        formToastShown.current = true;
      }
      focusFirstInvalid(fieldErrors);
      return;
    }
    await submit(values);
  }

  const bind = (name: Exclude<keyof ConsultationFormValues, 'acceptedTerms'>) => ({
    name,
    value: values[name] ?? '',
    error: touched[name] ? errors[name] : undefined,
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
  });

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
