import { useRef, type ReactNode } from 'react';
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
  /** The confirm button's colour: red for destructive actions. */
  palette?: 'red' | 'blue';
}

/**
 * An action with consequences asks first (refuse, cancel, complete, delete); the safe choice has the focus. Nothing
 * of the dialog exists while it is closed (a list of cards would otherwise run one dialog each).
 */
export function ConfirmDialog(props: Props) {
  return props.open ? <OpenConfirmDialog {...props} /> : null;
}

function OpenConfirmDialog({
  onOpenChange,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  dismissLabel,
  palette = 'red',
}: Props) {
  const { DialogShell } = useOverlays();
  const dismissRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogShell
      onClose={() => onOpenChange(false)}
      title={title}
      role="alertdialog"
      busy={busy}
      initialFocusRef={dismissRef}
      footer={
        <>
          <Button ref={dismissRef} variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {dismissLabel ?? ADMIN_MESSAGES.actions.back}
          </Button>
          <Button colorPalette={palette} disabled={busy} aria-busy={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="4">{children}</Stack>
    </DialogShell>
  );
}
