import { Card, Heading, List, Text } from '@agency/ui';
import type { ServiceTier } from '@agency/domain';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';

/** The tier being discussed: its name, pricing model and features (not shown for the general consultation). */
export function ServiceDetails({ tier }: { tier: ServiceTier }) {
  return (
    <Card.Root as="section" aria-labelledby="service-details-heading">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="service-details-heading">
          {CHECKOUT_MESSAGES.consultation.serviceDetails}
        </Heading>
        <Text fontWeight="semibold">{tier.name}</Text>
        <Text fontSize="sm" color="fg.muted">
          {tier.price}
          {tier.priceNote ? ` · ${tier.priceNote}` : ''}
        </Text>
        <Text fontSize="sm">{tier.description}</Text>
        <List.Root gap="1" ps="5" fontSize="sm">
          {tier.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}
