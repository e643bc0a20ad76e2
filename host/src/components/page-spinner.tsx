import type { ReactNode } from 'react';
import { Center, Spinner, Text, VStack } from '@agency/ui';

/** A page that is on its way, with what is happening and, when there is one, what the visitor can do. */
export function PageSpinner({ label = 'Loading...', children }: { label?: string; children?: ReactNode }) {
  return (
    // Fills the page area so the footer does not jump when the page arrives.
    <Center minH="calc(100vh - 4rem)">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted" role="status" aria-live="polite">
          {label}
        </Text>
        {children}
      </VStack>
    </Center>
  );
}
