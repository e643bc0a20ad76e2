import { useState } from 'react';
import { isFixedPriceTier, type Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Text } from '@agency/ui';
import { Checkbox, Field, Textarea } from '@agency/ui/forms';
import { apiClient } from '@agency/auth/api';
import { usePortalCache } from '@agency/portal';
import { toastError, toastSuccess } from '../lib/toast';
import { ConfirmDialog } from './confirm-dialog';

const C = ADMIN_MESSAGES.cancel;

interface Props {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the cancellation (the project is already updated in the store). */
  onCancelled?: () => void;
}

/** Cancel Project (admin): an optional deposit refund for tiers 1 and 2, and a reason for the record. */
export function CancelProjectDialog({ project, open, onOpenChange, onCancelled }: Props) {
  const portal = usePortalCache();
  const [issueRefund, setIssueRefund] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const canRefund = isFixedPriceTier(project.tier ?? 0) && Boolean(project.stripe_payment_intent_id);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setIssueRefund(false);
      setReason('');
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const outcome = await portal.changeProject(project.id, () =>
        apiClient().cancelProject({
          body: {
            projectId: project.id,
            cancelledBy: 'admin',
            issueRefund: canRefund && issueRefund,
            ...(reason.trim() ? { cancellationReason: reason.trim() } : {}),
          },
        }),
      );
      toastSuccess(
        outcome.refundIssued
          ? ADMIN_MESSAGES.toasts.cancelledWithRefund(outcome.refundAmount)
          : ADMIN_MESSAGES.toasts.cancelled,
      );
      close(false);
      onCancelled?.();
    } catch (error) {
      toastError(error, ADMIN_MESSAGES.errors.cancel);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title={C.title}
      confirmLabel={C.confirm}
      busyLabel={C.cancelling}
      busy={busy}
      onConfirm={confirm}
      dismissLabel={ADMIN_MESSAGES.actions.keep}
    >
      <Text>{C.body(project.title)}</Text>
      {canRefund ? (
        <Checkbox.Root checked={issueRefund} onCheckedChange={(d) => setIssueRefund(d.checked === true)}>
          <Checkbox.HiddenInput name="issueRefund" />
          <Checkbox.Control />
          <Checkbox.Label>{C.issueRefund(project.downpayment)}</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
      <Field.Root>
        <Field.Label>{C.reason}</Field.Label>
        <Textarea
          name="cancellationReason"
          rows={3}
          maxLength={2000}
          placeholder={C.reasonPlaceholder}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field.Root>
    </ConfirmDialog>
  );
}
