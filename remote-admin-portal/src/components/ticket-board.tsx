import { useCallback, useId } from 'react';
import { useDrag, useDrop } from 'react-dnd';
import {
  nextTicketStatus,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type Ticket,
  type TicketStatus,
} from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Badge, Box, Card, Heading, IconButton, SimpleGrid, Stack, Text } from '@agency/ui';

const T = ADMIN_MESSAGES.ticket;
export const TICKET_DND_TYPE = 'ticket';

interface DragItem {
  id: string;
  status: TicketStatus;
}

export interface TicketBoardProps {
  /** Heading of the board, e.g. Project Board or Maintenance Board. */
  title: string;
  tickets: readonly Ticket[];
  /** Moves the ticket to a column (the forward button or a drop). Absent = read-only board. */
  onMove?: (ticket: Ticket, status: TicketStatus) => void;
  /** Ids of tickets whose move is being saved. */
  busyIds?: ReadonlySet<string>;
}

/** Four columns (not-started → done); a button moves a ticket one step forward; drag and drop to any column. */
export function TicketBoard({ title, tickets, onMove, busyIds }: TicketBoardProps) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="md" mb="1">
        {title}
      </Heading>
      {onMove ? (
        <Text color="fg.muted" fontSize="sm" mb="3">
          {T.dragHint}
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="3">
        {TICKET_STATUSES.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            tickets={tickets.filter((t) => t.status === status)}
            byId={(id) => tickets.find((t) => t.id === id)}
            onMove={onMove}
            busyIds={busyIds}
          />
        ))}
      </SimpleGrid>
    </Box>
  );
}

interface ColumnProps {
  status: TicketStatus;
  tickets: readonly Ticket[];
  byId: (id: string) => Ticket | undefined;
  onMove?: TicketBoardProps['onMove'];
  busyIds?: ReadonlySet<string>;
}

function BoardColumn({ status, tickets, byId, onMove, busyIds }: ColumnProps) {
  const [{ isOver }, drop] = useDrop<DragItem, void, { isOver: boolean }>(
    () => ({
      accept: TICKET_DND_TYPE,
      canDrop: (item) => Boolean(onMove) && item.status !== status,
      drop: (item) => {
        const ticket = byId(item.id);
        if (ticket && onMove) onMove(ticket, status);
      },
      collect: (monitor) => ({ isOver: monitor.isOver() && monitor.canDrop() }),
    }),
    [status, onMove, byId],
  );
  const ref = useCallback((node: HTMLDivElement | null) => {
    drop(node);
  }, [drop]);
  const label = TICKET_STATUS_LABELS[status];

  return (
    <Box
      ref={ref}
      role="region"
      aria-label={label}
      data-status={status}
      bg={isOver ? 'blue.subtle' : 'bg.muted'}
      borderWidth="1px"
      borderColor={isOver ? 'blue.emphasized' : 'border'}
      borderRadius="md"
      p="3"
      minH="32"
      transition="background 0.15s"
    >
      <Stack direction="row" justify="space-between" align="center" mb="2">
        <Heading as="h3" size="sm">
          {label}
        </Heading>
        <Badge variant="subtle" aria-label={`${tickets.length} tickets`}>
          {tickets.length}
        </Badge>
      </Stack>
      {tickets.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {T.empty}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} onMove={onMove} busy={busyIds?.has(ticket.id) ?? false} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function TicketCard({ ticket, onMove, busy }: { ticket: Ticket; onMove?: TicketBoardProps['onMove']; busy: boolean }) {
  const [{ isDragging }, drag] = useDrag<DragItem, void, { isDragging: boolean }>(
    () => ({
      type: TICKET_DND_TYPE,
      item: { id: ticket.id, status: ticket.status },
      canDrag: () => Boolean(onMove) && !busy,
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [ticket.id, ticket.status, onMove, busy],
  );
  // The card renders as an <li>; react-dnd only needs the DOM node.
  const ref = useCallback((node: HTMLDivElement | null) => {
    drag(node);
  }, [drag]);
  const next = nextTicketStatus(ticket.status);

  return (
    <Card.Root
      as="li"
      ref={ref}
      size="sm"
      opacity={isDragging ? 0.5 : 1}
      cursor={onMove ? 'grab' : 'default'}
      aria-busy={busy || undefined}
      data-ticket-id={ticket.id}
    >
      <Card.Body gap="1" p="3">
        <Stack direction="row" justify="space-between" align="flex-start" gap="2">
          <Text fontWeight="semibold" wordBreak="break-word">
            {ticket.title}
          </Text>
          {onMove && next ? (
            <IconButton
              size="xs"
              variant="outline"
              aria-label={T.moveForward(ticket.title, TICKET_STATUS_LABELS[next])}
              title={`Move to ${TICKET_STATUS_LABELS[next]}`}
              disabled={busy}
              onClick={() => onMove(ticket, next)}
            >
              <span aria-hidden="true">→</span>
            </IconButton>
          ) : null}
        </Stack>
        {ticket.description ? (
          <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
            {ticket.description}
          </Text>
        ) : null}
        {ticket.assignee ? (
          <Text fontSize="xs" color="fg.muted">
            {T.assignedTo(ticket.assignee)}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
