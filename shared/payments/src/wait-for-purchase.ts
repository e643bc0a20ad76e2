import { apiClient } from '@agency/auth/api';
import type { PurchaseStatus } from '@agency/domain/payments-purchase';

export type PurchaseOutcome = Exclude<PurchaseStatus, 'awaiting_payment'> | 'unconfirmed';

/**
 * After the card is confirmed the server creates the project from Stripe's webhook; this polls
 * GET /api/purchase-status/:paymentIntentId until it says so. 'unconfirmed' when it has not answered in
 * time: the payment went through and the webhook still decides, so callers treat it as success.
 */
export async function waitForPurchase(
  paymentIntentId: string,
  { timeoutMs = 20_000, intervalMs = 500 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<PurchaseOutcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { status } = await apiClient().purchaseStatus({ params: { paymentIntentId } });
      if (status !== 'awaiting_payment') return status;
    } catch {
      // A transient failure: keep asking until the deadline.
    }
    if (Date.now() + intervalMs > deadline) return 'unconfirmed';
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** One key per payment attempt: a retried intent request never creates a second charge. */
export const newPaymentAttemptKey = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
