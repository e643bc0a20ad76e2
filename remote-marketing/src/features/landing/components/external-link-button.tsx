import type { ComponentProps, ReactNode } from 'react';
import { Button, VisuallyHidden } from '@agency/ui';
import { ExternalIcon } from './icons';

/** A button-styled link to another site, opened in a new tab without handing it this page (rel). */
export function ExternalLinkButton({
  href,
  children,
  ...buttonProps
}: { href: string; children: ReactNode } & ComponentProps<typeof Button>) {
  return (
    <Button asChild {...buttonProps}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        <ExternalIcon />
      </a>
    </Button>
  );
}
