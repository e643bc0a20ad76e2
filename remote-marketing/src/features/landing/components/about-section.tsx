import { getAppConfig } from '@agency/app-config';
import { EXPERIENCE, FOUNDER } from '@agency/domain/founder';
import { Badge, Box, Card, Heading, SimpleGrid, Stack, Text, PageContainer } from '@agency/ui';
import { ExternalLinkButton } from './external-link-button';

export function AboutSection() {
  const { founderProfile } = getAppConfig().links;
  return (
    <Box as="section" id="about" aria-labelledby="about-heading" py={{ base: '16', md: '24' }}>
      <PageContainer>
        <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: '10', lg: '16' }}>
          <Stack gap="5" gridColumn={{ lg: 'span 2' }}>
            <Text
              fontWeight="semibold"
              color="brand.fg"
              textTransform="uppercase"
              letterSpacing="wider"
              fontSize="sm"
            >
              About
            </Text>
            <Heading as="h2" id="about-heading" size={{ base: '2xl', md: '3xl' }}>
              Meet the Founder
            </Heading>
            <Text fontWeight="medium">{FOUNDER.title}</Text>
            {FOUNDER.bio.map((paragraph) => (
              <Text key={paragraph.slice(0, 24)} color="fg.muted">
                {paragraph}
              </Text>
            ))}
            <Box>
              <ExternalLinkButton href={founderProfile} colorPalette="brand" variant="outline">
                View Professional Profile
              </ExternalLinkButton>
            </Box>
          </Stack>
          <Stack gap="4" gridColumn={{ lg: 'span 3' }}>
            <Heading as="h3" size="lg">
              Experience
            </Heading>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="4">
              {EXPERIENCE.map((card) => (
                <Card.Root as="li" key={`${card.company}-${card.role}`} variant="outline" size="sm">
                  <Card.Body gap="2">
                    <Stack direction="row" justify="space-between" align="start" gap="3">
                      <Card.Title as="h4" fontSize="md">
                        {card.company}
                      </Card.Title>
                      <Badge colorPalette="gray" flexShrink="0">
                        {card.type}
                      </Badge>
                    </Stack>
                    <Text fontWeight="medium" color="brand.fg">
                      {card.role}
                    </Text>
                    <Card.Description>{card.description}</Card.Description>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          </Stack>
        </SimpleGrid>
      </PageContainer>
    </Box>
  );
}
