import { useEffect, useRef } from 'react';
import { Box, Button, Heading, Stack, Text, PageContainer } from '@agency/ui';

// Shown when a remote's release cannot run on this version of the site (a shared package outside the range
// it needs, a page it no longer exposes). Unlike an outage, retrying cannot help, so no Retry button.

/** The page area when neither the current release nor a previous one can run here. */
export function RemoteIncompatible() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <PageContainer py="24" role="alert">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="xl" ref={headingRef} tabIndex={-1}>
          This section does not work with this version of the site
        </Heading>
        <Text color="fg.muted">
          It was updated for a newer version of the site than the one open in your browser. Reloading the page
          usually fixes it; if it does not, the update is still on its way, so please try again a little
          later.
        </Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </Stack>
    </PageContainer>
  );
}

/** Above a page served from the previous release because the current one cannot run here. */
export function PreviousReleaseNotice() {
  return (
    <Box role="status" bg="bg.warning" color="fg.warning" px="4" py="2" textAlign="center" fontSize="sm">
      A new version of this section does not work with this version of the site yet, so you are seeing the
      previous version.
    </Box>
  );
}
