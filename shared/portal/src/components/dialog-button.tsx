import { useState, type ReactNode } from 'react';
import { Button } from '@agency/ui';

/**
 * A button that opens its dialog: the dialog is mounted only while open (its queries run only then) and is
 * given the function that closes it.
 */
export function DialogButton({
  label,
  size,
  children,
}: {
  label: ReactNode;
  size?: 'sm';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </Button>
      {open ? children(() => setOpen(false)) : null}
    </>
  );
}
