import { useId, useRef } from 'react';
import { useFormik } from 'formik';
import { AUTH_TOASTS, AUTH_VALIDATION, MIN_PASSWORD_LENGTH } from '@agency/domain';
import { Button, Stack, toaster } from '@agency/ui';
import { useAuthStore } from './auth-store';
import { updatePassword, verifyPassword } from './auth-service';
import { firstError, FormErrorAlert, TextField, useFocusFirstInvalid } from '@agency/ui/forms';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const ORDER = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function validateChangePassword(values: Values): Partial<Record<keyof Values, string>> {
  const empty = ORDER.filter((name) => !values[name]);
  if (empty.length > 0)
    return Object.fromEntries(empty.map((name) => [name, AUTH_VALIDATION.changeAllRequired]));
  if (values.newPassword !== values.confirmPassword) {
    return {
      newPassword: AUTH_VALIDATION.newPasswordsDoNotMatch,
      confirmPassword: AUTH_VALIDATION.newPasswordsDoNotMatch,
    };
  }
  if (values.newPassword.length < MIN_PASSWORD_LENGTH)
    return { newPassword: AUTH_VALIDATION.passwordTooShort };
  return {};
}

export interface ChangePasswordFormProps {
  /** Called after the password changed (e.g. to close the profile dialog). */
  onSuccess?: () => void;
}

/** Current, new and confirm password; the current one is checked by signing in again (spec section 5). */
export function ChangePasswordForm({ onSuccess }: ChangePasswordFormProps) {
  const email = useAuthStore((s) => s.user?.email ?? '');
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = useId();
  const formik = useFormik<Values>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validateChangePassword,
    onSubmit: async (values, helpers) => {
      if (!(await verifyPassword(email, values.currentPassword))) {
        helpers.setErrors({ currentPassword: AUTH_VALIDATION.currentPasswordIncorrect });
        formRef.current?.querySelector<HTMLElement>('[name="currentPassword"]')?.focus();
        return;
      }
      if (!(await updatePassword(values.newPassword))) {
        toaster.create({ ...AUTH_TOASTS.updatePasswordFailed, type: 'error' });
        return;
      }
      toaster.create({ ...AUTH_TOASTS.passwordUpdated, type: 'success' });
      helpers.resetForm();
      onSuccess?.();
    },
  });
  const showErrors = formik.submitCount > 0;
  const errors = showErrors ? (formik.errors as Record<string, string>) : {};
  useFocusFirstInvalid(formRef, formik.submitCount, formik.errors, ORDER, formik.isSubmitting);
  const message = firstError(errors, ORDER);

  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <TextField
      name={name}
      label={label}
      required
      invalid={Boolean(errors[name])}
      type="password"
      autoComplete={autoComplete}
      value={formik.values[name]}
      onChange={formik.handleChange}
      aria-describedby={errors[name] ? errorId : undefined}
    />
  );

  return (
    <form ref={formRef} onSubmit={formik.handleSubmit} noValidate aria-label="Change password">
      <Stack gap="4">
        {field('currentPassword', 'Current Password', 'current-password')}
        {field('newPassword', 'New Password', 'new-password')}
        {field('confirmPassword', 'Confirm New Password', 'new-password')}
        <FormErrorAlert id={errorId} message={message} />
        <Button
          type="submit"
          colorPalette="blue"
          disabled={formik.isSubmitting}
          aria-busy={formik.isSubmitting}
          alignSelf="flex-start"
        >
          {formik.isSubmitting ? 'Updating...' : 'Update Password'}
        </Button>
      </Stack>
    </form>
  );
}
