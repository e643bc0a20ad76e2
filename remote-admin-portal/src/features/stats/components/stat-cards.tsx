import { memo } from 'react';
import { ADMIN_TAB_VIEWS, formatUsd } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Card, SimpleGrid, Text } from '@agency/ui';
import { useCounts } from '@agency/portal';
import { useRevenue } from '../hooks/use-revenue';

const S = ADMIN_MESSAGES.stats;

/**
 * Five cards: Pending, Active, Pending Final Payment, Monthly Revenue, Completed. The counts come from the server
 * (GET /api/project-counts), each the count of the tab of the same name (ADMIN_TAB_VIEWS): Completed counts what the
 * Completed Projects tab lists, cancelled projects (shown as Canceled) included.
 */
export const StatCards = memo(function StatCards() {
  const { counts } = useCounts();
  const revenue = useRevenue();
  const count = (value: number | undefined) => (value === undefined ? '…' : String(value));
  const cards = [
    { label: S.pending, value: count(counts?.[ADMIN_TAB_VIEWS.queue]) },
    { label: S.active, value: count(counts?.[ADMIN_TAB_VIEWS.active]) },
    { label: S.pendingFinalPayment, value: count(counts?.[ADMIN_TAB_VIEWS.pendingFinalPayment]) },
    {
      label: S.monthlyRevenue,
      value:
        revenue.status === 'ready'
          ? formatUsd(revenue.revenue)
          : revenue.status === 'loading'
            ? '…'
            : S.revenueUnavailable,
    },
    { label: S.completed, value: count(counts?.[ADMIN_TAB_VIEWS.completed]) },
  ];
  return (
    <SimpleGrid as="section" aria-label={S.label} columns={{ base: 2, md: 3, lg: 5 }} gap="3">
      {cards.map((card) => (
        <Card.Root key={card.label} size="sm" role="group" aria-label={card.label}>
          <Card.Body gap="1">
            <Text fontSize="sm" color="fg.muted">
              {card.label}
            </Text>
            <Text
              fontSize="2xl"
              fontWeight="bold"
              data-part="value"
              aria-busy={card.value === '…' || undefined}
            >
              {card.value}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
});
