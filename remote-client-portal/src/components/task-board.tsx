import { TICKET_STATUSES, TICKET_STATUS_LABELS, type BoardType, type Ticket } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { Badge, Box, Heading, SimpleGrid, Stack, Text } from '@agency/ui';

const m = CLIENT_MESSAGES.boards;

interface TaskBoardProps {
  projectTitle: string;
  boardType: BoardType;
  /** This project's tickets; only those of this board are shown. */
  tickets: Ticket[];
  id?: string;
}

/** A read-only board: the client sees tickets in their columns; only the admin moves or adds them. */
export function TaskBoard({ projectTitle, boardType, tickets, id }: TaskBoardProps) {
  const title = boardType === 'main' ? m.main : m.maintenance;
  const mine = tickets.filter((ticket) => ticket.board_type === boardType);
  return (
    <Box as="section" id={id} aria-label={`${title}: ${projectTitle}`} borderTopWidth="1px" pt="4" mt="2">
      <Stack gap="1" mb="3">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          {m.readOnly}
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {TICKET_STATUSES.map((status) => {
          const column = mine.filter((ticket) => ticket.status === status);
          const headingId = `${id ?? boardType}-${status}`;
          return (
            <Box
              key={status}
              as="section"
              aria-labelledby={headingId}
              bg="bg.muted"
              borderRadius="md"
              p="3"
              minW="0"
            >
              <Heading as="h4" size="xs" id={headingId} mb="2" display="flex" alignItems="center" gap="2">
                {TICKET_STATUS_LABELS[status]}
                <Badge size="sm" variant="subtle" aria-label={`${column.length} tickets`}>
                  {column.length}
                </Badge>
              </Heading>
              {column.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {m.empty}
                </Text>
              ) : (
                <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
                  {column.map((ticket) => (
                    <Box as="li" key={ticket.id} bg="bg" borderWidth="1px" borderRadius="md" p="2.5">
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
                    </Box>
                  ))}
                </Stack>
              )}
            </Box>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
