import { useState } from 'react';
import { isFixedPriceTier, type Project, type Ticket } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, Flex, Stack, Text } from '@agency/ui';
import { AddTicketButton } from '../../../components/add-ticket-dialog';
import { CancelProjectDialog } from '../../../components/cancel-project-dialog';
import { EditProjectButton } from '../../../components/edit-project-button';
import { ProjectPicker } from '../../../components/project-picker';
import { ProjectSummary } from '../../../components/project-summary';
import { TicketBoard } from '../../../components/ticket-board';
import { useTicketMover } from '../../../hooks/use-ticket-mover';
import { apiClient } from '@agency/auth/api';
import { toastError, toastSuccess } from '../../../lib/toast';

const A = ADMIN_MESSAGES.actions;

interface Props {
  projects: readonly Project[];
  tickets: readonly Ticket[];
  refresh: () => Promise<void>;
  patchTicket: (ticket: Ticket) => void;
}

/** Pick an active project, run its main board, add tickets, cancel or complete it. */
export function ActiveProjects({ projects, tickets, refresh, patchTicket }: Props) {
  const [selectedId, setSelectedId] = useState('');
  const [cancelOpen, setCancelOpen] = useState(false);
  const [completing, setCompleting] = useState(false);
  const { move, busyIds } = useTicketMover(patchTicket, refresh);
  const project = projects.find((p) => p.id === selectedId) ?? projects[0];

  if (!project) return <Text color="fg.muted">{ADMIN_MESSAGES.empty.active}</Text>;

  const board = tickets.filter((t) => t.project_id === project.id && t.board_type === 'main');

  const complete = async () => {
    setCompleting(true);
    try {
      await apiClient().completeProject({ body: { projectId: project.id } });
      toastSuccess(
        isFixedPriceTier(project.tier ?? 0)
          ? ADMIN_MESSAGES.toasts.markedForFinalPayment
          : ADMIN_MESSAGES.toasts.completed,
      );
      await refresh();
    } catch (error) {
      toastError(error, ADMIN_MESSAGES.errors.complete);
    } finally {
      setCompleting(false);
    }
  };

  return (
    <Stack gap="5">
      <ProjectPicker projects={projects} value={project.id} onChange={setSelectedId} />
      <ProjectSummary
        project={project}
        actions={
          <Flex gap="2" wrap="wrap" align="flex-start">
            <AddTicketButton project={project} boardType="main" onCreated={refresh} />
            <EditProjectButton project={project} onSaved={refresh} />
            <Button
              size="sm"
              colorPalette="blue"
              onClick={complete}
              disabled={completing}
              aria-busy={completing}
            >
              {completing ? A.completing : A.completeProject}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setCancelOpen(true)}>
              {A.cancelProject}
            </Button>
          </Flex>
        }
      />
      <CancelProjectDialog
        project={project}
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        onCancelled={refresh}
      />
      <TicketBoard title={ADMIN_MESSAGES.boards.main} tickets={board} onMove={move} busyIds={busyIds} />
    </Stack>
  );
}
