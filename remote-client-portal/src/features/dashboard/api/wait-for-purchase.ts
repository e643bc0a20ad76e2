import type { PurchaseStatus } from '@agency/domain/payments-purchase';
import { clientApi } from '../../../lib/api';

export type PurchaseOutcome = Exclude<PurchaseStatus, 'awaiting_payment'> | 'unconfirmed';

/**
 * After the deposit is confirmed the server creates the project from Stripe's webhook; this polls
 * GET /api/purchase-status/:paymentIntentId until it says so (as the checkout remote does). 'unconfirmed'
 * when it has not answered in time: the payment went through and the webhook still decides.
 */
export async function waitForPurchase(
  paymentIntentId: string,
  { timeoutMs = 20_000, intervalMs = 500 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<PurchaseOutcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { status } = await clientApi().purchaseStatus({ params: { paymentIntentId } });
      if (status !== 'awaiting_payment') return status;
    } catch {
      // A transient failure: keep asking until the deadline.
    }
    if (Date.now() + intervalMs > deadline) return 'unconfirmed';
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
