import type { Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Stack, Text } from '@agency/ui';
import { ProjectSummary } from '../../../components/project-summary';

/** Fixed-price projects the admin completed; the client still owes the final payment. */
export function PendingFinalPayment({ projects }: { projects: readonly Project[] }) {
  if (projects.length === 0) return <Text color="fg.muted">{ADMIN_MESSAGES.empty.pendingFinalPayment}</Text>;
  return (
    <Stack gap="4">
      {projects.map((project) => (
        <ProjectSummary key={project.id} project={project} />
      ))}
    </Stack>
  );
}
