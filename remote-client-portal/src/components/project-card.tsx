import { memo, useId, useState, type ReactNode } from 'react';
import { statusLabel, type BoardType, type Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { hasFailedRenewal } from '@agency/domain/payment-history';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@agency/ui';
import { ConversationButton, FilesButton, shortDate } from '@agency/portal';
import { budgetLabel, costText, tierName, timelineLabel } from '../lib/project-view';
import { ActivityButton } from './activity-dialog';
import { TaskBoard } from './task-board';

const m = CLIENT_MESSAGES.project;

const BADGE_PALETTE: Record<string, string> = {
  Active: 'green',
  Completed: 'blue',
  'Pending Final Payment': 'purple',
  Refused: 'red',
  Canceled: 'gray',
  'Awaiting Your Approval': 'orange',
};

/** The id of a project's card, so focus can go back to it after an action removed the button that had it. */
export const projectCardId = (projectId: string) => `project-${projectId}`;

/** The read-only boards a card can show: the main board (as delivered, once the work is done) and the maintenance board. */
export interface CardBoard {
  type: BoardType;
  delivered?: boolean;
}

interface ProjectCardProps {
  project: Project;
  actions?: ReactNode;
  note?: ReactNode;
  boards?: readonly CardBoard[];
}

export const ProjectCard = memo(function ProjectCard({ project, actions, note, boards }: ProjectCardProps) {
  const label = statusLabel(project, 'client');
  const cost = costText(project);
  const [showBoards, setShowBoards] = useState(false);
  const boardId = useId();
  const details: [string, string][] = [
    [m.tier, tierName(project)],
    ...(cost ? ([[m.cost, cost]] as [string, string][]) : []),
    [m.requested, shortDate(project.created_at)],
    ...(project.monthly_budget_range
      ? ([[m.budget, budgetLabel(project.monthly_budget_range) ?? '']] as [string, string][])
      : []),
    ...(project.timeline
      ? ([[m.timeline, timelineLabel(project.timeline) ?? '']] as [string, string][])
      : []),
    ...(project.cancelled && project.cancellation_reason
      ? ([[m.cancellationReason, project.cancellation_reason]] as [string, string][])
      : []),
  ];
  const many = (boards?.length ?? 0) > 1;
  const b = CLIENT_MESSAGES.boards;
  return (
    <Card.Root as="article" id={projectCardId(project.id)} tabIndex={-1} aria-label={project.title} size="sm">
      <Card.Body gap="3">
        <Flex gap="2" justify="space-between" align="flex-start" wrap="wrap">
          <Heading as="h2" size="md" wordBreak="break-word" flex="1" minW="0">
            {project.title}
          </Heading>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={BADGE_PALETTE[label] ?? 'yellow'} size="md">
              {label}
            </Badge>
            {hasFailedRenewal(project) ? (
              <Badge colorPalette="red" variant="solid" size="md">
                {CLIENT_MESSAGES.renewalFailed.badge}
              </Badge>
            ) : null}
          </HStack>
        </Flex>
        {project.description ? (
          <Text color="fg.muted" fontSize="sm" whiteSpace="pre-line" wordBreak="break-word">
            {project.description}
          </Text>
        ) : null}
        <Box
          as="dl"
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }}
          columnGap="4"
          rowGap="1"
          fontSize="sm"
        >
          {details.map(([term, value]) => (
            <Box key={term} display="contents">
              <Text as="dt" fontWeight="medium">
                {term}
              </Text>
              <Text as="dd" color="fg.muted" mb={{ base: '1', sm: '0' }} wordBreak="break-word">
                {value}
              </Text>
            </Box>
          ))}
        </Box>
        {note}
        <HStack gap="2" wrap="wrap">
          {actions}
          <ConversationButton project={project} />
          <ActivityButton project={project} />
          <FilesButton project={project} viewer="client" />
          {boards?.length ? (
            <Button
              size="sm"
              variant="outline"
              aria-expanded={showBoards}
              aria-controls={boardId}
              onClick={() => setShowBoards((v) => !v)}
            >
              {showBoards
                ? many
                  ? b.hideBoards
                  : CLIENT_MESSAGES.actions.hideBoard
                : many
                  ? b.showBoards
                  : CLIENT_MESSAGES.actions.showBoard}
            </Button>
          ) : null}
        </HStack>
        {boards?.length && showBoards ? (
          <Stack id={boardId}>
            {boards.map((board) => (
              <TaskBoard
                key={board.type}
                projectId={project.id}
                projectTitle={project.title}
                boardType={board.type}
                delivered={board.delivered}
              />
            ))}
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
});
