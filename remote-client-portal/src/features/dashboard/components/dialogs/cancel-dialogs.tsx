import { formatUsd, isSubscriptionTier, type PenaltyQuoteResponse, type Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { useAuthStore } from '@agency/auth';
import { PaymentProvider, PAYMENT_MESSAGES } from '@agency/payments';
import { Box, Text } from '@agency/ui';
import { ApiError, apiClient, apiErrorMessage } from '@agency/auth/api';
import { shortDate, usePortalCache, useProjectPayments, useProposal } from '@agency/portal';
import { paymentConfig } from '../../../../lib/payment-config';
import { toastError, toastSuccess } from '../../../../lib/toast';
import type { DialogProps } from '../../types';
import { ReasonDialog } from './reason-dialog';
import { CardChoice, useCardSubmit } from '../../../../components/card-entry';

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
  const p = m.penalty;
  // The saved card (the Billing page's) is offered first, as in the other payment dialogs.
  const card = useCardSubmit(
    () => ({ name: user?.fullName || project.client_name, email: user?.email ?? project.client_email }),
    { offerSavedCard: true },
  );
  const serviceEnds = usePaidPeriodEnd(project);
  const signature = useProposal(project.id).data?.proposal?.signature ?? null;

  async function payAndCancel(reason: string) {
    const outcome = await card.submit(
      (paymentMethodId) =>
        portal.changeProject(project.id, () =>
          apiClient().cancelProject({
            body: {
              projectId: project.id,
              cancelledBy: 'client',
              cancellationReason: reason,
              paymentMethodId,
            },
          }),
        ),
      // 402: the card was declined (or the penalty is unpaid); nothing was cancelled.
      (error) =>
        error instanceof ApiError && error.status === 402
          ? m.errors.penaltyPayment
          : apiErrorMessage(error, m.errors.cancel),
    );
    if (!outcome) return;
    cancelledToast(outcome);
    onDone(outcome.project);
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
        if (card.choice.useSaved || card.entry.complete) return undefined;
        card.entry.setError(PAYMENT_MESSAGES.invalidCardDetails);
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
      after={<CardChoice entry={card.entry} choice={card.choice} />}
    />
  );
}
