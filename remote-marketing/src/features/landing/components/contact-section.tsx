import { getAppConfig } from '@agency/app-config';
import { CONTACT_EXPECTATIONS, QUICK_CALL_MINUTES } from '@agency/domain/messages/contact';
import { Box, Card, Heading, Link, List, SimpleGrid, Stack, Text, PageContainer } from '@agency/ui';
import { DeferredContactForm } from './deferred-contact-form';
import { ExternalLinkButton } from './external-link-button';
import { CalendarIcon, CheckIcon } from './icons';

export function ContactSection() {
  const { booking, contactEmail } = getAppConfig().links;
  return (
    <Box as="section" id="contact" aria-labelledby="contact-heading" py={{ base: '16', md: '24' }}>
      <PageContainer>
        <Stack gap="4" textAlign="center" align="center" mb="12">
          <Text
            fontWeight="semibold"
            color="brand.fg"
            textTransform="uppercase"
            letterSpacing="wider"
            fontSize="sm"
          >
            Contact
          </Text>
          <Heading as="h2" id="contact-heading" size={{ base: '2xl', md: '3xl' }}>
            Let&apos;s Build Something Together
          </Heading>
          <Text color="fg.muted" maxW="2xl">
            Tell us about your project, or book a short call. Either way you will hear from a senior engineer,
            not a sales team.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, lg: 5 }} gap="8" alignItems="start">
          <Card.Root variant="outline" gridColumn={{ lg: 'span 3' }}>
            <Card.Header>
              <Card.Title fontSize="xl">Send a Message</Card.Title>
            </Card.Header>
            <Card.Body>
              <DeferredContactForm />
            </Card.Body>
          </Card.Root>
          <Stack gap="8" gridColumn={{ lg: 'span 2' }}>
            <Card.Root variant="subtle" bg="brand.subtle">
              <Card.Header>
                <Card.Title fontSize="xl">Quick Consultation</Card.Title>
              </Card.Header>
              <Card.Body gap="4">
                <Text color="fg.muted">
                  Prefer to talk? Book a free {QUICK_CALL_MINUTES}-minute call to discuss your project and the
                  best way to get it done.
                </Text>
                <ExternalLinkButton href={booking} colorPalette="brand" alignSelf="start">
                  <CalendarIcon />
                  Schedule a {QUICK_CALL_MINUTES}-Minute Call
                </ExternalLinkButton>
                <Text fontSize="sm" color="fg.muted">
                  Or e-mail{' '}
                  <Link href={`mailto:${contactEmail}`} color="brand.fg">
                    {contactEmail}
                  </Link>
                </Text>
              </Card.Body>
            </Card.Root>
            <Card.Root variant="outline">
              <Card.Header>
                <Card.Title fontSize="xl">What to Expect</Card.Title>
              </Card.Header>
              <Card.Body>
                <List.Root gap="3" variant="plain">
                  {CONTACT_EXPECTATIONS.map((item) => (
                    <List.Item key={item} alignItems="center">
                      <List.Indicator asChild color="green.600">
                        <Box as="span" display="inline-flex">
                          <CheckIcon />
                        </Box>
                      </List.Indicator>
                      {item}
                    </List.Item>
                  ))}
                </List.Root>
              </Card.Body>
            </Card.Root>
          </Stack>
        </SimpleGrid>
      </PageContainer>
    </Box>
  );
}
