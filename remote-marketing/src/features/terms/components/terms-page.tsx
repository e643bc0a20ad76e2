import { getAppConfig } from '@agency/app-config';
import { TERMS_DATE, TERMS_VERSION } from '@agency/domain/terms';
import { Box, Heading, Link, List, Stack, Text, PageContainer } from '@agency/ui';
import { LegalSections } from '../../../components/legal-sections';
import { hydrateWhenReached } from '../../../components/hydrate-when-near';
import { termsSections } from '../terms-content';

const SECTION_ID_PREFIX = 'terms-section';

/** The terms themselves: text only, as the server rendered it. */
function TermsBody() {
  return (
    <LegalSections
      id="terms-body"
      sections={termsSections(getAppConfig().links.contactEmail)}
      idPrefix={SECTION_ID_PREFIX}
      numbered
    />
  );
}

// Never changes after the server rendered it: not hydrated at load (its HTML and styles stay), only once the
// visitor reaches into it or a contents link navigates to one of its sections. The contents links hydrate at once.
const StaticTermsBody = hydrateWhenReached(TermsBody, 'terms-body');

/** The Terms of Service page (/terms-of-service), exposed to the host as ./terms-page. */
export default function TermsPage() {
  const sections = termsSections(getAppConfig().links.contactEmail);
  return (
    <PageContainer width="prose" py={{ base: '10', md: '16' }}>
      <Stack gap="3" mb="10">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          Terms of Service
        </Heading>
        <Text color="fg.muted">
          Version {TERMS_VERSION} · Last updated <time dateTime="2025-06-15">{TERMS_DATE}</time>
        </Text>
      </Stack>
      <Box as="nav" aria-labelledby="terms-contents-heading" mb="12" p="5" bg="bg.subtle" borderRadius="l2">
        <Heading as="h2" id="terms-contents-heading" size="md" mb="3">
          Contents
        </Heading>
        <List.Root as="ol" gap="1" ps="5">
          {sections.map((section, index) => (
            <List.Item key={section.title}>
              <Link href={`#${SECTION_ID_PREFIX}-${index + 1}`} color="brand.fg">
                {section.title}
              </Link>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <StaticTermsBody />
    </PageContainer>
  );
}
