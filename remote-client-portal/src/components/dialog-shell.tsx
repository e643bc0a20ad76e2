import type { ReactNode, RefObject } from 'react';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { useOverlays } from '@agency/ui';

interface DialogShellProps {
  title: string;
  onClose: () => void;
  /** While a call runs the dialog cannot be closed (Escape, outside click and the close button are off). */
  busy?: boolean;
  /** The element focused when the dialog opens (the first field, or the safe choice). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
  footer: ReactNode;
}

/**
 * One dialog of the client dashboard: focus moves in on open (initialFocusRef), stays trapped, and returns to
 * the button that opened it on close. Full screen on phones, centred from the sm breakpoint up.
 */
export function DialogShell({
  title,
  onClose,
  busy = false,
  initialFocusRef,
  role = 'dialog',
  children,
  footer,
}: DialogShellProps) {
  const { Dialog, Portal, CloseButton } = useOverlays();
  return (
    <Dialog.Root
      open
      role={role}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      {...(initialFocusRef && { initialFocusEl: () => initialFocusRef.current })}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      size={{ base: 'full', sm: 'md' }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-busy={busy || undefined}>
            <Dialog.Header pe="12">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              {footer}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} aria-label={CLIENT_MESSAGES.actions.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
