import { useFormik } from 'formik';
import { AUTH_TOASTS, AUTH_VALIDATION, MIN_PASSWORD_LENGTH } from '@agency/domain';
import { Stack, toaster } from '@agency/ui';
import { useAuthStore } from './auth-store';
import { updatePassword, verifyPassword } from './auth-service';
import { FormErrorAlert, SubmitButton, TextField, useOneAlertForm } from '@agency/ui/forms';

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
  const { formRef, alert, field: fieldProps } = useOneAlertForm<Values>(formik, ORDER);

  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <TextField {...fieldProps(name)} label={label} required type="password" autoComplete={autoComplete} />
  );

  return (
    <form ref={formRef} onSubmit={formik.handleSubmit} noValidate aria-label="Change password">
      <Stack gap="4">
        {field('currentPassword', 'Current Password', 'current-password')}
        {field('newPassword', 'New Password', 'new-password')}
        {field('confirmPassword', 'Confirm New Password', 'new-password')}
        <FormErrorAlert {...alert} />
        <SubmitButton busy={formik.isSubmitting} busyLabel="Updating..." alignSelf="flex-start">
          Update Password
        </SubmitButton>
      </Stack>
    </form>
  );
}
