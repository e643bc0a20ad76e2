import type { ComponentProps } from 'react';
import { Container } from '@agency/ui';

/**
 * The dashboard's outer width: the header's and footer's (72rem, the same padding), so the dashboard is never
 * wider than the site around it.
 */
export function PageFrame(props: Omit<ComponentProps<typeof Container>, 'maxW' | 'px'>) {
  return <Container maxW="6xl" {...props} />;
}
