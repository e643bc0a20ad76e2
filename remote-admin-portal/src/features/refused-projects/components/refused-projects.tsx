import { memo } from 'react';
import { REFUSED_PAGE_SIZE } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Stack } from '@agency/ui';
import { ProjectList } from '../../../components/project-list';
import { ProjectSummary } from '../../../components/project-summary';
import { useProject, useProjectPage } from '@agency/portal';

/** Refused projects, 10 per page (spec section 2). */
export function RefusedProjects() {
  const state = useProjectPage('refused', 'refused', REFUSED_PAGE_SIZE);
  return (
    <ProjectList label={ADMIN_MESSAGES.tabs.refused} state={state} emptyText={ADMIN_MESSAGES.empty.refused}>
      {(ids) => (
        <Stack gap="4">
          {ids.map((id) => (
            <Item key={id} id={id} />
          ))}
        </Stack>
      )}
    </ProjectList>
  );
}

const Item = memo(function Item({ id }: { id: string }) {
  const project = useProject(id);
  return project ? <ProjectSummary project={project} /> : null;
});
