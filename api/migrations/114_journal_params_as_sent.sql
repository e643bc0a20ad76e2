-- A journalled Stripe call is sent again, after a crash, with the idempotency key it was first sent with, and
-- Stripe refuses a key whose parameters differ. jsonb reorders an object's keys (shortest first), so the call was
-- re-encoded in another order than the first time. `json` keeps the text exactly as it was written.
alter table money_operation_steps alter column params type json using params::json;
