import { useRef, useState, type FormEvent } from 'react';
import { isSubscriptionTier, type Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { useAuthStore } from '@agency/auth';
import {
  PaymentProvider,
  PAYMENT_MESSAGES,
  useCreatePaymentMethod,
  type PaymentMethodResult,
} from '@agency/payments';
import { Button, Stack, Text, useOverlays } from '@agency/ui';
import { apiClient } from '@agency/auth/api';
import { usePortalCache } from '@agency/portal';
import { paymentConfig } from '../../../../lib/payment-config';
import { finalPaymentOf, monthlyFee } from '../../../../lib/project-view';
import { declineReason, stripeReason } from '../../../../lib/card-errors';
import { toastError, toastSuccess } from '../../../../lib/toast';
import type { DialogProps } from '../../types';
import { CardEntry, useCardEntry } from '../../../../components/card-entry';

const m = CLIENT_MESSAGES;
type ProjectDialogProps = DialogProps & { project: Project };

/** Approve a proposal. Tier 3/4 starts a subscription and needs a complete card (spec section 5). */
export function ApproveDialog(props: ProjectDialogProps) {
  if (isSubscriptionTier(props.project.tier ?? 0)) {
    return (
      <PaymentProvider config={paymentConfig()}>
        <ApproveWithCard {...props} />
      </PaymentProvider>
    );
  }
  return <ApproveForm {...props} />;
}

function ApproveWithCard(props: ProjectDialogProps) {
  const { createPaymentMethod } = useCreatePaymentMethod();
  const user = useAuthStore((s) => s.user);
  return (
    <ApproveForm
      {...props}
      card={{
        create: () =>
          createPaymentMethod({
            name: user?.fullName || props.project.client_name,
            email: user?.email ?? props.project.client_email,
          }),
      }}
    />
  );
}

interface ApproveFormProps extends ProjectDialogProps {
  card?: { create: () => Promise<PaymentMethodResult> };
}

function ApproveForm({ project, onClose, onDone, card }: ApproveFormProps) {
  const portal = usePortalCache();
  const { DialogShell } = useOverlays();
  const [sending, setSending] = useState(false);
  const cardEntry = useCardEntry();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const fee = monthlyFee(project);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (card && !cardEntry.complete) {
      cardEntry.setError(PAYMENT_MESSAGES.invalidCardDetails);
      return;
    }
    setSending(true);
    try {
      let paymentMethodId: string | undefined;
      if (card) {
        const result = await card.create();
        if (!result.ok) {
          cardEntry.setError(result.error, stripeReason(result.stripeError));
          return;
        }
        paymentMethodId = result.paymentMethod.id;
      }
      let answer;
      try {
        answer = await portal.changeProject(project.id, () =>
          apiClient().clientApproveProject({
            body: {
              projectId: project.id,
              action: 'accept',
              ...(paymentMethodId && { paymentMethodId }),
              ...(fee !== undefined && { monthlyFee: fee }),
            },
          }),
        );
      } catch (error) {
        // A refused card is said beside the card; anything else is the spec's approval error.
        const reason = card ? declineReason(error) : undefined;
        if (reason) cardEntry.setError(PAYMENT_MESSAGES.paymentFailed, reason);
        else toastError(m.errors.approve);
        return;
      }
      toastSuccess(m.toasts.accepted);
      onDone(answer.project);
    } finally {
      setSending(false);
    }
  }

  return (
    <DialogShell
      title={m.approve.title}
      onClose={onClose}
      busy={sending}
      {...(!card && { initialFocusRef: confirmRef })}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={sending}>
            {m.actions.back}
          </Button>
          <Button
            ref={confirmRef}
            type="submit"
            form="approve-form"
            colorPalette="green"
            loading={sending}
            loadingText={m.approve.sending}
          >
            {m.approve.confirm}
          </Button>
        </>
      }
    >
      <form id="approve-form" noValidate onSubmit={handleSubmit}>
        <Stack gap="4">
          <Text>{m.approve.body(project.title)}</Text>
          {card && fee !== undefined ? <Text fontSize="sm">{m.approve.subscriptionNote(fee)}</Text> : null}
          {!card && (project.tier === 1 || project.tier === 2) ? (
            <Text fontSize="sm">{m.approve.fixedNote(finalPaymentOf(project))}</Text>
          ) : null}
          {card ? <CardEntry entry={cardEntry} disabled={sending} /> : null}
        </Stack>
      </form>
    </DialogShell>
  );
}

/** Refuse a proposal: POST /api/client-approve-project with action refuse. */
export function RefuseDialog({ project, onClose, onDone }: ProjectDialogProps) {
  const portal = usePortalCache();
  const { DialogShell } = useOverlays();
  const [sending, setSending] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);

  async function refuse() {
    if (sending) return;
    setSending(true);
    try {
      const answer = await portal.changeProject(project.id, () =>
        apiClient().clientApproveProject({
          body: { projectId: project.id, action: 'refuse' },
        }),
      );
      toastSuccess(m.toasts.refused);
      onDone(answer.project);
    } catch {
      toastError(m.errors.refuse);
    } finally {
      setSending(false);
    }
  }

  return (
    <DialogShell
      title={m.refuse.title}
      role="alertdialog"
      onClose={onClose}
      busy={sending}
      initialFocusRef={keepRef}
      footer={
        <>
          <Button ref={keepRef} variant="outline" onClick={onClose} disabled={sending}>
            {m.actions.back}
          </Button>
          <Button
            colorPalette="red"
            onClick={() => void refuse()}
            loading={sending}
            loadingText={m.refuse.sending}
          >
            {m.refuse.confirm}
          </Button>
        </>
      }
    >
      <Text>{m.refuse.body(project.title)}</Text>
    </DialogShell>
  );
}

/** The remaining 50% of a fixed-price project: card → payment method → POST /api/process-final-payment. */
export function FinalPaymentDialog(props: ProjectDialogProps) {
  return (
    <PaymentProvider config={paymentConfig()}>
      <FinalPaymentForm {...props} />
    </PaymentProvider>
  );
}

function FinalPaymentForm({ project, onClose, onDone }: ProjectDialogProps) {
  const portal = usePortalCache();
  const { DialogShell } = useOverlays();
  const user = useAuthStore((s) => s.user);
  const { createPaymentMethod } = useCreatePaymentMethod();
  const [sending, setSending] = useState(false);
  const cardEntry = useCardEntry();
  const amount = finalPaymentOf(project);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!cardEntry.complete) {
      cardEntry.setError(PAYMENT_MESSAGES.invalidCardDetails);
      return;
    }
    setSending(true);
    try {
      const result = await createPaymentMethod({
        name: user?.fullName || project.client_name,
        email: user?.email ?? project.client_email,
      });
      if (!result.ok) {
        cardEntry.setError(result.error, stripeReason(result.stripeError));
        return;
      }
      let answer;
      try {
        answer = await portal.changeProject(project.id, () =>
          apiClient().processFinalPayment({
            body: { projectId: project.id, paymentMethodId: result.paymentMethod.id },
          }),
        );
      } catch (error) {
        cardEntry.setError(m.errors.finalPayment, declineReason(error));
        return;
      }
      toastSuccess(m.toasts.paymentSuccessful(amount));
      onDone(answer.project);
    } finally {
      setSending(false);
    }
  }

  return (
    <DialogShell
      title={m.finalPayment.title}
      onClose={onClose}
      busy={sending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={sending}>
            {m.actions.back}
          </Button>
          <Button
            type="submit"
            form="final-payment-form"
            colorPalette="brand"
            loading={sending}
            loadingText={m.finalPayment.sending}
          >
            {m.finalPayment.confirm(amount)}
          </Button>
        </>
      }
    >
      <form id="final-payment-form" noValidate onSubmit={handleSubmit}>
        <Stack gap="4">
          <Text>{m.finalPayment.body(project.title, amount)}</Text>
          <CardEntry entry={cardEntry} disabled={sending} />
        </Stack>
      </form>
    </DialogShell>
  );
}
