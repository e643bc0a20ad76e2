import type { Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { useOverlays } from '@agency/ui';
import { PaymentHistory, useProjectPayments } from '@agency/portal';

/** A project's payment history and balance due, loaded when the dialog opens. */
export function PaymentsDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { DialogShell } = useOverlays();
  const { state, reload } = useProjectPayments(project.id);
  return (
    <DialogShell
      title={CLIENT_MESSAGES.payments.title(project.title)}
      onClose={onClose}
      size="lg"
      closeLabel={CLIENT_MESSAGES.actions.close}
    >
      <PaymentHistory projectTitle={project.title} state={state} onRetry={reload} />
    </DialogShell>
  );
}
