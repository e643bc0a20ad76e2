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

// Each region is its own Suspense boundary (below), which React hydrates when it can, the one the visitor reaches
// for first (bootstrap.tsx). This layout must not render again until they have: a parent's update reaching a
// boundary not yet hydrated makes React hydrate it at that update's priority, and the render that follows hydration
// (useHydrated) is synchronous, so header, page and footer would hydrate in one unbroken task (~60 ms at full speed,
// ~0.5 s on a phone). So what depends on being hydrated lives in the leaves (ConsentPrompt, the footer's link).
const LayoutHeader = memo(Header);
const LayoutFooter = memo(Footer);

/** The consent banner, once this browser can tell whether there is a pixel to consent to. */
function ConsentPrompt(props: {
  consent?: TrackingConsent;
  reopened: boolean;
  onChoose: (choice: TrackingConsent) => void;
}) {
  const needsConsent = useHydrated() && trackingNeedsConsent();
  if (!needsConsent || (props.consent !== undefined && !props.reopened)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner current={props.consent} focusOnOpen={props.reopened} onChoose={props.onChoose} />
    </Suspense>
  );
}

/** Header, page, footer; `announcer` is the live region that announces client-side navigation. */
export function AppLayout({ children, announcer }: { children: ReactNode; announcer?: ReactNode }) {
  // Only this layout changes the choice, so its state follows it.
  const [consent, setConsent] = useState(getTrackingConsent);
  const [reopened, setReopened] = useState(false);
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
      <Suspense fallback={null}>
        <LayoutHeader />
      </Suspense>
      {announcer}
      <ConsentPrompt consent={consent} reopened={reopened} onChoose={choose} />
      <Box as="main" id="main" tabIndex={-1} flex="1" outline="none">
        <Suspense fallback={null}>{children}</Suspense>
      </Box>
      <Suspense fallback={null}>
        <LayoutFooter onPrivacyChoices={reopenChoices} />
      </Suspense>
    </Flex>
  );
}
