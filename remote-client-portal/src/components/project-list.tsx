import type { ComponentProps } from 'react';
import { SERVICE_TIERS } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { ProjectList as PortalProjectList, type ProjectListTexts, type TierFilter } from '@agency/portal';

const L = CLIENT_MESSAGES.list;
const LIST_TEXTS: ProjectListTexts = {
  ...L,
  ...CLIENT_MESSAGES.pagination,
  tierOptions: [
    { value: '', label: L.allTiers },
    ...SERVICE_TIERS.map((t) => ({ value: String(t.id) as TierFilter, label: t.name })),
    { value: 'general', label: CLIENT_MESSAGES.project.generalConsultation },
  ],
};

/** A list tab (search, tier and order, a page of projects, the pages) in this portal's words. */
export function ProjectList(props: Omit<ComponentProps<typeof PortalProjectList>, 'texts'>) {
  return <PortalProjectList {...props} texts={LIST_TEXTS} />;
}
