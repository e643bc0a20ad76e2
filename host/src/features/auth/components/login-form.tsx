import { useId, useRef } from 'react';
import { useFormik } from 'formik';
import { AUTH_TEXT, AUTH_TOASTS, AUTH_VALIDATION } from '@agency/domain';
import { login } from '@agency/auth';
import { Button, Stack, toaster } from '@agency/ui';
import { firstError, FormErrorAlert, TextField, useFocusFirstInvalid } from '@agency/ui/forms';

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
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = useId();
  const formik = useFormik<Values>({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    onSubmit: async (values) => {
      if (await login(values.email.trim(), values.password)) {
        toaster.create({ ...AUTH_TOASTS.loginSuccessful, type: 'success' });
      } else {
        toaster.create({ ...AUTH_TOASTS.loginFailed, type: 'error' });
      }
    },
  });
  const errors = formik.submitCount > 0 ? (formik.errors as Record<string, string>) : {};
  useFocusFirstInvalid(formRef, formik.submitCount, formik.errors, ORDER, formik.isSubmitting);

  return (
    <form ref={formRef} onSubmit={formik.handleSubmit} noValidate aria-label="Login">
      <Stack gap="4">
        <TextField
          name="email"
          label="Email"
          required
          invalid={Boolean(errors.email)}
          type="email"
          autoComplete="email"
          value={formik.values.email}
          onChange={formik.handleChange}
          aria-describedby={errors.email ? errorId : undefined}
        />
        <TextField
          name="password"
          label="Password"
          required
          invalid={Boolean(errors.password)}
          type="password"
          autoComplete="current-password"
          value={formik.values.password}
          onChange={formik.handleChange}
          aria-describedby={errors.password ? errorId : undefined}
        />
        <FormErrorAlert id={errorId} message={firstError(errors, ORDER)} />
        <Button
          type="submit"
          colorPalette="blue"
          disabled={formik.isSubmitting}
          aria-busy={formik.isSubmitting}
        >
          {formik.isSubmitting ? 'Logging in...' : AUTH_TEXT.login}
        </Button>
        <Button type="button" variant="plain" size="sm" alignSelf="center" onClick={onForgotPassword}>
          {AUTH_TEXT.forgotPassword}
        </Button>
      </Stack>
    </form>
  );
}
