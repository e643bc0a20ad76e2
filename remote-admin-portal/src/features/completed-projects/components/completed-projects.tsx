import type { ReactNode } from 'react';
import type { Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Stack } from '@agency/ui';
import { ProjectList } from '../../../components/project-list';
import { ProjectPicker } from '../../../components/project-picker';
import { ProjectSummary } from '../../../components/project-summary';
import { useSelection, useProject, useProjectPage } from '@agency/portal';

/** Completed (and canceled) projects; a completed project has a maintenance board the admin runs. */
/** What the app puts in from the tickets feature: a project's maintenance board and its Add Ticket button. */
export interface CompletedProjectSlots {
  board: (project: Project) => ReactNode;
  addTicket: (project: Project) => ReactNode;
}

export function CompletedProjects({ slots }: { slots: CompletedProjectSlots }) {
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
            <CompletedProject key={projectId} id={projectId} slots={slots} />
          </Stack>
        );
      }}
    </ProjectList>
  );
}

function CompletedProject({ id, slots }: { id: string; slots: CompletedProjectSlots }) {
  const project = useProject(id);
  if (!project) return null;
  const hasMaintenance = project.status === 'completed' && !project.cancelled;
  return (
    <>
      <ProjectSummary project={project} actions={hasMaintenance ? slots.addTicket(project) : undefined} />
      {hasMaintenance ? slots.board(project) : null}
    </>
  );
}
