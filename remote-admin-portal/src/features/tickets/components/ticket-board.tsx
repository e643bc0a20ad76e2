import {
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useDrag, useDrop } from 'react-dnd';
import {
  nextTicketStatus,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type BoardType,
  type Ticket,
  type TicketStatus,
} from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import {
  Badge,
  Box,
  Button,
  Center,
  Flex,
  Heading,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@agency/ui';
import { TicketCommentsButton, useBoard, usePortalCache, LoadFailed } from '@agency/portal';
import { useTicketActions } from '../hooks/use-ticket-actions';
import { DeleteTicketDialog, EditTicketDialog } from './ticket-dialogs';
import { MoveToMenu } from './move-to-menu';

const T = ADMIN_MESSAGES.ticket;
export const TICKET_DND_TYPE = 'ticket';
/** A column shows this many tickets until asked for more, so the page stays small on a big board. */
export const COLUMN_CAP = 10;

const FOCUS_RING = { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' } as const;
// Tickets are plain elements styled once by their board: a board shows many, and styled components for each
// ticket's parts and buttons were most of the time a board took to render.
const BOARD_CSS = {
  '& .ticket': {
    listStyle: 'none',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    p: '3',
  },
  '& .ticket[tabindex]': { cursor: 'grab' },
  '& .ticket:focus-visible': FOCUS_RING,
  '& .ticket[data-dragging]': { opacity: 0.5 },
  '& .ticket p': { margin: '0' },
  '& .ticket-title': { fontWeight: 'semibold', wordBreak: 'break-word' },
  '& .ticket-description': { fontSize: 'sm', color: 'fg.muted', wordBreak: 'break-word', lineClamp: '3' },
  '& .ticket-meta': { fontSize: 'xs', color: 'fg.muted' },
  '& .ticket-actions': { display: 'flex', flexWrap: 'wrap', gap: '1.5', mt: '2' },
  '& .ticket-menu': { position: 'relative' },
  '& .ticket-button': {
    fontSize: 'xs',
    fontWeight: 'medium',
    lineHeight: '1',
    minH: '6',
    minW: '6',
    px: '2',
    borderRadius: 'sm',
    borderWidth: '1px',
    borderColor: 'border.emphasized',
    bg: 'bg',
    color: 'fg',
    cursor: 'pointer',
  },
  '& .ticket-button:hover': { bg: 'bg.muted' },
  '& .ticket-button:focus-visible': FOCUS_RING,
  '& .ticket-button:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  '& .ticket-button[data-danger]': { color: 'fg.error' },
} as const;

interface DragItem {
  id: string;
  status: TicketStatus;
}

interface TicketBoardProps {
  projectId: string;
  projectTitle: string;
  board: BoardType;
  /** Heading of the board, e.g. Project Board or Maintenance Board. */
  title: string;
  /** Read-only boards show the tickets without moves, edits or deletes. */
  editable?: boolean;
}

type Handlers = {
  move: (ticket: Ticket, status: TicketStatus) => void;
  edit: (ticket: Ticket) => void;
  remove: (ticket: Ticket) => void;
};

/**
 * Four columns (Not Started → Done). The admin moves a ticket by dragging it (mouse, or touch on touch devices),
 * with its → button (one step forward), its Move to… menu, or the left and right arrow keys on the focused
 * ticket. Focus stays on the moved ticket and the move is announced.
 */
export function TicketBoard({ projectId, projectTitle, board, title, editable = true }: TicketBoardProps) {
  const headingId = useId();
  const helpId = useId();
  const entry = useBoard(projectId, board);
  const portal = usePortalCache();
  const actions = useTicketActions();
  const [editing, setEditing] = useState<Ticket | null>(null);
  const [deleting, setDeleting] = useState<Ticket | null>(null);
  /** The ticket that gets focus once it shows in its new column. */
  const focusAfterMove = useRef<string | null>(null);
  const [pinnedId, setPinnedId] = useState<string | null>(null);

  const columns = useMemo(() => {
    const byStatus = Object.fromEntries(TICKET_STATUSES.map((s) => [s, [] as Ticket[]])) as Record<
      TicketStatus,
      Ticket[]
    >;
    for (const ticket of entry.tickets) byStatus[ticket.status]?.push(ticket);
    return byStatus;
  }, [entry.tickets]);

  // Handlers stay the same objects across renders, so memoized cards skip re-rendering.
  const latest = useRef({ actions, entry });
  useLayoutEffect(() => {
    latest.current = { actions, entry };
  });
  const handlers = useMemo<Handlers>(
    () => ({
      move: (ticket, status) => {
        focusAfterMove.current = ticket.id;
        setPinnedId(ticket.id);
        // A failed move puts the ticket back: focus follows it there too.
        void latest.current.actions.move(ticket, status, () => {
          focusAfterMove.current = ticket.id;
        });
      },
      edit: (ticket) => setEditing(ticket),
      remove: (ticket) => setDeleting(ticket),
    }),
    [],
  );
  const ticketById = useCallback((id: string) => latest.current.entry.tickets.find((t) => t.id === id), []);
  /** Whether this ticket is the one to focus now (asked once, by the card that mounts in its new column). */
  const takeFocus = useCallback((id: string) => {
    if (focusAfterMove.current !== id) return false;
    focusAfterMove.current = null;
    return true;
  }, []);

  return (
    <Box as="section" aria-labelledby={headingId} css={BOARD_CSS}>
      <Heading as="h2" id={headingId} size="md" mb="1">
        {title}
      </Heading>
      <Text id={helpId} color="fg.muted" fontSize="sm" mb="3">
        {editable ? T.dragHint : T.readOnly}
      </Text>
      <VisuallyHidden aria-live="polite">{actions.announcement}</VisuallyHidden>
      {entry.status === 'loading' && entry.tickets.length === 0 ? (
        <Center py="6" gap="3" role="status">
          <Spinner size="sm" aria-hidden />
          <Text>{T.loading}</Text>
        </Center>
      ) : entry.status === 'error' ? (
        <LoadFailed
          title={T.loadFailed}
          retryLabel={ADMIN_MESSAGES.retry}
          onRetry={() => portal.reloadBoard(projectId, board)}
        />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="3">
          {TICKET_STATUSES.map((status) => (
            <BoardColumn
              key={status}
              projectId={projectId}
              status={status}
              tickets={columns[status]}
              ticketById={ticketById}
              handlers={editable ? handlers : undefined}
              busyIds={actions.busyIds}
              helpId={helpId}
              takeFocus={takeFocus}
              pinnedId={pinnedId}
            />
          ))}
        </SimpleGrid>
      )}
      {editing ? (
        <EditTicketDialog
          ticket={editing}
          onClose={() => setEditing(null)}
          onSave={async (changes) => {
            if (await actions.save(editing, changes)) setEditing(null);
          }}
          busy={actions.busyIds.has(editing.id)}
        />
      ) : null}
      {deleting ? (
        <DeleteTicketDialog
          ticket={deleting}
          projectTitle={projectTitle}
          busy={actions.busyIds.has(deleting.id)}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const column = columns[deleting.status];
            const at = column.findIndex((t) => t.id === deleting.id);
            const neighbour = column[at + 1] ?? column[at - 1];
            if (await actions.remove(deleting)) {
              setDeleting(null);
              // Focus goes to the next ticket of the column, or to the column itself.
              requestAnimationFrame(() => {
                const target = neighbour
                  ? document.querySelector<HTMLElement>(`[data-ticket-id="${neighbour.id}"]`)
                  : document.querySelector<HTMLElement>(
                      `[data-board-column="${projectId}-${deleting.status}"]`,
                    );
                target?.focus();
              });
            }
          }}
        />
      ) : null}
    </Box>
  );
}

interface ColumnProps {
  projectId: string;
  status: TicketStatus;
  tickets: readonly Ticket[];
  ticketById: (id: string) => Ticket | undefined;
  handlers: Handlers | undefined;
  busyIds: ReadonlySet<string>;
  helpId: string;
  takeFocus: (id: string) => boolean;
  pinnedId: string | null;
}

const BoardColumn = memo(function BoardColumn({
  projectId,
  status,
  tickets,
  ticketById,
  handlers,
  busyIds,
  helpId,
  takeFocus,
  pinnedId,
}: ColumnProps) {
  const [expanded, setExpanded] = useState(false);
  const [{ isOver }, drop] = useDrop<DragItem, void, { isOver: boolean }>(
    () => ({
      accept: TICKET_DND_TYPE,
      canDrop: (item) => Boolean(handlers) && item.status !== status,
      drop: (item) => {
        const ticket = ticketById(item.id);
        if (ticket && handlers) handlers.move(ticket, status);
      },
      collect: (monitor) => ({ isOver: monitor.isOver() && monitor.canDrop() }),
    }),
    [status, handlers, ticketById],
  );
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      drop(node);
    },
    [drop],
  );
  const label = TICKET_STATUS_LABELS[status];
  const shown = expanded ? tickets : tickets.slice(0, COLUMN_CAP);
  // A ticket just moved here stays visible even past the cap, so focus can stay on it.
  const pinned =
    pinnedId && !shown.some((t) => t.id === pinnedId) ? tickets.find((t) => t.id === pinnedId) : undefined;
  const visible = pinned ? [...shown, pinned] : shown;
  const hidden = tickets.length - visible.length;

  return (
    <Box
      ref={ref}
      role="region"
      aria-label={label}
      data-status={status}
      data-board-column={`${projectId}-${status}`}
      tabIndex={-1}
      bg={isOver ? 'blue.subtle' : 'bg.muted'}
      borderWidth="1px"
      borderColor={isOver ? 'blue.emphasized' : 'border'}
      borderRadius="md"
      p="3"
      minH="32"
      minW="0"
    >
      <Flex justify="space-between" align="center" mb="2" gap="2">
        <Heading as="h3" size="sm">
          {label}
        </Heading>
        <Badge variant="subtle" aria-label={T.count(tickets.length)}>
          {tickets.length}
        </Badge>
      </Flex>
      {tickets.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {T.empty}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {visible.map((ticket) => (
            <TicketCard
              key={ticket.id}
              ticket={ticket}
              handlers={handlers}
              busy={busyIds.has(ticket.id)}
              helpId={helpId}
              takeFocus={takeFocus}
            />
          ))}
        </Stack>
      )}
      {hidden > 0 || expanded ? (
        <Button size="xs" variant="ghost" mt="2" onClick={() => setExpanded((v) => !v)}>
          {expanded ? T.showFewer(label) : T.showMore(hidden, label)}
        </Button>
      ) : null}
    </Box>
  );
});

interface CardProps {
  ticket: Ticket;
  handlers: Handlers | undefined;
  busy: boolean;
  helpId: string;
  takeFocus: (id: string) => boolean;
}

/** One ticket. Re-renders only when its own ticket or busy state changes. */
const TicketCard = memo(function TicketCard({ ticket, handlers, busy, helpId, takeFocus }: CardProps) {
  const node = useRef<HTMLElement | null>(null);
  const [{ isDragging }, drag] = useDrag<DragItem, void, { isDragging: boolean }>(
    () => ({
      type: TICKET_DND_TYPE,
      item: { id: ticket.id, status: ticket.status },
      canDrag: () => Boolean(handlers) && !busy,
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [ticket.id, ticket.status, handlers, busy],
  );
  const ref = useCallback(
    (element: HTMLElement | null) => {
      node.current = element;
      drag(element);
    },
    [drag],
  );
  // A moved ticket mounts again in its new column: it takes the focus back.
  useLayoutEffect(() => {
    if (takeFocus(ticket.id)) node.current?.focus();
  }, [takeFocus, ticket.id, ticket.status]);

  const index = TICKET_STATUSES.indexOf(ticket.status);
  const next = nextTicketStatus(ticket.status);
  const column = TICKET_STATUS_LABELS[ticket.status];

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!handlers || busy || event.target !== event.currentTarget) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = TICKET_STATUSES[index + step];
    if (step === 0 || !target) return;
    event.preventDefault();
    handlers.move(ticket, target);
  };

  return (
    <li
      ref={ref}
      className="ticket"
      data-ticket-id={ticket.id}
      data-dragging={isDragging || undefined}
      tabIndex={handlers ? 0 : undefined}
      aria-label={handlers ? T.card(ticket.title, column) : undefined}
      aria-describedby={handlers ? helpId : undefined}
      aria-keyshortcuts={handlers ? 'ArrowLeft ArrowRight' : undefined}
      aria-busy={busy || undefined}
      onKeyDown={onKeyDown}
    >
      <p className="ticket-title">{ticket.title}</p>
      {ticket.description ? <p className="ticket-description">{ticket.description}</p> : null}
      {ticket.assignee ? <p className="ticket-meta">{T.assignedTo(ticket.assignee)}</p> : null}
      {handlers ? (
        <div className="ticket-actions">
          <TicketCommentsButton
            projectId={ticket.project_id}
            ticket={ticket}
            viewer="admin"
            className="ticket-button"
          />
          {next ? (
            <button
              type="button"
              className="ticket-button"
              aria-label={T.moveForward(ticket.title, TICKET_STATUS_LABELS[next])}
              title={`Move to ${TICKET_STATUS_LABELS[next]}`}
              disabled={busy}
              onClick={() => handlers.move(ticket, next)}
            >
              <span aria-hidden="true">→</span>
            </button>
          ) : null}
          <MoveToMenu
            title={ticket.title}
            status={ticket.status}
            disabled={busy}
            onMove={(status) => handlers.move(ticket, status)}
          />
          <button
            type="button"
            className="ticket-button"
            aria-label={T.edit(ticket.title)}
            disabled={busy}
            onClick={() => handlers.edit(ticket)}
          >
            {ADMIN_MESSAGES.actions.edit}
          </button>
          <button
            type="button"
            className="ticket-button"
            data-danger=""
            aria-label={T.delete(ticket.title)}
            disabled={busy}
            onClick={() => handlers.remove(ticket)}
          >
            {ADMIN_MESSAGES.actions.delete}
          </button>
        </div>
      ) : (
        <div className="ticket-actions">
          <TicketCommentsButton
            projectId={ticket.project_id}
            ticket={ticket}
            viewer="admin"
            className="ticket-button"
          />
        </div>
      )}
    </li>
  );
});
