import { AUTH_TEXT } from '@agency/domain';
import { Button, Text, useOverlays } from '@agency/ui';

/** After sign-up: the account exists but must be confirmed from the e-mail before logging in. */
export function SignUpSuccessDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const { DialogShell } = useOverlays();
  return (
    <DialogShell
      open={email !== null}
      onClose={onClose}
      title={AUTH_TEXT.signUpSuccessTitle}
      role="alertdialog"
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          OK
        </Button>
      }
    >
      <Text>{AUTH_TEXT.signUpSuccessBody(email ?? '')}</Text>
    </DialogShell>
  );
}
