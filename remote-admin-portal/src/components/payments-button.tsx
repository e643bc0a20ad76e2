import { useState } from 'react';
import type { Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, useOverlays } from '@agency/ui';
import { PaymentHistory, useProjectPayments } from '@agency/portal';

/** Payments: opens the project's payment history (GET /api/projects/:id/payments), loaded when opened. */
export function PaymentsButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {ADMIN_MESSAGES.actions.payments}
      </Button>
      {open ? <PaymentsDialog project={project} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function PaymentsDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { DialogShell } = useOverlays();
  // Reloaded when the project's billing changes while the dialog is open (after a refresh of the lists).
  const { state, reload } = useProjectPayments(project.id, project.subscription_status);
  return (
    <DialogShell
      title={ADMIN_MESSAGES.payments.title(project.title)}
      onClose={onClose}
      size="lg"
      closeLabel={ADMIN_MESSAGES.actions.close}
    >
      <PaymentHistory projectTitle={project.title} state={state} onRetry={reload} />
    </DialogShell>
  );
}
