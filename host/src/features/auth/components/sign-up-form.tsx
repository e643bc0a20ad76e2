import { useId, useRef } from 'react';
import { useFormik } from 'formik';
import { AUTH_TOASTS, AUTH_VALIDATION, MIN_PASSWORD_LENGTH } from '@agency/domain';
import { signUp } from '@agency/auth';
import { Button, SimpleGrid, Stack, toaster } from '@agency/ui';
import { firstError, FormErrorAlert, TextField, useFocusFirstInvalid, type TextFieldProps } from '@agency/ui/forms';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}
const ORDER = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
const REQUIRED = ['firstName', 'lastName', 'email', 'password'] as const;

export function validateSignUp(values: Values) {
  const missing = REQUIRED.filter((name) => !values[name].trim());
  if (missing.length > 0)
    return Object.fromEntries(missing.map((name) => [name, AUTH_VALIDATION.signUpRequired]));
  if (values.password !== values.confirmPassword)
    return { confirmPassword: AUTH_VALIDATION.passwordsDoNotMatch };
  if (values.password.length < MIN_PASSWORD_LENGTH) return { password: AUTH_VALIDATION.passwordTooShort };
  return {};
}

const LABELS: Record<keyof Values, { label: string; type: TextFieldProps['type']; autoComplete: string }> = {
  firstName: { label: 'First Name', type: 'text', autoComplete: 'given-name' },
  lastName: { label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  password: { label: 'Password', type: 'password', autoComplete: 'new-password' },
  confirmPassword: { label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
};

/** First name, last name, email, password, confirm; on success the page asks the user to verify by e-mail. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = useId();
  const formik = useFormik<Values>({
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: validateSignUp,
    onSubmit: async (values, helpers) => {
      const email = values.email.trim();
      const result = await signUp({
        firstName: values.firstName,
        lastName: values.lastName,
        email,
        password: values.password,
      });
      if (!result.ok) {
        toaster.create({ ...AUTH_TOASTS.signupFailed, type: 'error' });
        return;
      }
      helpers.resetForm();
      onSignedUp(email);
    },
  });
  const errors = formik.submitCount > 0 ? (formik.errors as Record<string, string>) : {};
  useFocusFirstInvalid(formRef, formik.submitCount, formik.errors, ORDER, formik.isSubmitting);

  const field = (name: keyof Values) => (
    <TextField
      name={name}
      label={LABELS[name].label}
      required={name !== 'confirmPassword'}
      invalid={Boolean(errors[name])}
      type={LABELS[name].type}
      autoComplete={LABELS[name].autoComplete}
      value={formik.values[name]}
      onChange={formik.handleChange}
      aria-describedby={errors[name] ? errorId : undefined}
    />
  );

  return (
    <form ref={formRef} onSubmit={formik.handleSubmit} noValidate aria-label="Sign Up">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {field('firstName')}
          {field('lastName')}
        </SimpleGrid>
        {field('email')}
        {field('password')}
        {field('confirmPassword')}
        <FormErrorAlert id={errorId} message={firstError(errors, ORDER)} />
        <Button
          type="submit"
          colorPalette="blue"
          disabled={formik.isSubmitting}
          aria-busy={formik.isSubmitting}
        >
          {formik.isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
