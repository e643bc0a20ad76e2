import { useId, useState, type ReactNode } from 'react';
import { statusLabel, type BoardType, type Project, type Ticket } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { hasFailedRenewal } from '@agency/domain/payment-history';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@agency/ui';
import { budgetLabel, costText, formatDate, tierName, timelineLabel } from '../lib/project-view';
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

interface ProjectCardProps {
  project: Project;
  actions?: ReactNode;
  note?: ReactNode;
  /** A read-only board of this project (main for active, maintenance for completed). */
  board?: { type: BoardType; tickets: Ticket[] };
}

export function ProjectCard({ project, actions, note, board }: ProjectCardProps) {
  const label = statusLabel(project, 'client');
  const cost = costText(project);
  const [showBoard, setShowBoard] = useState(false);
  const boardId = useId();
  const details: [string, string][] = [
    [m.tier, tierName(project)],
    ...(cost ? ([[m.cost, cost]] as [string, string][]) : []),
    [m.requested, formatDate(project.created_at)],
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
  return (
    <Card.Root as="article" aria-label={project.title} size="sm">
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
        {actions || board ? (
          <HStack gap="2" wrap="wrap">
            {actions}
            {board ? (
              <Button
                size="sm"
                variant="outline"
                aria-expanded={showBoard}
                aria-controls={boardId}
                onClick={() => setShowBoard((v) => !v)}
              >
                {showBoard ? CLIENT_MESSAGES.actions.hideBoard : CLIENT_MESSAGES.actions.showBoard}
              </Button>
            ) : null}
          </HStack>
        ) : null}
        {board && showBoard ? (
          <Stack>
            <TaskBoard
              id={boardId}
              projectTitle={project.title}
              boardType={board.type}
              tickets={board.tickets}
            />
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
