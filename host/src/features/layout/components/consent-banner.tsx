import { useEffect, useRef } from 'react';
import { CONSENT_TEXT } from '@agency/domain/messages/consent';
import { PRIVACY_PATH, PRIVACY_POLICY_LINK } from '@agency/domain/messages/privacy';
import { Link as RouterLink } from '@agency/router';
import type { TrackingConsent } from '@agency/tracking';
import { Box, Button, Heading, HStack, Link, PageContainer, Stack, Text } from '@agency/ui';

export interface ConsentBannerProps {
  /** The choice made before, when the visitor reopened the banner to change it. */
  current: TrackingConsent | undefined;
  /** Opened on request (from the footer): focus moves into it. */
  focusOnOpen: boolean;
  onChoose: (consent: TrackingConsent) => void;
}

/**
 * The ad pixel's consent banner: a labelled region, not a modal. It comes right after the header in tab
 * order but sits at the bottom of the screen, sticky, and at the very end of the page below the footer, so it
 * never hides the page's last controls. Loaded only when a pixel is configured and a choice is due.
 */
export default function ConsentBanner({ current, focusOnOpen, onChoose }: ConsentBannerProps) {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnOpen) region.current?.focus();
  }, [focusOnOpen]);

  return (
    <Box
      as="section"
      ref={region}
      tabIndex={-1}
      aria-labelledby="consent-banner-title"
      order={1}
      position="sticky"
      bottom="0"
      zIndex="banner"
      bg="bg"
      borderTopWidth="1px"
      boxShadow="lg"
      py="4"
      outline="none"
    >
      <PageContainer>
        <Stack
          direction={{ base: 'column', md: 'row' }}
          gap="4"
          align={{ md: 'center' }}
          justify="space-between"
        >
          <Box>
            <Heading as="h2" id="consent-banner-title" size="sm" mb="1">
              {CONSENT_TEXT.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {CONSENT_TEXT.body}{' '}
              <Link asChild colorPalette="brand">
                <RouterLink to={PRIVACY_PATH}>{PRIVACY_POLICY_LINK}</RouterLink>
              </Link>
              {current && ` ${CONSENT_TEXT.current[current]}`}
            </Text>
          </Box>
          <HStack gap="3" flexShrink={0}>
            {/* Declining is as easy and as prominent as accepting. */}
            <Button size="sm" variant="outline" onClick={() => onChoose('denied')}>
              {CONSENT_TEXT.decline}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onChoose('granted')}>
              {CONSENT_TEXT.accept}
            </Button>
          </HStack>
        </Stack>
      </PageContainer>
    </Box>
  );
}
