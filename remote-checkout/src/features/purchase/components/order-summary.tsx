import { Box, Card, Flex, Heading, List, Separator, Stack, Text } from '@agency/ui';
import { formatUsd, type ServiceTier } from '@agency/domain';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';

const m = CHECKOUT_MESSAGES.purchase;

/** What is being bought: the tier, its price, the 50% deposit due today and what happens to the rest. */
export function OrderSummary({ tier }: { tier: ServiceTier }) {
  const deposit = tier.downpaymentDollars!;
  const remainder = tier.costDollars! - deposit;
  return (
    <Card.Root as="section" aria-labelledby="order-summary-heading" variant="subtle">
      <Card.Body gap="4">
        <Heading as="h2" size="lg" id="order-summary-heading">
          {m.orderSummary}
        </Heading>
        <Box>
          <Text fontWeight="semibold" fontSize="lg">
            {tier.name}
          </Text>
          <Text color="fg.muted" fontSize="sm" mt="1">
            {tier.description}
          </Text>
        </Box>
        <List.Root gap="1" ps="5" fontSize="sm">
          {tier.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List.Root>
        <Separator />
        <Stack gap="2" as="dl">
          <Flex justify="space-between" gap="4">
            <Text as="dt">{m.totalPrice}</Text>
            <Text as="dd">{tier.price}</Text>
          </Flex>
          <Flex justify="space-between" gap="4" fontWeight="bold" fontSize="lg">
            <Text as="dt">{m.dueToday}</Text>
            <Text as="dd" data-testid="deposit">
              {formatUsd(deposit)}
            </Text>
          </Flex>
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          {m.remainder(formatUsd(remainder))}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {m.refundPromise}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
