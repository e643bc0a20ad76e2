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
  const { DialogShell } = useOverlays();
  return (
    <DialogShell
      open={open}
      onClose={() => onOpenChange(false)}
      title={title}
      role="alertdialog"
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {dismissLabel ?? ADMIN_MESSAGES.actions.back}
          </Button>
          <Button colorPalette="red" disabled={busy} aria-busy={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="4">{children}</Stack>
    </DialogShell>
  );
}
