import { getAppConfig } from '@agency/app-config';
import { PRIVACY_POLICY_DATE, PRIVACY_POLICY_ISO_DATE } from '@agency/domain/messages/privacy';
import { Box, Heading, List, Stack, Text, PageContainer } from '@agency/ui';
import { privacySections } from '../privacy-content';

const sectionId = (index: number) => `privacy-section-${index + 1}`;

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
      <Stack gap="10">
        {sections.map((section, index) => (
          <Box as="section" key={section.title} aria-labelledby={`${sectionId(index)}-heading`}>
            <Heading as="h2" id={`${sectionId(index)}-heading`} size="xl" mb="4">
              {section.title}
            </Heading>
            <Stack gap="3" color="fg.muted" lineHeight="tall">
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph.slice(0, 32)}>{paragraph}</Text>
              ))}
              {section.items && (
                <List.Root gap="2" ps="5">
                  {section.items.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List.Root>
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
    </PageContainer>
  );
}
