import { Box, Heading, List, Stack, Text } from '@agency/ui';

/** One section of a legal page's text. */
export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

/**
 * A legal page's text: each section a region named by its heading (`<idPrefix>-<n>`, so a contents link can
 * reach it), its paragraphs and, if it has one, its list. `numbered` puts the section's number before its title.
 */
export function LegalSections({
  sections,
  idPrefix,
  numbered = false,
  id,
}: {
  sections: LegalSection[];
  idPrefix: string;
  numbered?: boolean;
  id?: string;
}) {
  return (
    <Stack id={id} gap="10">
      {sections.map((section, index) => {
        const sectionId = `${idPrefix}-${index + 1}`;
        return (
          <Box as="section" key={section.title} id={sectionId} aria-labelledby={`${sectionId}-heading`}>
            <Heading as="h2" id={`${sectionId}-heading`} size="xl" mb="4">
              {numbered ? `${index + 1}. ${section.title}` : section.title}
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
        );
      })}
    </Stack>
  );
}
