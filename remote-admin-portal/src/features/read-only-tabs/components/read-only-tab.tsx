import { memo } from 'react';
import { REFUSED_PAGE_SIZE } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Stack } from '@agency/ui';
import { ProjectList } from '../../../components/project-list';
import { ProjectSummary } from '../../../components/project-summary';
import { useProject, useProjectPage } from '@agency/portal';

/**
 * The tabs whose projects the admin only reads: fixed-price projects completed and awaiting the client's final
 * payment, and refused projects, 10 per page (spec section 2).
 */
const TABS = {
  pendingFinalPayment: { view: 'finalPayment', pageSize: undefined },
  refused: { view: 'refused', pageSize: REFUSED_PAGE_SIZE },
} as const;

export function ReadOnlyTab({ tab }: { tab: keyof typeof TABS }) {
  const { view, pageSize } = TABS[tab];
  const state = useProjectPage(view, view, pageSize);
  return (
    <ProjectList label={ADMIN_MESSAGES.tabs[tab]} state={state} emptyText={ADMIN_MESSAGES.empty[tab]}>
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
