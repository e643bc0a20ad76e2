import { useId, useRef } from 'react';
import { useFormik } from 'formik';
import { AUTH_TEXT, AUTH_TOASTS, AUTH_VALIDATION } from '@agency/domain';
import { requestPasswordReset } from '@agency/auth';
import { Stack, Text, toaster, useOverlays } from '@agency/ui';
import { DialogActions, FormErrorAlert, TextField, useOneAlertForm } from '@agency/ui/forms';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Forgot your password?': takes an e-mail and sends a link back to /reset-password. */
export function ForgotPasswordDialog({ open, onOpenChange }: Props) {
  const { DialogShell } = useOverlays();
  const formId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const formik = useFormik({
    initialValues: { email: '' },
    validate: (values) => (values.email.trim() ? {} : { email: AUTH_VALIDATION.forgotEmailRequired }),
    onSubmit: async (values, helpers) => {
      if (await requestPasswordReset(values.email.trim())) {
        toaster.create({ ...AUTH_TOASTS.resetLinkSent, type: 'success' });
        helpers.resetForm();
        onOpenChange(false);
      } else {
        toaster.create({ ...AUTH_TOASTS.resetLinkFailed, type: 'error' });
      }
    },
  });
  const { formRef, alert, field } = useOneAlertForm(formik, ['email']);

  const close = () => {
    onOpenChange(false);
    formik.resetForm();
  };

  return (
    <DialogShell
      open={open}
      onClose={close}
      title={AUTH_TEXT.resetDialogTitle}
      busy={formik.isSubmitting}
      initialFocusRef={emailRef}
      footer={
        <DialogActions
          form={formId}
          cancelLabel="Cancel"
          onCancel={close}
          busy={formik.isSubmitting}
          busyLabel="Sending..."
          submitLabel="Send Reset Link"
        />
      }
    >
      <form id={formId} ref={formRef} onSubmit={formik.handleSubmit} noValidate>
        <Stack gap="4">
          <Text color="fg.muted">{AUTH_TEXT.resetDialogBody}</Text>
          <TextField
            {...field('email')}
            fieldRef={emailRef}
            label="Email"
            required
            type="email"
            autoComplete="email"
          />
          <FormErrorAlert {...alert} />
        </Stack>
      </form>
    </DialogShell>
  );
}
