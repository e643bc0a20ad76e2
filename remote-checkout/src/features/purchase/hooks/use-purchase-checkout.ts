import { useCallback, useRef, useState } from 'react';
import { useAuthStore } from '@agency/auth';
import { formatUsd, type ServiceTier } from '@agency/domain';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';
import type { PurchaseFormValues } from '@agency/domain/schemas/purchase-form';
import { newPaymentAttemptKey, useConfirmCardPayment, waitForPurchase } from '@agency/payments';
import { useNavigate } from '@agency/router';
import { toaster } from '@agency/ui';
import { trackInitiateCheckout, trackPurchase } from '@agency/tracking';
import { createPurchaseIntent, type PurchaseIntent } from '../api/create-purchase-intent';

/** details → (requesting the intent) → card → (confirming and waiting for the project) → done. */
export type PurchasePhase = 'details' | 'requesting-intent' | 'card' | 'confirming' | 'done';

const m = CHECKOUT_MESSAGES.purchase;

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

  const confirmPayment = useCallback(
    async (values: PurchaseFormValues): Promise<void> => {
      if (!intent) return;
      setPhase('confirming');
      const result = await confirmCardPayment(intent.clientSecret, {
        name: `${values.firstName.trim()} ${values.lastName.trim()}`,
        email: values.email.trim(),
      });
      if (!result.ok) {
        toaster.create({ title: m.paymentErrorTitle, description: m.paymentErrorDescription, type: 'error' });
        setPhase('card');
        return;
      }
      const outcome = await waitForPurchase(result.paymentIntent.id);
      if (outcome === 'failed') {
        toaster.create({ title: m.paymentErrorTitle, description: m.paymentErrorDescription, type: 'error' });
        setPhase('card');
        return;
      }
      if (outcome === 'refunded') {
        toaster.create({
          title: m.projectCreationFailedTitle,
          description: m.projectCreationFailedDescription,
          type: 'error',
        });
        startOver();
        return;
      }
      trackPurchase({ tierId: tier.id, tierName: tier.name, value: deposit });
      toaster.create({
        title: m.successTitle,
        description: m.successDescription(formatUsd(deposit)),
        type: 'success',
      });
      setPhase('done');
      navigate('/purchase-success');
    },
    [intent, confirmCardPayment, tier, deposit, navigate, startOver],
  );

  return { phase, intent, requestIntent, confirmPayment, editDetails: startOver };
}
