import { formatUsd } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Card, SimpleGrid, Text } from '@agency/ui';

const S = ADMIN_MESSAGES.stats;

export interface StatCounts {
  pending: number;
  active: number;
  pendingFinalPayment: number;
  completed: number;
}

interface Props {
  counts: StatCounts;
  /** Whole dollars; null when the revenue could not be read. */
  revenue: number | null;
}

/** Five cards: Pending, Active, Pending Final Payment, Monthly Revenue, Completed. */
export function StatCards({ counts, revenue }: Props) {
  const cards = [
    { label: S.pending, value: String(counts.pending) },
    { label: S.active, value: String(counts.active) },
    { label: S.pendingFinalPayment, value: String(counts.pendingFinalPayment) },
    { label: S.monthlyRevenue, value: revenue === null ? S.revenueUnavailable : formatUsd(revenue) },
    { label: S.completed, value: String(counts.completed) },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="3">
      {cards.map((card) => (
        <Card.Root key={card.label} size="sm" role="group" aria-label={card.label}>
          <Card.Body gap="1">
            <Text fontSize="sm" color="fg.muted">
              {card.label}
            </Text>
            <Text fontSize="2xl" fontWeight="bold" data-part="value">
              {card.value}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
