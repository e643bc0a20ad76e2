import type { FormEvent } from 'react';
import { useFormik } from 'formik';
import { CONTACT_TOASTS } from '@agency/domain/messages/contact';
import { contactFormSchema, type ContactFormRequest } from '@agency/domain/schemas/contact-form';
import { Button, SimpleGrid, Stack, toaster } from '@agency/ui';
import { Field, Input, Textarea } from '@agency/ui/forms';
import { sendContactMessage } from '../api/send-contact-message';

type ContactValues = Required<ContactFormRequest>;

const EMPTY: ContactValues = { firstName: '', lastName: '', email: '', company: '', projectDetails: '' };
const FIELD_ORDER: readonly (keyof ContactValues)[] = [
  'firstName',
  'lastName',
  'email',
  'company',
  'projectDetails',
];
const fieldId = (name: keyof ContactValues) => `contact-${name}`;

export function ContactForm() {
  const formik = useFormik<ContactValues>({
    initialValues: EMPTY,
    validationSchema: contactFormSchema,
    onSubmit: async (values, { resetForm }) => {
      try {
        await sendContactMessage(values);
        toaster.create({ ...CONTACT_TOASTS.success, type: 'success' });
        resetForm();
      } catch {
        toaster.create({ ...CONTACT_TOASTS.failure, type: 'error' });
      }
    },
  });

  // Formik submits only a valid form; on an invalid one, move focus to the first field to fix.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = await formik.validateForm();
    formik.handleSubmit();
    const firstInvalid = FIELD_ORDER.find((name) => errors[name]);
    if (firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
  };

  const errorOf = (name: keyof ContactValues) => (formik.touched[name] ? formik.errors[name] : undefined);
  const inputProps = (name: keyof ContactValues) => ({
    name,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Send a Message">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <Field.Root id={fieldId('firstName')} required invalid={!!errorOf('firstName')}>
            <Field.Label>
              First Name
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...inputProps('firstName')} autoComplete="given-name" />
            <Field.ErrorText>{errorOf('firstName')}</Field.ErrorText>
          </Field.Root>
          <Field.Root id={fieldId('lastName')} required invalid={!!errorOf('lastName')}>
            <Field.Label>
              Last Name
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...inputProps('lastName')} autoComplete="family-name" />
            <Field.ErrorText>{errorOf('lastName')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root id={fieldId('email')} required invalid={!!errorOf('email')}>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input {...inputProps('email')} type="email" autoComplete="email" inputMode="email" />
          <Field.ErrorText>{errorOf('email')}</Field.ErrorText>
        </Field.Root>
        <Field.Root id={fieldId('company')} invalid={!!errorOf('company')}>
          <Field.Label>Company (optional)</Field.Label>
          <Input {...inputProps('company')} autoComplete="organization" />
          <Field.ErrorText>{errorOf('company')}</Field.ErrorText>
        </Field.Root>
        <Field.Root id={fieldId('projectDetails')} required invalid={!!errorOf('projectDetails')}>
          <Field.Label>
            Project Details
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            {...inputProps('projectDetails')}
            rows={5}
            placeholder="Tell us about your project, goals and timeline"
          />
          <Field.ErrorText>{errorOf('projectDetails')}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={formik.isSubmitting}
          loadingText="Sending..."
          aria-busy={formik.isSubmitting}
          alignSelf={{ base: 'stretch', sm: 'start' }}
        >
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
