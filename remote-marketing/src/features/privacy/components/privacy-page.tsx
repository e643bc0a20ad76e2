import { getAppConfig } from '@agency/app-config';
import { PRIVACY_POLICY_DATE, PRIVACY_POLICY_ISO_DATE } from '@agency/domain/messages/privacy';
import { Heading, Stack, Text, PageContainer } from '@agency/ui';
import { LegalSections } from '../../../components/legal-sections';
import { privacySections } from '../privacy-content';

/** The Privacy Policy page (/privacy-policy), exposed to the host as ./privacy-page. */
export default function PrivacyPage() {
  const config = getAppConfig();
  const sections = privacySections({
    contactEmail: config.links.contactEmail,
    pixelEnabled: Boolean(config.pixelId?.trim()),
  });
  return (
    <PageContainer width="prose" py={{ base: '10', md: '16' }}>
      <Stack gap="3" mb="10">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          Privacy Policy
        </Heading>
        <Text color="fg.muted">
          Last updated <time dateTime={PRIVACY_POLICY_ISO_DATE}>{PRIVACY_POLICY_DATE}</time>
        </Text>
      </Stack>
      <LegalSections sections={sections} idPrefix="privacy-section" />
    </PageContainer>
  );
}
