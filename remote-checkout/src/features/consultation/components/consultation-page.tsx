import { useEffect } from 'react';
import { findConsultationTier } from '@agency/domain';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';
import { useParams } from '@agency/router';
import { Card, Container, Grid, GridItem, Heading, Stack, Text } from '@agency/ui';
import { BackLink } from '../../../components/back-link';
import { ServiceNotFound } from '../../../components/service-not-found';
import { trackConsultationPageView } from '@agency/tracking';
import { ConsultationForm } from './consultation-form';
import { ServiceDetails } from './service-details';
import { WhatToExpect } from './what-to-expect';

const m = CHECKOUT_MESSAGES.consultation;

/** /consultation/{tierId}: a consultation request for tier 3, tier 4 or a general consultation (exposed module). */
export default function ConsultationPage() {
  const { tierId } = useParams();
  const consultation = findConsultationTier(tierId);

  useEffect(() => {
    if (consultation) trackConsultationPageView({ tierId: consultation.key, tierName: consultation.name });
  }, [consultation?.key]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!consultation) {
    return (
      <ServiceNotFound
        title={m.notFoundTitle}
        description={m.notFoundDescription}
        action={CHECKOUT_MESSAGES.purchase.backToHome}
      />
    );
  }

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <BackLink label={m.backToServices} />
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {m.heading(consultation.name)}
          </Heading>
          <Text color="fg.muted">{m.intro}</Text>
        </Stack>
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }}
          gap={{ base: '6', lg: '10' }}
          alignItems="start"
        >
          <GridItem gridColumn={{ lg: '2' }} gridRow={{ lg: '1' }}>
            <Stack gap="4">
              <WhatToExpect tierKey={consultation.key} />
              {consultation.tier ? <ServiceDetails tier={consultation.tier} /> : null}
            </Stack>
          </GridItem>
          <GridItem gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }}>
            <Card.Root>
              <Card.Body>
                <ConsultationForm
                  key={consultation.key}
                  tierKey={consultation.key}
                  serviceName={consultation.name}
                />
              </Card.Body>
            </Card.Root>
          </GridItem>
        </Grid>
      </Stack>
    </Container>
  );
}
