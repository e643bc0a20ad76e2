import type { Project } from '@agency/domain';
import { ActivityButton as PortalActivityButton } from '@agency/portal';

/** Activity: the project's history from the event log, told to the admin. */
export function ActivityButton({ project }: { project: Project }) {
  return <PortalActivityButton project={project} viewer="admin" />;
}
