import { getAppConfig, hasAppConfig } from '@agency/app-config';
import { PRIVACY_CHOICES, PRIVACY_PATH, PRIVACY_POLICY_LINK } from '@agency/domain/messages/privacy';
import { Link as RouterLink } from '@agency/router';
import { trackingNeedsConsent } from '@agency/tracking';
import { Box, BrandLogo, brand, Link, PageContainer, Stack, Text, useHydrated } from '@agency/ui';
import { SECTION_LINKS } from './nav-links';

export const PRIVACY_CHOICES_ID = 'privacy-choices';

/**
 * Offered only when there is a pixel to consent to, which this browser knows once the page is hydrated. Its own
 * component: the render that follows hydration (useHydrated) is synchronous, so it stays this small.
 */
function PrivacyChoicesLink({ onOpen }: { onOpen: () => void }) {
  const offered = useHydrated() && trackingNeedsConsent();
  if (!offered) return null;
  return (
    <Link asChild>
      <button type="button" id={PRIVACY_CHOICES_ID} onClick={onOpen}>
        {PRIVACY_CHOICES}
      </button>
    </Link>
  );
}

/**
 * Footer (spec section 2): section anchors, client login, terms, a contact address, the copyright line; and
 * the privacy policy, plus Privacy choices (reopens the consent banner) when there is a pixel to consent to.
 */
export function Footer({ onPrivacyChoices }: { onPrivacyChoices: () => void }) {
  const contactEmail = hasAppConfig() ? getAppConfig().links.contactEmail : '';
  return (
    <Box as="footer" borderTopWidth="1px" py="10" mt="auto" bg="bg.subtle">
      <PageContainer>
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" justify="space-between">
          <Stack as="nav" aria-label="Footer" direction="row" gap="4" wrap="wrap">
            {SECTION_LINKS.map((link) => (
              <Link key={link.to} asChild>
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
            <Link asChild>
              <RouterLink to="/login">Client Login</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink to="/terms-of-service">Terms of Service</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink to={PRIVACY_PATH}>{PRIVACY_POLICY_LINK}</RouterLink>
            </Link>
            <PrivacyChoicesLink onOpen={onPrivacyChoices} />
          </Stack>
          <Stack gap="1" fontSize="sm">
            <Text display="flex" alignItems="center" gap="2" fontWeight="semibold">
              <BrandLogo size={20} />
              {brand.name}
            </Text>
            {contactEmail && (
              <Text>
                Contact: <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
              </Text>
            )}
            <Text color="fg.muted">
              © {new Date().getFullYear()} {brand.name}. All rights reserved.
            </Text>
          </Stack>
        </Stack>
      </PageContainer>
    </Box>
  );
}
