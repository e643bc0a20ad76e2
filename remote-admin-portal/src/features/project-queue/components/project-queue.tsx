import { useState } from 'react';
import { isFixedPriceTier, type Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, Stack, Text } from '@agency/ui';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditProjectButton } from '../../../components/edit-project-button';
import { ProjectSummary } from '../../../components/project-summary';
import { apiClient } from '@agency/auth/api';
import { toastError, toastSuccess } from '../../../lib/toast';

const A = ADMIN_MESSAGES.actions;

interface Props {
  projects: readonly Project[];
  refresh: () => Promise<void>;
}

/** Pending requests: accept (then the client approves), edit, or refuse (tier 1/2 deposit refunded first). */
export function ProjectQueue({ projects, refresh }: Props) {
  if (projects.length === 0) return <Text color="fg.muted">{ADMIN_MESSAGES.empty.queue}</Text>;
  return (
    <Stack gap="4">
      {projects.map((project) => (
        <QueueItem key={project.id} project={project} refresh={refresh} />
      ))}
    </Stack>
  );
}

function QueueItem({ project, refresh }: { project: Project; refresh: () => Promise<void> }) {
  const [busy, setBusy] = useState<'accept' | 'refuse' | null>(null);
  const [confirmRefuse, setConfirmRefuse] = useState(false);
  const awaitingClient = project.admin_approval_status === 'accepted';
  const refundable = isFixedPriceTier(project.tier ?? 0) && Boolean(project.stripe_payment_intent_id);

  const accept = async () => {
    setBusy('accept');
    try {
      await apiClient().acceptProject({ params: { id: project.id } });
      toastSuccess(ADMIN_MESSAGES.toasts.accepted);
      await refresh();
    } catch (error) {
      toastError(error, ADMIN_MESSAGES.errors.accept);
    } finally {
      setBusy(null);
    }
  };

  const refuse = async () => {
    setBusy('refuse');
    try {
      const outcome = await apiClient().refuseProject({ params: { id: project.id } });
      toastSuccess(
        outcome.refundIssued
          ? ADMIN_MESSAGES.toasts.refusedWithRefund(outcome.refundAmount)
          : ADMIN_MESSAGES.toasts.refused,
      );
      setConfirmRefuse(false);
      await refresh();
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
          {awaitingClient ? null : (
            <Button
              size="sm"
              colorPalette="blue"
              onClick={accept}
              disabled={busy !== null}
              aria-busy={busy === 'accept'}
            >
              {busy === 'accept' ? A.accepting : A.accept}
            </Button>
          )}
          <EditProjectButton project={project} onSaved={refresh} />
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => setConfirmRefuse(true)}
            disabled={busy !== null}
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
}
