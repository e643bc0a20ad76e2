import { useRef } from 'react';
import { getAppConfig } from '@agency/app-config';
import { QUICK_CALL_MINUTES } from '@agency/domain/messages/contact';
import { SERVICE_TIERS } from '@agency/domain/tiers';
import { trackServiceTierView } from '@agency/tracking';
import { Box, Heading, SimpleGrid, Stack, Text, PageContainer } from '@agency/ui';
import { useFirstView } from '../../../hooks/use-first-view';
import { CalendarIcon } from './icons';
import { ExternalLinkButton } from './external-link-button';
import { TierCard } from './tier-card';

export function ServicesSection() {
  const sectionRef = useRef<HTMLElement>(null);
  useFirstView(sectionRef, trackServiceTierView);
  const { booking } = getAppConfig().links;
  return (
    <Box
      as="section"
      ref={sectionRef}
      id="services"
      aria-labelledby="services-heading"
      bg="bg.subtle"
      py={{ base: '16', md: '24' }}
    >
      <PageContainer>
        <Stack gap="4" textAlign="center" align="center" mb="14">
          <Text
            fontWeight="semibold"
            color="brand.fg"
            textTransform="uppercase"
            letterSpacing="wider"
            fontSize="sm"
          >
            Services
          </Text>
          <Heading as="h2" id="services-heading" size={{ base: '2xl', md: '3xl' }}>
            Choose the Right Service for Your Project
          </Heading>
          <Text color="fg.muted" maxW="2xl">
            Fixed-price web apps you can buy today, or an ongoing monthly partnership with a senior engineer
            or a fractional CTO.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="6" pt="3">
          {SERVICE_TIERS.map((tier) => (
            <TierCard key={tier.id} tier={tier} />
          ))}
        </SimpleGrid>
        <Stack mt="12" gap="4" align="center" textAlign="center">
          <Text color="fg.muted">
            Not sure which service fits? Talk it through with us first, free of charge.
          </Text>
          <ExternalLinkButton
            href={booking}
            size="lg"
            colorPalette="brand"
            variant="subtle"
            whiteSpace="normal"
            h="auto"
            minH="12"
            py="2"
          >
            <CalendarIcon />
            Book a Free {QUICK_CALL_MINUTES}-Minute Consultation
          </ExternalLinkButton>
        </Stack>
      </PageContainer>
    </Box>
  );
}
