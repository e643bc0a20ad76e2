import type { ComponentProps } from 'react';
import { SERVICE_TIERS } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { ProjectList as PortalProjectList, type ProjectListTexts, type TierFilter } from '@agency/portal';

const L = ADMIN_MESSAGES.list;
const LIST_TEXTS: ProjectListTexts = {
  ...L,
  ...ADMIN_MESSAGES.pagination,
  tierOptions: [
    { value: '', label: L.allTiers },
    ...SERVICE_TIERS.map((t) => ({ value: String(t.id) as TierFilter, label: `Tier ${t.id}: ${t.name}` })),
    { value: 'general', label: ADMIN_MESSAGES.project.generalConsultation },
  ],
};

/** A list tab (search, tier and order, a page of projects, the pages) in this portal's words. */
export function ProjectList(props: Omit<ComponentProps<typeof PortalProjectList>, 'texts'>) {
  return <PortalProjectList {...props} texts={LIST_TEXTS} />;
}
