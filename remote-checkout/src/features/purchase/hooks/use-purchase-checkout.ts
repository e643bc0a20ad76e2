import { useCallback, useRef, useState } from 'react';
import { useAuthStore } from '@agency/auth';
import { formatUsd, type ServiceTier } from '@agency/domain';
import {
  CHECKOUT_MESSAGES,
  PURCHASE_CONFIRMATION_KEY,
  type PurchaseConfirmation,
} from '@agency/domain/messages/checkout';
import { cardFailureReason, PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
import { apiClient } from '@agency/auth/api';
import type { PurchaseFormValues } from '@agency/domain/schemas/purchase-form';
import { newPaymentAttemptKey, useConfirmCardPayment, waitForPurchase } from '@agency/payments';
import { useNavigate } from '@agency/router';
import { toaster } from '@agency/ui';
import { trackInitiateCheckout, trackPurchase } from '@agency/tracking';
import type { CardProblem } from '../../../components/card-entry';
import { createPurchaseIntent, type PurchaseIntent } from '../api/create-purchase-intent';

/** The project a fulfilled purchase created, or null when the server has not said (yet). */
async function projectOf(paymentIntentId: string): Promise<string | null> {
  try {
    return (await apiClient().purchaseStatus({ params: { paymentIntentId } })).projectId;
  } catch {
    return null;
  }
}

function rememberPurchase(confirmation: PurchaseConfirmation): void {
  try {
    sessionStorage.setItem(PURCHASE_CONFIRMATION_KEY, JSON.stringify(confirmation));
  } catch {
    // Storage may be unavailable (private mode); the payment itself succeeded.
  }
}

/** details → (requesting the intent) → card → (confirming and waiting for the project) → done. */
export type PurchasePhase = 'details' | 'requesting-intent' | 'card' | 'confirming' | 'done';

const m = CHECKOUT_MESSAGES.purchase;
const PAYMENT_ERROR_TOAST = {
  id: 'purchase-payment-error',
  title: m.paymentErrorTitle,
  description: m.paymentErrorDescription,
};

export function usePurchaseCheckout(tier: ServiceTier) {
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const { confirmCardPayment } = useConfirmCardPayment();
  const [phase, setPhase] = useState<PurchasePhase>('details');
  const [intent, setIntent] = useState<PurchaseIntent | null>(null);
  // One key per checkout attempt: a retried intent request never creates a second charge.
  const attemptKey = useRef(newPaymentAttemptKey());
  const deposit = tier.downpaymentDollars!;

  const startOver = useCallback(() => {
    attemptKey.current = newPaymentAttemptKey();
    setIntent(null);
    setPhase('details');
  }, []);

  /** Asks the server for the deposit's PaymentIntent; a failure is silent (spec section 8). */
  const requestIntent = useCallback(
    async (values: PurchaseFormValues): Promise<boolean> => {
      setPhase('requesting-intent');
      try {
        setIntent(await createPurchaseIntent(tier, values, userId, attemptKey.current));
        setPhase('card');
        trackInitiateCheckout({ tierId: tier.id, tierName: tier.name, value: deposit });
        return true;
      } catch {
        setPhase('details');
        return false;
      }
    },
    [tier, userId, deposit],
  );

  /**
   * Pays with the card entered. A refusal keeps the card step and answers what to say beside the card (why, then
   * what to do); the spec's 'Payment Error' toast is shown as well.
   */
  const confirmPayment = useCallback(
    async (values: PurchaseFormValues): Promise<CardProblem | undefined> => {
      if (!intent) return undefined;
      // A new attempt: the last one's error no longer stands.
      toaster.remove(PAYMENT_ERROR_TOAST.id);
      setPhase('confirming');
      const result = await confirmCardPayment(intent.clientSecret, {
        name: `${values.firstName.trim()} ${values.lastName.trim()}`,
        email: values.email.trim(),
      });
      if (!result.ok) {
        toaster.create({ ...PAYMENT_ERROR_TOAST, type: 'error' });
        setPhase('card');
        return { message: result.error, reason: cardFailureReason(result.stripeError) };
      }
      const outcome = await waitForPurchase(result.paymentIntent.id);
      if (outcome === 'failed') {
        toaster.create({ ...PAYMENT_ERROR_TOAST, type: 'error' });
        setPhase('card');
        return { message: PAYMENT_MESSAGES.paymentFailed };
      }
      if (outcome === 'refunded') {
        toaster.create({
          title: m.projectCreationFailedTitle,
          description: m.projectCreationFailedDescription,
          type: 'error',
        });
        startOver();
        return undefined;
      }
      // The success page shows what was paid and the project's reference (when the server has made it yet).
      rememberPurchase({ amountDollars: deposit, projectId: await projectOf(result.paymentIntent.id) });
      trackPurchase({ tierId: tier.id, tierName: tier.name, value: deposit });
      toaster.create({
        title: m.successTitle,
        description: m.successDescription(formatUsd(deposit)),
        type: 'success',
      });
      setPhase('done');
      navigate('/purchase-success');
      return undefined;
    },
    [intent, confirmCardPayment, tier, deposit, navigate, startOver],
  );

  return { phase, intent, requestIntent, confirmPayment, editDetails: startOver };
}
