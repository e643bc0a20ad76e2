import { memo, useState } from 'react';
import { isFixedPriceTier } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, Stack, Text } from '@agency/ui';
import { apiClient } from '@agency/auth/api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditProjectButton } from '../../../components/edit-project-button';
import { ProjectList } from '../../../components/project-list';
import { ProposalDialog } from '../../../components/proposal-dialog';
import { PROPOSAL_UI } from '@agency/domain/messages/proposal-ui';
import { focusProjectCard, ProjectSummary } from '../../../components/project-summary';
import { useProject, useProjectPage, usePortalCache } from '@agency/portal';
import { toastError, toastSuccess } from '../../../lib/toast';

const A = ADMIN_MESSAGES.actions;

/** Pending requests: accept by sending a proposal (the client then signs it), edit, or refuse (tier 1/2 deposit refunded first). */
export function ProjectQueue() {
  const state = useProjectPage('queue', 'pending');
  return (
    <ProjectList label={ADMIN_MESSAGES.tabs.queue} state={state} emptyText={ADMIN_MESSAGES.empty.queue}>
      {(ids) => (
        <Stack gap="4">
          {ids.map((id) => (
            <QueueItem key={id} id={id} />
          ))}
        </Stack>
      )}
    </ProjectList>
  );
}

const QueueItem = memo(function QueueItem({ id }: { id: string }) {
  const project = useProject(id);
  const portal = usePortalCache();
  const [busy, setBusy] = useState<'refuse' | null>(null);
  const [proposalOpen, setProposalOpen] = useState(false);
  const [confirmRefuse, setConfirmRefuse] = useState(false);
  if (!project) return null;
  const awaitingClient = project.admin_approval_status === 'accepted';
  const refundable = isFixedPriceTier(project.tier ?? 0) && Boolean(project.stripe_payment_intent_id);

  const refuse = async () => {
    setBusy('refuse');
    try {
      const outcome = await portal.changeProject(project.id, () =>
        apiClient().refuseProject({ params: { id: project.id } }),
      );
      toastSuccess(
        outcome.refundIssued
          ? ADMIN_MESSAGES.toasts.refusedWithRefund(outcome.refundAmount)
          : ADMIN_MESSAGES.toasts.refused,
      );
      setConfirmRefuse(false);
    } catch (error) {
      toastError(error, ADMIN_MESSAGES.errors.refuse);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ProjectSummary
      project={project}
      actions={
        <>
          {/* Accepting is sending a proposal; once sent, it is edited (a new version each time). */}
          <Button
            size="sm"
            colorPalette="blue"
            variant={awaitingClient ? 'outline' : 'solid'}
            onClick={() => setProposalOpen(true)}
            disabled={busy !== null}
            aria-haspopup="dialog"
          >
            {awaitingClient ? PROPOSAL_UI.admin.edit : A.accept}
          </Button>
          {proposalOpen ? (
            <ProposalDialog
              project={project}
              onClose={() => {
                setProposalOpen(false);
                // The Accept button may be gone now: focus goes to the card, which reads its new status.
                requestAnimationFrame(() => focusProjectCard(project.id));
              }}
            />
          ) : null}
          <EditProjectButton project={project} />
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => setConfirmRefuse(true)}
            disabled={busy !== null}
            aria-haspopup="dialog"
          >
            {A.refuse}
          </Button>
          <ConfirmDialog
            open={confirmRefuse}
            onOpenChange={setConfirmRefuse}
            title={ADMIN_MESSAGES.refuse.title}
            confirmLabel={A.refuse}
            busyLabel={A.refusing}
            busy={busy === 'refuse'}
            onConfirm={refuse}
          >
            <Text>{ADMIN_MESSAGES.refuse.body(project.title)}</Text>
            {refundable && project.downpayment ? (
              <Text>{ADMIN_MESSAGES.refuse.refundNote(project.downpayment)}</Text>
            ) : null}
          </ConfirmDialog>
        </>
      }
    />
  );
});
