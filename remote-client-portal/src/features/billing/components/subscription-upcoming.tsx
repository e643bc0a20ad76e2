import { isSubscriptionTier, type Project } from '@agency/domain';
import { Box } from '@agency/ui';
import { UpcomingFacts, useBillingOverview } from './billing-page';

/** On a running subscription's card: its next charge (date, amount) and the minimum-term end. */
export function SubscriptionUpcoming({ project }: { project: Project }) {
  const running =
    isSubscriptionTier(project.tier ?? 0) &&
    (project.subscription_status === 'active' || project.subscription_status === 'past_due');
  if (!running) return null;
  return <Upcoming projectId={project.id} />;
}

function Upcoming({ projectId }: { projectId: string }) {
  const { data } = useBillingOverview();
  const charge = data?.upcoming.find((each) => each.projectId === projectId && each.kind === 'subscription');
  if (!charge) return null;
  return (
    <Box mt="2">
      <UpcomingFacts charge={charge} />
    </Box>
  );
}
