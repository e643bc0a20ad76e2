import { memo, useState } from 'react';
import { describePreferredSlot, type InboxItem } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Flex,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@agency/ui';
import { apiClient } from '@agency/auth/api';
import { dateTime, FilterToolbar, LoadFailed } from '@agency/portal';
import { budgetLabel, consultationTierName, timelineLabel } from '../../../lib/format';
import { toastError } from '../../../lib/toast';
import { useInbox, type InboxFilters, type Unread } from '../hooks/use-inbox';
import { InboxActions } from './inbox-actions';

const I = ADMIN_MESSAGES.inbox;
const P = ADMIN_MESSAGES.pagination;

/** The admin's inbox: contact messages and consultation requests, newest first; read or unread; searchable. */
export function Inbox({ onUnread }: { onUnread: (unread: Unread) => void }) {
  const [filters, setFilters] = useState<InboxFilters>({ kind: '', status: '', q: '' });
  const inbox = useInbox(filters, onUnread);
  const { state } = inbox;
  const items = state.status === 'error' ? undefined : state.items;

  return (
    <Stack gap="4">
      <InboxToolbar filters={filters} onChange={setFilters} />
      {state.status === 'error' ? (
        <LoadFailed title={I.loadFailed} retryLabel={I.retry} onRetry={inbox.retry} />
      ) : !items ? (
        <Center py="8" gap="3" role="status">
          <Spinner size="sm" aria-hidden />
          <Text>{I.loading}</Text>
        </Center>
      ) : items.length === 0 ? (
        <Text color="fg.muted">
          {filters.kind || filters.status || filters.q.trim() ? I.noMatches : I.empty}
        </Text>
      ) : (
        <Stack
          as="ul"
          gap="3"
          listStyleType="none"
          m="0"
          p="0"
          aria-busy={state.status === 'loading' || undefined}
        >
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <InboxEntry item={item} onChanged={inbox.replace} onUnread={onUnread} />
            </li>
          ))}
        </Stack>
      )}
      {inbox.hasNext || inbox.hasPrevious ? (
        <HStack as="nav" aria-label={I.label} gap="3" justify="center">
          <Button size="sm" variant="outline" onClick={inbox.previous} disabled={!inbox.hasPrevious}>
            {P.previous}
          </Button>
          <Text fontSize="sm">{P.page(inbox.page)}</Text>
          <Button size="sm" variant="outline" onClick={inbox.next} disabled={!inbox.hasNext}>
            {P.next}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}

/** A select's options from its labels: `all` is every one (the empty value), then each in the order written. */
const optionsOf = ({ all, ...each }: { all: string } & Record<string, string>) => [
  { value: '', label: all },
  ...Object.entries(each).map(([value, label]) => ({ value, label })),
];

function InboxToolbar({
  filters,
  onChange,
}: {
  filters: InboxFilters;
  onChange: (filters: InboxFilters) => void;
}) {
  return (
    <FilterToolbar
      label={I.filtersLabel}
      filters={filters}
      onChange={onChange}
      search={{ label: I.search, placeholder: I.searchPlaceholder }}
      selects={[
        {
          name: 'kind',
          label: I.kind,
          flex: '1 1 11rem',
          options: optionsOf(I.kinds),
        },
        {
          name: 'status',
          label: I.status,
          flex: '1 1 10rem',
          options: optionsOf(I.statuses),
        },
      ]}
    />
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontSize="sm" wordBreak="break-word">
        {value}
      </Text>
    </Box>
  );
}

const InboxEntry = memo(function InboxEntry({
  item,
  onChanged,
  onUnread,
}: {
  item: InboxItem;
  onChanged: (item: InboxItem) => void;
  onUnread: (unread: Unread) => void;
}) {
  const [busy, setBusy] = useState(false);
  const unread = !item.readAt;
  const c = item.consultation;

  const toggle = async () => {
    setBusy(true);
    try {
      const answer = await apiClient().markInboxRead({
        body: { kind: item.kind, id: item.id, read: unread },
      });
      onChanged(answer.item);
      // The tab's badge is counted again.
      const counts = await apiClient().listInbox({ query: { limit: '1' } });
      onUnread(counts.unread);
    } catch (error) {
      toastError(error, I.markFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root
      as="article"
      aria-label={`${I.kindLabel[item.kind]}: ${item.name}`}
      size="sm"
      borderColor={unread ? 'blue.muted' : undefined}
    >
      <Card.Body gap="3">
        <Flex gap="2" justify="space-between" align="flex-start" wrap="wrap">
          <Box minW="0">
            <Heading as="h2" size="sm" wordBreak="break-word">
              {item.name}
            </Heading>
            <Link href={`mailto:${item.email}`} fontSize="sm" color="fg.muted" wordBreak="break-all">
              {item.email}
            </Link>
          </Box>
          <HStack gap="2" wrap="wrap">
            <Badge variant="subtle" colorPalette={item.kind === 'consultation' ? 'purple' : 'gray'}>
              {I.kindLabel[item.kind]}
            </Badge>
            {unread ? (
              <Badge variant="solid" colorPalette="blue">
                {I.unreadBadge}
              </Badge>
            ) : null}
          </HStack>
        </Flex>
        <Text fontSize="sm" whiteSpace="pre-line" wordBreak="break-word">
          {item.message}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
          <Detail label={I.received} value={dateTime(item.at)} />
          {item.company ? <Detail label={I.company} value={item.company} /> : null}
          {c ? <Detail label={I.service} value={consultationTierName(c.tier)} /> : null}
          {c?.budget ? <Detail label={I.budget} value={budgetLabel(c.budget)} /> : null}
          {c?.timeline ? <Detail label={I.timeline} value={timelineLabel(c.timeline)} /> : null}
          {c?.preferredDate || c?.preferredTime ? (
            <Detail
              label={I.preferred}
              value={
                describePreferredSlot({
                  date: c.preferredDate,
                  time: c.preferredTime,
                  timeZone: c.preferredTimeZone,
                }) ?? ''
              }
            />
          ) : null}
        </SimpleGrid>
        <HStack gap="2" wrap="wrap">
          <InboxActions item={item} onChanged={onChanged} />
          <Button
            size="sm"
            variant="outline"
            onClick={() => void toggle()}
            disabled={busy}
            aria-busy={busy}
            aria-label={`${unread ? I.markRead : I.markUnread}: ${I.kindLabel[item.kind]}, ${item.name}`}
          >
            {unread ? I.markRead : I.markUnread}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
});
