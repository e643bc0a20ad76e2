import { formatUsd, isSubscriptionTier, type PenaltyQuoteResponse, type Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { useAuthStore } from '@agency/auth';
import { PaymentProvider, PAYMENT_MESSAGES, useCreatePaymentMethod } from '@agency/payments';
import { Box, Text } from '@agency/ui';
import { Checkbox } from '@agency/ui/forms';
import { ApiError, apiClient, apiErrorMessage } from '@agency/auth/api';
import { shortDate, usePortalCache, useProjectPayments, useProposal, useQuery } from '@agency/portal';
import { BILLING_TEXT, SAVED_CARD } from '@agency/domain/billing';
import { useState } from 'react';
import { paymentConfig } from '../../../../lib/payment-config';
import { declineReason, stripeReason } from '../../../../lib/card-errors';
import { toastError, toastSuccess } from '../../../../lib/toast';
import type { DialogProps } from '../../types';
import { ReasonDialog } from './reason-dialog';
import { CardEntry, useCardEntry } from '../../../../components/card-entry';

const m = CLIENT_MESSAGES;

function cancelledToast(outcome: { refundIssued?: boolean; refundAmount?: number }) {
  toastSuccess(
    outcome.refundIssued && outcome.refundAmount
      ? m.toasts.cancelledWithRefund(outcome.refundAmount)
      : m.toasts.cancelled,
  );
}

/** The end of the month a subscription has already paid for: when its service ends once cancelled. */
function usePaidPeriodEnd(project: Project): string | null {
  const { state } = useProjectPayments(project.id);
  if (!isSubscriptionTier(project.tier ?? 0) || state.status !== 'ready') return null;
  return state.data.subscription?.currentPeriodEnd ?? null;
}

/** Cancel an active project without a penalty: POST /api/cancel-project. */
export function CancelProjectDialog({ project, onClose, onDone }: DialogProps & { project: Project }) {
  const portal = usePortalCache();
  const serviceEnds = usePaidPeriodEnd(project);
  return (
    <ReasonDialog
      title={m.cancel.title}
      body={m.cancel.body(project.title)}
      before={
        serviceEnds ? <Text fontSize="sm">{m.cancel.serviceEnds(shortDate(serviceEnds))}</Text> : undefined
      }
      confirmLabel={m.cancel.confirm}
      sendingLabel={m.cancel.sending}
      onClose={onClose}
      submit={async (reason) => {
        try {
          const outcome = await portal.changeProject(project.id, () =>
            apiClient().cancelProject({
              body: { projectId: project.id, cancelledBy: 'client', cancellationReason: reason },
            }),
          );
          cancelledToast(outcome);
          onDone(outcome.project);
        } catch (error) {
          toastError(apiErrorMessage(error, m.errors.cancel));
        }
      }}
    />
  );
}

/** Cancel a pending request: POST /api/client-cancel-pending-project; a paid deposit comes back. */
export function CancelPendingDialog({ project, onClose, onDone }: DialogProps & { project: Project }) {
  const portal = usePortalCache();
  return (
    <ReasonDialog
      title={m.cancelPending.title}
      body={m.cancelPending.body(project.title)}
      confirmLabel={m.cancelPending.confirm}
      sendingLabel={m.cancelPending.sending}
      onClose={onClose}
      submit={async (reason) => {
        try {
          const outcome = await portal.changeProject(project.id, () =>
            apiClient().clientCancelPendingProject({
              body: { projectId: project.id, cancellationReason: reason },
            }),
          );
          cancelledToast(outcome);
          onDone(outcome.project);
        } catch (error) {
          toastError(apiErrorMessage(error, m.errors.cancel));
        }
      }}
    />
  );
}

interface PenaltyDialogProps extends DialogProps {
  project: Project;
  quote: PenaltyQuoteResponse;
}

/**
 * Tier 4 early cancellation: the card becomes a PaymentMethod and the server charges the penalty inside the
 * cancellation (POST /api/cancel-project with paymentMethodId), so both happen or neither does.
 */
export function PenaltyDialog(props: PenaltyDialogProps) {
  return (
    <PaymentProvider config={paymentConfig()}>
      <PenaltyForm {...props} />
    </PaymentProvider>
  );
}

function PenaltyForm({ project, quote, onClose, onDone }: PenaltyDialogProps) {
  const portal = usePortalCache();
  const user = useAuthStore((s) => s.user);
  const { createPaymentMethod } = useCreatePaymentMethod();
  const cardEntry = useCardEntry();
  const p = m.penalty;
  // The saved card (the Billing page's), offered instead of typing one; the server pays with the client's own.
  const savedCard = useQuery({
    queryKey: ['billing'],
    queryFn: () => apiClient().billingOverview(),
    staleTime: 30_000,
  }).data?.savedCard;
  const [useSaved, setUseSaved] = useState(true);
  const paySaved = !!savedCard && useSaved;
  const serviceEnds = usePaidPeriodEnd(project);
  const signature = useProposal(project.id).data?.proposal?.signature ?? null;

  async function payAndCancel(reason: string) {
    const result = paySaved
      ? ({ ok: true, paymentMethod: { id: SAVED_CARD } } as const)
      : await createPaymentMethod({
          name: user?.fullName || project.client_name,
          email: user?.email ?? project.client_email,
        });
    if (!result.ok) {
      cardEntry.setError(result.error, stripeReason(result.stripeError));
      return;
    }
    try {
      const outcome = await portal.changeProject(project.id, () =>
        apiClient().cancelProject({
          body: {
            projectId: project.id,
            cancelledBy: 'client',
            cancellationReason: reason,
            paymentMethodId: result.paymentMethod.id,
          },
        }),
      );
      cancelledToast(outcome);
      onDone(outcome.project);
    } catch (error) {
      // 402: the card was declined (or the penalty is unpaid); nothing was cancelled. Said beside the card.
      if (error instanceof ApiError && error.status === 402)
        cardEntry.setError(m.errors.penaltyPayment, declineReason(error));
      else toastError(apiErrorMessage(error, m.errors.cancel));
    }
  }

  return (
    <ReasonDialog
      title={p.title}
      body={p.intro}
      confirmLabel={p.confirm(quote.penaltyAmount)}
      sendingLabel={p.sending}
      onClose={onClose}
      submit={payAndCancel}
      precheck={() => {
        if (paySaved || cardEntry.complete) return undefined;
        cardEntry.setError(PAYMENT_MESSAGES.invalidCardDetails);
        return PAYMENT_MESSAGES.invalidCardDetails;
      }}
      before={
        // The facts are a definition list; the rule and its worked example are paragraphs after it (a <dl> holds
        // only its term and value pairs: axe's definition-list rule).
        <Box bg="bg.muted" p="3" borderRadius="md">
          <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1">
            <Text as="dt" fontWeight="medium">
              {p.amount}
            </Text>
            <Text as="dd" fontWeight="bold">
              {formatUsd(quote.penaltyAmount)}
            </Text>
            <Text as="dt" fontWeight="medium">
              {p.monthsRemaining}
            </Text>
            <Text as="dd">{quote.monthsRemaining}</Text>
            <Text as="dt" fontWeight="medium">
              {p.monthlyFee}
            </Text>
            <Text as="dd">{formatUsd(quote.subscriptionFee)}</Text>
            {serviceEnds ? (
              <>
                <Text as="dt" fontWeight="medium">
                  {p.serviceEnds}
                </Text>
                <Text as="dd">{p.serviceEndsValue(shortDate(serviceEnds))}</Text>
              </>
            ) : null}
          </Box>
          <Text fontSize="sm" color="fg.muted" mt="2">
            {p.rule}
          </Text>
          <Text fontSize="sm" mt="1">
            {p.calculation(quote.monthsRemaining, quote.subscriptionFee, quote.penaltyAmount)}
          </Text>
          {signature ? (
            <Text fontSize="sm" mt="1">
              {p.matchesSigned(shortDate(signature.signedAt), signature.version)}
            </Text>
          ) : null}
        </Box>
      }
      after={
        <>
          {savedCard ? (
            <Checkbox.Root
              checked={useSaved}
              onCheckedChange={(details) => setUseSaved(details.checked === true)}
              mb="3"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontWeight="normal">
                {BILLING_TEXT.payWithSavedCard(savedCard.brand, savedCard.last4)}
              </Checkbox.Label>
            </Checkbox.Root>
          ) : null}
          {paySaved ? null : <CardEntry entry={cardEntry} />}
        </>
      }
    />
  );
}
