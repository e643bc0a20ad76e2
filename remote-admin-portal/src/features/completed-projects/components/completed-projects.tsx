import { useState } from 'react';
import type { Project, Ticket } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Stack, Text } from '@agency/ui';
import { AddTicketButton } from '../../../components/add-ticket-dialog';
import { ProjectPicker } from '../../../components/project-picker';
import { ProjectSummary } from '../../../components/project-summary';
import { TicketBoard } from '../../../components/ticket-board';
import { useTicketMover } from '../../../hooks/use-ticket-mover';

interface Props {
  projects: readonly Project[];
  tickets: readonly Ticket[];
  refresh: () => Promise<void>;
  patchTicket: (ticket: Ticket) => void;
}

/** Completed (and canceled) projects; a completed project has a maintenance board the admin runs. */
export function CompletedProjects({ projects, tickets, refresh, patchTicket }: Props) {
  const [selectedId, setSelectedId] = useState('');
  const { move, busyIds } = useTicketMover(patchTicket, refresh);
  const project = projects.find((p) => p.id === selectedId) ?? projects[0];

  if (!project) return <Text color="fg.muted">{ADMIN_MESSAGES.empty.completed}</Text>;
  const hasMaintenance = project.status === 'completed' && !project.cancelled;
  const board = tickets.filter((t) => t.project_id === project.id && t.board_type === 'maintenance');

  return (
    <Stack gap="5">
      <ProjectPicker projects={projects} value={project.id} onChange={setSelectedId} />
      <ProjectSummary
        project={project}
        actions={hasMaintenance ? <AddTicketButton project={project} boardType="maintenance" onCreated={refresh} /> : undefined}
      />
      {hasMaintenance ? (
        <TicketBoard title={ADMIN_MESSAGES.boards.maintenance} tickets={board} onMove={move} busyIds={busyIds} />
      ) : null}
    </Stack>
  );
}
