-- A refund's receipt goes out once, whoever records the refund first: the operation or purchase that made it,
-- or Stripe's charge.refunded webhook, which can record it while that operation has not committed yet.
-- The one that made the refund claims its receipt here (payment-ledger.ts, claimRefundReceipt).
alter table payment_refunds add column receipt_queued_at timestamptz;
update payment_refunds set receipt_queued_at = created_at;
