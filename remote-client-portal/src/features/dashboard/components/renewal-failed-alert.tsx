import type { Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { Button } from '@agency/ui';
import { Alert } from '@agency/ui/forms';
import { useProjectPayments } from '@agency/portal';

const m = CLIENT_MESSAGES;

interface RenewalFailedAlertProps {
  project: Project;
  /** Opens the card dialog with the amount due, when known. */
  onUpdateCard: (amountDue: number | undefined) => void;
}

/**
 * Shown on a subscription whose last monthly renewal failed: what is due and the bank's reason (from the
 * payment history), and the way to pay it with another card.
 */
export function RenewalFailedAlert({ project, onUpdateCard }: RenewalFailedAlertProps) {
  const { state } = useProjectPayments(project.id, project.subscription_status);
  const data = state.status === 'ready' ? state.data : undefined;
  // Newest first: the failed invoice still open.
  const failed = data?.payments.find((p) => p.kind === 'subscription' && p.status === 'failed');
  const amountDue = data && data.balanceDue > 0 ? data.balanceDue : failed?.amount;
  return (
    <Alert.Root status="error" role="alert" flexWrap="wrap" gap="3" alignItems="center">
      <Alert.Indicator />
      <Alert.Content flex="1" minW="12rem">
        <Alert.Title>{m.renewalFailed.title}</Alert.Title>
        <Alert.Description>
          {m.renewalFailed.body(amountDue)}
          {failed?.failureMessage ? ` ${m.renewalFailed.reason(failed.failureMessage)}` : null}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" colorPalette="red" onClick={() => onUpdateCard(amountDue)}>
        {m.actions.updateCard}
      </Button>
    </Alert.Root>
  );
}
