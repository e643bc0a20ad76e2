import { useEffect, useRef } from 'react';
import { Button, Heading, Stack, Text, PageContainer } from '@agency/ui';

/** Shown in the page area when a remote cannot be loaded or crashes; the header and footer keep working. */
export function RemoteUnavailable({ retry }: { retry: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <PageContainer py="24" role="alert">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="xl" ref={headingRef} tabIndex={-1}>
          This section is temporarily unavailable
        </Heading>
        <Text color="fg.muted">
          We could not load this part of the site. Check your connection and try again.
        </Text>
        <Button colorPalette="brand" onClick={retry}>
          Retry
        </Button>
      </Stack>
    </PageContainer>
  );
}
