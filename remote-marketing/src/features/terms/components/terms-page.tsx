import { getAppConfig } from '@agency/app-config';
import { TERMS_DATE, TERMS_VERSION } from '@agency/domain/terms';
import { Box, Heading, Link, List, Stack, Text, PageContainer } from '@agency/ui';
import { hydrateWhenReached } from '../../../components/hydrate-when-near';
import { termsSections } from '../terms-content';

const sectionId = (index: number) => `terms-section-${index + 1}`;

/** The terms themselves: text only, as the server rendered it. */
function TermsBody() {
  const sections = termsSections(getAppConfig().links.contactEmail);
  return (
    <Stack id="terms-body" gap="10">
      {sections.map((section, index) => (
        <Box
          as="section"
          key={section.title}
          id={sectionId(index)}
          aria-labelledby={`${sectionId(index)}-heading`}
        >
          <Heading as="h2" id={`${sectionId(index)}-heading`} size="xl" mb="4">
            {index + 1}. {section.title}
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
              <Link href={`#${sectionId(index)}`} color="brand.fg">
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
