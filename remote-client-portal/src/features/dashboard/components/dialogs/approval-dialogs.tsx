import { useRef, useState, type FormEvent } from 'react';
import { isSubscriptionTier, signatureProblem, type Project } from '@agency/domain';
import { PROPOSAL_UI } from '@agency/domain/messages/proposal-ui';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { useAuthStore } from '@agency/auth';
import {
  PaymentProvider,
  PAYMENT_MESSAGES,
  useCreatePaymentMethod,
  type PaymentMethodResult,
} from '@agency/payments';
import { Box, Button, Heading, Stack, Text, useOverlays } from '@agency/ui';
import { Checkbox, DialogActions, Field, Input } from '@agency/ui/forms';
import { ApiError, apiClient } from '@agency/auth/api';
import { ProposalDocument, usePortalCache, useProposal } from '@agency/portal';
import { paymentConfig } from '../../../../lib/payment-config';
import { finalPaymentOf, monthlyFee, paidDeposit } from '../../../../lib/project-view';
import { declineReason, stripeReason } from '../../../../lib/card-errors';
import { toastError, toastSuccess } from '../../../../lib/toast';
import type { DialogProps } from '../../types';
import { CardEntry, useCardEntry } from '../../../../components/card-entry';
import { CardPaymentDialog } from '../../../../components/card-payment-dialog';

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

/**
 * Approve = read and sign (issue 33): the proposal as the server drew it, then "I agree" and the client's typed
 * full name; a subscription also takes the card it starts on. The server records the signature of exactly this
 * version (its hash) in the transaction that claims the money, and refuses a version changed meanwhile (409).
 */
function ApproveForm({ project, onClose, onDone, card }: ApproveFormProps) {
  const portal = usePortalCache();
  const { DialogShell } = useOverlays();
  const [sending, setSending] = useState(false);
  const cardEntry = useCardEntry();
  // A new version sent while the client reads is read at once (the one shown is the one signed).
  const proposal = useProposal(project.id, project.proposal_version);
  const [agreed, setAgreed] = useState(false);
  const [signedName, setSignedName] = useState('');
  const [problem, setProblem] = useState<{ field?: 'agreed' | 'signedName'; message: string }>();
  const agreeRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const view = proposal.data?.proposal ?? null;
  const price = view?.document.price;
  const fee = price?.kind === 'subscription' ? price.monthlyFee : monthlyFee(project);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending || !view) return;
    const unsigned = signatureProblem({ agreed, signedName });
    if (unsigned) {
      setProblem(unsigned);
      (unsigned.field === 'agreed' ? agreeRef : nameRef).current?.focus();
      return;
    }
    setProblem(undefined);
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
              ...(fee !== undefined && card && { monthlyFee: fee }),
              proposalVersion: view.document.version,
              proposalHash: view.hash,
              agreed: true,
              signedName: signedName.trim(),
            },
          }),
        );
      } catch (error) {
        // A refused card is said beside the card; a changed proposal or a missing signature above the form
        // (the proposal is read again); anything else is the spec's approval error.
        const reason = card ? declineReason(error) : undefined;
        if (reason) cardEntry.setError(PAYMENT_MESSAGES.paymentFailed, reason);
        else if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
          setProblem({ message: error.message });
          if (error.status === 409) void proposal.refetch();
        } else toastError(m.errors.approve);
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
      size="cover"
      footer={
        <DialogActions
          form="approve-form"
          cancelLabel={m.actions.back}
          onCancel={onClose}
          busy={sending}
          busyLabel={m.approve.sending}
          submitLabel={m.approve.confirm}
          colorPalette="green"
          disabled={!view}
        />
      }
    >
      <form id="approve-form" noValidate onSubmit={handleSubmit}>
        <Stack gap="5">
          <Text>{m.approve.body(project.title)}</Text>
          {view ? (
            <Box borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }}>
              <ProposalDocument sections={view.sections} />
            </Box>
          ) : proposal.isError ? (
            <Text role="alert" color="fg.error">
              {PROPOSAL_UI.loadFailed}
            </Text>
          ) : (
            <Text aria-live="polite">{PROPOSAL_UI.loading}</Text>
          )}
          {problem && !problem.field ? (
            <Text role="alert" color="fg.error" fontWeight="semibold">
              {problem.message}
            </Text>
          ) : null}
          <Stack gap="3" as="fieldset">
            <Heading as="legend" size="md" mb="2">
              {PROPOSAL_UI.signature.heading}
            </Heading>
            <Field.Root invalid={problem?.field === 'agreed'}>
              <Checkbox.Root
                checked={agreed}
                invalid={problem?.field === 'agreed'}
                onCheckedChange={(details) => setAgreed(details.checked === true)}
                alignItems="flex-start"
              >
                <Checkbox.HiddenInput ref={agreeRef} name="agreed" />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label fontWeight="normal">{PROPOSAL_UI.signature.agree}</Checkbox.Label>
              </Checkbox.Root>
              <Field.ErrorText>{problem?.field === 'agreed' ? problem.message : null}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={problem?.field === 'signedName'}>
              <Field.Label>
                {PROPOSAL_UI.signature.name}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                ref={nameRef}
                name="signedName"
                autoComplete="name"
                value={signedName}
                onChange={(e) => setSignedName(e.target.value)}
                maxLength={200}
              />
              <Field.HelperText>{PROPOSAL_UI.signature.nameHelp}</Field.HelperText>
              <Field.ErrorText>{problem?.field === 'signedName' ? problem.message : null}</Field.ErrorText>
            </Field.Root>
            {card && fee !== undefined ? (
              <Text fontSize="sm">{PROPOSAL_UI.signature.subscriptionCharge(fee)}</Text>
            ) : null}
            {!card && (project.tier === 1 || project.tier === 2) ? (
              <Text fontSize="sm">{PROPOSAL_UI.signature.fixedCharge(finalPaymentOf(project))}</Text>
            ) : null}
            {card ? <CardEntry entry={cardEntry} disabled={sending} /> : null}
          </Stack>
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
  const refund = paidDeposit(project);

  async function refuse() {
    if (sending) return;
    setSending(true);
    try {
      const answer = await portal.changeProject(project.id, () =>
        apiClient().clientApproveProject({
          body: { projectId: project.id, action: 'refuse' },
        }),
      );
      toastSuccess(refund ? m.toasts.refusedWithRefund(refund) : m.toasts.refused);
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
      <Stack gap="3">
        <Text>{m.refuse.body(project.title)}</Text>
        {refund ? <Text fontWeight="medium">{m.refuse.refundNote(refund)}</Text> : null}
      </Stack>
    </DialogShell>
  );
}

/**
 * The remaining 50% of a fixed-price project: the saved card (offered first when there is one) or a card typed
 * now → POST /api/process-final-payment.
 */
export function FinalPaymentDialog({ project, onClose, onDone }: ProjectDialogProps) {
  const amount = finalPaymentOf(project);
  return (
    <CardPaymentDialog
      project={project}
      formId="final-payment-form"
      texts={{
        title: m.finalPayment.title,
        body: m.finalPayment.body(project.title, amount),
        confirm: m.finalPayment.confirm(amount),
        sending: m.finalPayment.sending,
      }}
      pay={(paymentMethodId) =>
        apiClient().processFinalPayment({ body: { projectId: project.id, paymentMethodId } })
      }
      failureMessage={() => m.errors.finalPayment}
      paidToast={m.toasts.paymentSuccessful(amount)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
