import { memo } from 'react';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Stack } from '@agency/ui';
import { ProjectList } from '../../../components/project-list';
import { ProjectSummary } from '../../../components/project-summary';
import { useProject, useProjectPage } from '@agency/portal';

/** Fixed-price projects the admin completed; the client still owes the final payment. */
export function PendingFinalPayment() {
  const state = useProjectPage('finalPayment', 'finalPayment');
  return (
    <ProjectList
      label={ADMIN_MESSAGES.tabs.pendingFinalPayment}
      state={state}
      emptyText={ADMIN_MESSAGES.empty.pendingFinalPayment}
    >
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
