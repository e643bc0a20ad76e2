import { useId, useState } from 'react';
import { formatUsd } from '@agency/domain';
import { monthLabel, REVENUE_LINE_LABELS, REVENUE_LINES, type RevenueReport } from '@agency/domain/billing';
import { apiClient } from '@agency/auth/api';
import { useQuery } from '@agency/portal';
import { Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@agency/ui';
import { Input } from '@agency/ui/forms';
import { toastError } from '../../../lib/toast';

export const REVENUE_TEXT = {
  open: 'Revenue details',
  close: 'Hide revenue details',
  heading: 'Revenue',
  month: 'Month',
  period: (label: string) => `Period: ${label} (UTC)`,
  total: 'Revenue',
  mrr: 'MRR',
  mrrNote: (n: number) => `${n} running subscription${n === 1 ? '' : 's'}`,
  breakdown: 'Breakdown',
  chart: 'Revenue over the last 12 months',
  export: 'Export ledger (CSV)',
  exportFailed: "We couldn't export the ledger.",
  loading: 'Loading revenue...',
  failed: "We couldn't load the revenue.",
} as const;
const T = REVENUE_TEXT;

const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * The consultancy's month (issue 35): the period, the breakdown (deposits, final payments, subscriptions,
 * penalties, refunds), MRR, 12 months as bars (plain CSS, each bar labelled: no chart library in the admin
 * remote's bundle), and the ledger as CSV. Loaded when opened, so the dashboard's first render does not wait.
 */
export function RevenuePanel() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Box>
      <Button
        size="sm"
        variant="outline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? T.close : T.open}
      </Button>
      {open ? (
        <Box id={panelId} mt="3">
          <RevenueDetails />
        </Box>
      ) : null}
    </Box>
  );
}

function RevenueDetails() {
  const [month, setMonth] = useState(thisMonth);
  const inputId = useId();
  const report = useQuery({
    queryKey: ['revenue-report', month],
    queryFn: ({ signal }) => apiClient().revenueReport({ query: { month } }, { signal }),
  });
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await apiClient().ledgerExport({ query: { month } });
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toastError(error, T.exportFailed);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card.Root as="section" aria-labelledby={`${inputId}-heading`} variant="outline">
      <Card.Body gap="4">
        <Flex justify="space-between" align="end" wrap="wrap" gap="3">
          <Heading as="h2" size="lg" id={`${inputId}-heading`}>
            {T.heading}
          </Heading>
          <HStack gap="2" align="end">
            <Box>
              <label htmlFor={inputId} style={{ fontSize: '0.875rem', display: 'block' }}>
                {T.month}
              </label>
              <Input
                id={inputId}
                type="month"
                size="sm"
                value={month}
                max={thisMonth()}
                onChange={(event) => event.target.value && setMonth(event.target.value)}
              />
            </Box>
            <Button size="sm" onClick={() => void exportCsv()} loading={exporting}>
              {T.export}
            </Button>
          </HStack>
        </Flex>
        {report.data ? (
          <ReportView report={report.data} />
        ) : report.isError ? (
          <Text role="alert">{T.failed}</Text>
        ) : (
          <HStack role="status">
            <Spinner size="sm" aria-hidden />
            <Text>{T.loading}</Text>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ReportView({ report }: { report: RevenueReport }) {
  const peak = Math.max(1, ...report.months.map((m) => Math.abs(m.revenue)));
  return (
    <Stack gap="5">
      <Text color="fg.muted">{T.period(report.periodLabel)}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {T.total}
          </Text>
          <Text fontSize="2xl" fontWeight="bold">
            {formatUsd(report.revenue)}
          </Text>
        </Box>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {T.mrr}
          </Text>
          <Text fontSize="2xl" fontWeight="bold">
            {formatUsd(report.mrr)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {T.mrrNote(report.activeSubscriptions)}
          </Text>
        </Box>
      </SimpleGrid>
      <Box>
        <Heading as="h3" size="sm" mb="2">
          {T.breakdown}
        </Heading>
        <Box as="dl" display="grid" gridTemplateColumns="max-content max-content" columnGap="6" rowGap="1">
          {REVENUE_LINES.map((line) => (
            <Box key={line} display="contents">
              <Text as="dt">{REVENUE_LINE_LABELS[line]}</Text>
              <Text as="dd" textAlign="end" fontVariantNumeric="tabular-nums">
                {formatUsd(report.breakdown[line])}
              </Text>
            </Box>
          ))}
        </Box>
      </Box>
      <Box>
        <Heading as="h3" size="sm" mb="2" id="revenue-chart-heading">
          {T.chart}
        </Heading>
        <Flex as="ol" aria-labelledby="revenue-chart-heading" align="end" gap="1" h="40" listStyleType="none">
          {report.months.map((m) => {
            const label = `${monthLabel(m.month)}: ${formatUsd(m.revenue)}`;
            return (
              <Flex
                as="li"
                key={m.month}
                direction="column"
                justify="end"
                align="center"
                flex="1"
                h="full"
                title={label}
              >
                <Box
                  w="full"
                  bg={m.month === report.month ? 'brand.solid' : 'brand.muted'}
                  h={`${Math.max(2, (Math.abs(m.revenue) / peak) * 100)}%`}
                  borderTopRadius="sm"
                  aria-hidden
                />
                <Text fontSize="2xs" color="fg.muted" mt="1" aria-hidden>
                  {m.month.slice(5)}
                </Text>
                <Text srOnly>{label}</Text>
              </Flex>
            );
          })}
        </Flex>
      </Box>
    </Stack>
  );
}
