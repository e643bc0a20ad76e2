import { AUTH_TEXT } from '@agency/domain';
import { Button, Text, useOverlays } from '@agency/ui';

/** After sign-up: the account exists but must be confirmed from the e-mail before logging in. */
export function SignUpSuccessDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const { Dialog, Portal } = useOverlays();
  return (
    <Dialog.Root
      open={email !== null}
      onOpenChange={(details) => !details.open && onClose()}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{AUTH_TEXT.signUpSuccessTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{AUTH_TEXT.signUpSuccessBody(email ?? '')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="blue">OK</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
