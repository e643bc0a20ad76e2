import type { PurchaseStatus, PurchaseStatusResponse } from '@agency/domain/payments-purchase';
import { apiRequest } from '../../../lib/api';

export type PurchaseOutcome = Exclude<PurchaseStatus, 'awaiting_payment'> | 'unconfirmed';

/**
 * After the card is confirmed the server creates the project from Stripe's webhook; this polls
 * GET /api/purchase-status/:paymentIntentId until it says so. 'unconfirmed' when it has not answered
 * in time: the payment went through and the webhook still decides, so the caller treats it as success.
 */
export async function waitForPurchase(
  paymentIntentId: string,
  { timeoutMs = 20_000, intervalMs = 500 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<PurchaseOutcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { status } = await apiRequest<PurchaseStatusResponse>('GET', `/api/purchase-status/${encodeURIComponent(paymentIntentId)}`);
      if (status !== 'awaiting_payment') return status;
    } catch {
      // A transient failure: keep asking until the deadline.
    }
    if (Date.now() + intervalMs > deadline) return 'unconfirmed';
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
