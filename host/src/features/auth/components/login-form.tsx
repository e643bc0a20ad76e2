import { useState } from 'react';
import { useFormik } from 'formik';
import { AUTH_TEXT, AUTH_TOASTS, AUTH_VALIDATION } from '@agency/domain';
import { login } from '@agency/auth';
import { Button, Stack, toaster } from '@agency/ui';
import { FormErrorAlert, SubmitButton, TextField, useOneAlertForm } from '@agency/ui/forms';
import { UnconfirmedEmailNotice } from './unconfirmed-email-notice';

interface Values {
  email: string;
  password: string;
}
const ORDER = ['email', 'password'] as const;

export function validateLogin(values: Values) {
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const name of ORDER) if (!values[name].trim()) errors[name] = AUTH_VALIDATION.loginRequired;
  return errors;
}

/** Email and password; Enter submits. On success the login page redirects (it watches the auth store). */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  /** The address whose password was right but which is not confirmed yet. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const formik = useFormik<Values>({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    onSubmit: async (values) => {
      setUnconfirmed(null);
      const result = await login(values.email.trim(), values.password);
      if (result === 'signed-in') toaster.create({ ...AUTH_TOASTS.loginSuccessful, type: 'success' });
      else if (result === 'email-not-confirmed') setUnconfirmed(values.email.trim());
      // The login page shows the code step.
      else if (result === 'second-factor-needed') return;
      else if (result === 'unreachable') toaster.create({ ...AUTH_TOASTS.authUnreachable, type: 'error' });
      else toaster.create({ ...AUTH_TOASTS.loginFailed, type: 'error' });
    },
  });
  const { formRef, alert, field } = useOneAlertForm(formik, ORDER);

  // method="post": without JavaScript the browser would otherwise put the password in the address.
  return (
    <form ref={formRef} method="post" onSubmit={formik.handleSubmit} noValidate aria-label="Login">
      <Stack gap="4">
        <TextField {...field('email')} label="Email" required type="email" autoComplete="email" />
        <TextField
          {...field('password')}
          label="Password"
          required
          type="password"
          autoComplete="current-password"
        />
        <FormErrorAlert {...alert} />
        {unconfirmed && <UnconfirmedEmailNotice email={unconfirmed} />}
        <SubmitButton busy={formik.isSubmitting} busyLabel="Logging in...">
          {AUTH_TEXT.login}
        </SubmitButton>
        <Button type="button" variant="plain" size="sm" alignSelf="center" onClick={onForgotPassword}>
          {AUTH_TEXT.forgotPassword}
        </Button>
      </Stack>
    </form>
  );
}
