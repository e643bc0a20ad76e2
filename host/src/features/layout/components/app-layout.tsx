import { lazy, memo, Suspense, useCallback, useState, type ReactNode } from 'react';
import {
  getTrackingConsent,
  setTrackingConsent,
  trackingNeedsConsent,
  type TrackingConsent,
} from '@agency/tracking';
import { Box, Flex, useHydrated } from '@agency/ui';

import { Footer, PRIVACY_CHOICES_ID } from './footer';
import { Header } from './header';

// Its own chunk: without a pixel, or once the visitor has chosen, nobody downloads it.
const ConsentBanner = lazy(() => import('./consent-banner'));

// Hydrating a server-rendered page ends with one more, synchronous render of this layout (useHydrated below):
// the header and footer (each of which follows what it needs itself) are left out of it.
const LayoutHeader = memo(Header);
const LayoutFooter = memo(Footer);

/** Header, page, footer; `announcer` is the live region that announces client-side navigation. */
export function AppLayout({ children, announcer }: { children: ReactNode; announcer?: ReactNode }) {
  // Only this layout changes the choice, so its state follows it.
  const [consent, setConsent] = useState(getTrackingConsent);
  const [reopened, setReopened] = useState(false);
  // The choice lives in this browser: a page the server rendered asks once it is hydrated.
  const hydrated = useHydrated();
  const needsConsent = hydrated && trackingNeedsConsent();
  const bannerOpen = needsConsent && (consent === undefined || reopened);
  const reopenChoices = useCallback(() => setReopened(true), []);

  const choose = (choice: TrackingConsent) => {
    setTrackingConsent(choice);
    setConsent(choice);
    setReopened(false);
    // The banner goes away: keep keyboard focus where the visitor came from.
    const returnTo = reopened ? document.getElementById(PRIVACY_CHOICES_ID) : document.getElementById('main');
    returnTo?.focus({ preventScroll: true });
  };

  return (
    <Flex direction="column" minH="100vh">
      {/* Each region its own boundary: React hydrates the one the visitor reaches for first (bootstrap.tsx). */}
      <Suspense fallback={null}>
        <LayoutHeader />
      </Suspense>
      {announcer}
      {bannerOpen && (
        <Suspense fallback={null}>
          <ConsentBanner current={consent} focusOnOpen={reopened} onChoose={choose} />
        </Suspense>
      )}
      <Box as="main" id="main" tabIndex={-1} flex="1" outline="none">
        <Suspense fallback={null}>{children}</Suspense>
      </Box>
      <Suspense fallback={null}>
        <LayoutFooter onPrivacyChoices={needsConsent ? reopenChoices : undefined} />
      </Suspense>
    </Flex>
  );
}
