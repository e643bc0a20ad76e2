import { memo, useMemo, useState } from 'react';
import {
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type BoardType,
  type Ticket,
  type TicketStatus,
} from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { Badge, Box, Button, Center, Heading, SimpleGrid, Spinner, Stack, Text } from '@agency/ui';
import { TicketCommentsButton, useBoard, usePortalCache, LoadFailed } from '@agency/portal';

const m = CLIENT_MESSAGES.boards;
/** A column shows this many tickets until asked for more, so the page stays small on a big board. */
export const COLUMN_CAP = 10;

interface TaskBoardProps {
  projectId: string;
  projectTitle: string;
  boardType: BoardType;
  /** The main board of a finished project: the work as delivered. */
  delivered?: boolean;
  id?: string;
}

/** A read-only board: the client sees tickets in their columns; only the admin moves or adds them. It follows live changes. */
export function TaskBoard({ projectId, projectTitle, boardType, delivered = false, id }: TaskBoardProps) {
  const entry = useBoard(projectId, boardType);
  const portal = usePortalCache();
  const title = boardType === 'maintenance' ? m.maintenance : delivered ? m.delivered : m.main;
  const columns = useMemo(() => {
    const byStatus = Object.fromEntries(TICKET_STATUSES.map((s) => [s, [] as Ticket[]])) as Record<
      TicketStatus,
      Ticket[]
    >;
    for (const ticket of entry.tickets) byStatus[ticket.status]?.push(ticket);
    return byStatus;
  }, [entry.tickets]);
  return (
    <Box as="section" id={id} aria-label={`${title}: ${projectTitle}`} borderTopWidth="1px" pt="4" mt="2">
      <Stack gap="1" mb="3">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          {delivered ? m.deliveredNote : m.readOnly}
        </Text>
      </Stack>
      {entry.status === 'loading' && entry.tickets.length === 0 ? (
        <Center py="4" gap="3" role="status">
          <Spinner size="sm" aria-hidden />
          <Text fontSize="sm">{m.loading}</Text>
        </Center>
      ) : entry.status === 'error' ? (
        <LoadFailed
          title={m.loadFailed}
          retryLabel={CLIENT_MESSAGES.retry}
          onRetry={() => portal.reloadBoard(projectId, boardType)}
        />
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          {TICKET_STATUSES.map((status) => (
            <Column
              key={status}
              headingId={`${id ?? `${projectId}-${boardType}`}-${status}`}
              status={status}
              tickets={columns[status]}
            />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}

const Column = memo(function Column({
  headingId,
  status,
  tickets,
}: {
  headingId: string;
  status: TicketStatus;
  tickets: readonly Ticket[];
}) {
  const [expanded, setExpanded] = useState(false);
  const label = TICKET_STATUS_LABELS[status];
  const shown = expanded ? tickets : tickets.slice(0, COLUMN_CAP);
  return (
    <Box as="section" aria-labelledby={headingId} bg="bg.muted" borderRadius="md" p="3" minW="0">
      <Heading as="h4" size="xs" id={headingId} mb="2" display="flex" alignItems="center" gap="2">
        {label}
        <Badge size="sm" variant="subtle" aria-label={m.count(tickets.length)}>
          {tickets.length}
        </Badge>
      </Heading>
      {tickets.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {m.empty}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {shown.map((ticket) => (
            <TicketItem key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
      )}
      {tickets.length > COLUMN_CAP ? (
        <Button size="xs" variant="ghost" mt="2" onClick={() => setExpanded((v) => !v)}>
          {expanded ? m.showFewer(label) : m.showMore(tickets.length - COLUMN_CAP, label)}
        </Button>
      ) : null}
    </Box>
  );
});

const TicketItem = memo(function TicketItem({ ticket }: { ticket: Ticket }) {
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="md" p="2.5">
      <Text fontWeight="medium" fontSize="sm" wordBreak="break-word">
        {ticket.title}
      </Text>
      {ticket.description ? (
        <Text fontSize="xs" color="fg.muted" mt="1" wordBreak="break-word">
          {ticket.description}
        </Text>
      ) : null}
      {ticket.assignee ? (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {m.assignedTo(ticket.assignee)}
        </Text>
      ) : null}
      <TicketCommentsButton projectId={ticket.project_id} ticket={ticket} viewer="client" />
    </Box>
  );
});
