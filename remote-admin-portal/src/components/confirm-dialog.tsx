import type { ReactNode } from 'react';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, Stack, useOverlays } from '@agency/ui';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** Label of the button that closes without acting. */
  dismissLabel?: string;
}

/** A destructive action asks first (refuse, cancel); the confirm button shows progress while it runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  dismissLabel,
}: Props) {
  const { Dialog, Portal, CloseButton } = useOverlays();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">{children}</Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button type="button" variant="outline">
                  {dismissLabel ?? ADMIN_MESSAGES.actions.back}
                </Button>
              </Dialog.ActionTrigger>
              <Button type="button" colorPalette="red" disabled={busy} aria-busy={busy} onClick={onConfirm}>
                {busy ? busyLabel : confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
