import { formatUsd } from '@agency/domain/money';
import { DOWNPAYMENT_RATE, type ServiceTier } from '@agency/domain/tiers';
import { Link as RouterLink } from '@agency/router';
import { Badge, Box, Button, Card, HStack, List, Text } from '@agency/ui';
import { CheckIcon } from './icons';

/** Where a tier's button leads: fixed-price tiers are bought directly, the others start with a call. */
export function tierAction(tier: ServiceTier): { label: string; to: string } {
  return tier.directBooking
    ? { label: 'Get Started', to: `/purchase/${tier.id}` }
    : { label: 'Schedule Consultation', to: `/consultation/${tier.id}` };
}

export function TierCard({ tier }: { tier: ServiceTier }) {
  const titleId = `tier-${tier.id}-title`;
  const action = tierAction(tier);
  return (
    <Card.Root
      as="article"
      aria-labelledby={titleId}
      position="relative"
      variant="outline"
      borderWidth={tier.popular ? '2px' : '1px'}
      borderColor={tier.popular ? 'brand.solid' : 'border'}
      shadow={tier.popular ? 'lg' : 'sm'}
      h="full"
    >
      {tier.popular && (
        <Badge
          position="absolute"
          top="0"
          left="50%"
          transform="translate(-50%, -50%)"
          colorPalette="brand"
          variant="solid"
          size="md"
          px="3"
        >
          Most Popular
        </Badge>
      )}
      <Card.Header gap="2" pt="7">
        <Card.Title id={titleId} fontSize="xl">
          {tier.name}
        </Card.Title>
        <HStack align="baseline" gap="2" wrap="wrap">
          <Text fontSize="3xl" fontWeight="bold" lineHeight="1.2">
            {tier.price}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {tier.priceNote ?? 'fixed price'}
          </Text>
        </HStack>
        {tier.downpaymentDollars !== undefined && (
          <Text fontSize="sm" color="brand.fg">
            {DOWNPAYMENT_RATE * 100}% deposit today: {formatUsd(tier.downpaymentDollars)}
          </Text>
        )}
        <Card.Description>{tier.description}</Card.Description>
      </Card.Header>
      <Card.Body>
        <List.Root gap="2" variant="plain" aria-label={`${tier.name} features`}>
          {tier.features.map((feature) => (
            <List.Item key={feature} alignItems="center">
              <List.Indicator asChild color="green.600">
                <Box as="span" display="inline-flex">
                  <CheckIcon />
                </Box>
              </List.Indicator>
              {feature}
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer>
        <Button asChild w="full" colorPalette="brand" variant={tier.popular ? 'solid' : 'outline'}>
          <RouterLink to={action.to} aria-describedby={titleId}>
            {action.label}
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
