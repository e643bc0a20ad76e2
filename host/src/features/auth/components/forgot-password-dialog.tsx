import { useRef } from 'react';
import { useFormik } from 'formik';
import { AUTH_TEXT, AUTH_TOASTS, AUTH_VALIDATION } from '@agency/domain';
import { requestPasswordReset } from '@agency/auth';
import { Button, Stack, Text, toaster, useOverlays } from '@agency/ui';
import { FormErrorAlert, SubmitButton, TextField, useOneAlertForm } from '@agency/ui/forms';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Forgot your password?': takes an e-mail and sends a link back to /reset-password. */
export function ForgotPasswordDialog({ open, onOpenChange }: Props) {
  const { Dialog, Portal, CloseButton } = useOverlays();
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

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        onOpenChange(details.open);
        if (!details.open) formik.resetForm();
      }}
      initialFocusEl={() => emailRef.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form ref={formRef} onSubmit={formik.handleSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{AUTH_TEXT.resetDialogTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
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
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button type="button" variant="outline">
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <SubmitButton busy={formik.isSubmitting} busyLabel="Sending...">
                  Send Reset Link
                </SubmitButton>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
