import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Stack } from '@agency/ui';
import { AddTicketButton } from '../../../components/add-ticket-dialog';
import { ProjectList } from '../../../components/project-list';
import { ProjectPicker } from '../../../components/project-picker';
import { ProjectSummary } from '../../../components/project-summary';
import { TicketBoard } from '../../../components/ticket-board';
import { useSelection, useProject, useProjectPage } from '@agency/portal';

/** Completed (and canceled) projects; a completed project has a maintenance board the admin runs. */
export function CompletedProjects() {
  const state = useProjectPage('completed', 'completed');
  const [selected, select] = useSelection('completed');
  return (
    <ProjectList
      label={ADMIN_MESSAGES.tabs.completed}
      state={state}
      emptyText={ADMIN_MESSAGES.empty.completed}
    >
      {(ids) => {
        const projectId = selected && ids.includes(selected) ? selected : ids[0]!;
        return (
          <Stack gap="5">
            <ProjectPicker ids={ids} value={projectId} onChange={select} />
            <CompletedProject key={projectId} id={projectId} />
          </Stack>
        );
      }}
    </ProjectList>
  );
}

function CompletedProject({ id }: { id: string }) {
  const project = useProject(id);
  if (!project) return null;
  const hasMaintenance = project.status === 'completed' && !project.cancelled;
  return (
    <>
      <ProjectSummary
        project={project}
        actions={hasMaintenance ? <AddTicketButton project={project} boardType="maintenance" /> : undefined}
      />
      {hasMaintenance ? (
        <TicketBoard
          projectId={project.id}
          projectTitle={project.title}
          board="maintenance"
          title={ADMIN_MESSAGES.boards.maintenance}
        />
      ) : null}
    </>
  );
}
