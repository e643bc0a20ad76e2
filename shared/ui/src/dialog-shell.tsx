import type { ReactNode, RefObject } from 'react';
import { CloseButton, Portal, type DialogRootProps } from '@chakra-ui/react';
import { Dialog } from './dialog';

// Full screen below the sm breakpoint. A responsive size such as { base: 'full', sm: 'md' } cannot do it: the
// full size's min-height, margin and square corners are not undone by the larger size, so dialogs stayed
// full height on desktops.
const FULL_SCREEN_ON_PHONES = {
  maxW: { smDown: '100dvw' },
  minH: { smDown: '100dvh' },
  my: { smDown: '0' },
  borderRadius: { smDown: '0' },
} as const;

export interface DialogShellProps {
  title: string;
  /** Whether it shows; leave it out for a dialog that is rendered only while open. */
  open?: boolean;
  /** The user closed it (Escape, a click outside, the close button). Not offered while busy. */
  onClose: () => void;
  /** While a call runs the dialog cannot be closed and says it is busy. */
  busy?: boolean;
  /** The element focused when the dialog opens (the first field, or the safe choice). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
  /** The width from the sm breakpoint up; below it the dialog takes the whole screen. */
  size?: Exclude<DialogRootProps['size'], 'full' | object>;
  closeLabel?: string;
  children: ReactNode;
  /** The actions; a submit button here names its form with `form="<id>"`. */
  footer?: ReactNode;
}

/**
 * Every dialog of the product: focus moves in on open (initialFocusRef), stays trapped and returns to where
 * it was on close; full screen on phones, centred from the sm breakpoint up; the body scrolls, the title
 * and actions stay.
 */
export function DialogShell({
  title,
  open = true,
  onClose,
  busy = false,
  initialFocusRef,
  role = 'dialog',
  size = 'md',
  closeLabel = 'Close',
  children,
  footer,
}: DialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      role={role}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      {...(initialFocusRef && { initialFocusEl: () => initialFocusRef.current })}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      size={size}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-busy={busy || undefined} {...FULL_SCREEN_ON_PHONES}>
            <Dialog.Header pe="12">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer ? (
              <Dialog.Footer flexWrap="wrap" gap="2">
                {footer}
              </Dialog.Footer>
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
