import type { ReactNode } from 'react';
import { formatUsd, type PaymentHistoryEntry, type ProjectPaymentsResponse } from '@agency/domain';
import {
  PAYMENT_HISTORY_TEXT as T,
  PAYMENT_KIND_LABELS,
  PAYMENT_STATUS_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
} from '@agency/domain/payment-history';
import { Badge, Box, Center, Spinner, Stack, Text, useOverlays, VisuallyHidden } from '@agency/ui';
import { shortDate } from '../date-time';
import type { ProjectPaymentsState } from '../use-project-payments';
import { LoadFailed } from './load-failed';

const STATUS_PALETTE: Record<PaymentHistoryEntry['status'], string> = {
  succeeded: 'green',
  failed: 'red',
  refunded: 'gray',
};

/** The last four digits as "•••• 4242", read as "ending in 4242". */
export function CardDigits({ last4 }: { last4: string | null }) {
  if (!last4) return <>{T.noCard}</>;
  return (
    <>
      <VisuallyHidden>{T.cardEnding} </VisuallyHidden>
      <span aria-hidden="true">•••• </span>
      {last4}
    </>
  );
}

/** A refund is money going back: shown as a negative amount. */
const amountText = (entry: PaymentHistoryEntry) =>
  formatUsd(entry.kind === 'refund' ? -entry.amount : entry.amount);

interface PaymentHistoryProps {
  projectTitle: string;
  state: ProjectPaymentsState;
  onRetry: () => void;
}

/** A project's payments (date, type, amount, status, card) and what is still due, with loading and error states. */
export function PaymentHistory({ projectTitle, state, onRetry }: PaymentHistoryProps) {
  if (state.status === 'loading') {
    return (
      <Center py="6" gap="3" role="status" aria-live="polite">
        <Spinner size="sm" aria-hidden />
        <Text>{T.loading}</Text>
      </Center>
    );
  }
  if (state.status === 'error') {
    return <LoadFailed title={T.loadFailed} retryLabel={T.retry} onRetry={onRetry} />;
  }
  return (
    <Stack gap="4">
      <PaymentSummary data={state.data} />
      {state.data.payments.length === 0 ? (
        <Text color="fg.muted">{T.empty}</Text>
      ) : (
        <PaymentTable projectTitle={projectTitle} payments={state.data.payments} />
      )}
    </Stack>
  );
}

function PaymentSummary({ data }: { data: ProjectPaymentsResponse }) {
  const { subscription } = data;
  const rows: [string, ReactNode][] = [
    [
      T.balanceDue,
      <Text as="span" fontWeight="bold" color={data.balanceDue > 0 ? 'fg.error' : undefined}>
        {formatUsd(data.balanceDue)}
      </Text>,
    ],
    ...(subscription
      ? ([
          [T.subscription, SUBSCRIPTION_STATUS_LABELS[subscription.status]],
          ...(subscription.monthlyCost !== null ? [[T.monthlyFee, formatUsd(subscription.monthlyCost)]] : []),
          ...(subscription.currentPeriodEnd && subscription.status !== 'cancelled'
            ? [[T.currentPeriodEnd, shortDate(subscription.currentPeriodEnd)]]
            : []),
        ] as [string, ReactNode][])
      : []),
  ];
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns="max-content 1fr"
      columnGap="4"
      rowGap="1"
      bg="bg.muted"
      p="3"
      borderRadius="md"
      fontSize="sm"
    >
      {rows.map(([term, value]) => (
        <Box key={term} display="contents">
          <Text as="dt" fontWeight="medium">
            {term}
          </Text>
          <Text as="dd">{value}</Text>
        </Box>
      ))}
    </Box>
  );
}

function PaymentTable({ projectTitle, payments }: { projectTitle: string; payments: PaymentHistoryEntry[] }) {
  const { Table } = useOverlays();
  const c = T.columns;
  return (
    // Scrolls sideways on narrow screens; focusable so a keyboard can scroll it too.
    <Box overflowX="auto" tabIndex={0} role="region" aria-label={T.caption(projectTitle)}>
      <Table.Root size="sm">
        <Table.Caption srOnly>{T.caption(projectTitle)}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{c.date}</Table.ColumnHeader>
            <Table.ColumnHeader>{c.type}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{c.amount}</Table.ColumnHeader>
            <Table.ColumnHeader>{c.status}</Table.ColumnHeader>
            <Table.ColumnHeader>{c.card}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payments.map((entry) => (
            <Table.Row key={`${entry.kind}-${entry.id}`}>
              <Table.Cell whiteSpace="nowrap">{shortDate(entry.at)}</Table.Cell>
              <Table.Cell>{PAYMENT_KIND_LABELS[entry.kind]}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {amountText(entry)}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATUS_PALETTE[entry.status]}>
                  {PAYMENT_STATUS_LABELS[entry.status]}
                </Badge>
                {entry.status === 'failed' && entry.failureMessage ? (
                  <Text fontSize="xs" color="fg.muted" mt="1">
                    {T.failureReason(entry.failureMessage)}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <CardDigits last4={entry.cardLast4} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
