-- Subscriptions as Stripe bills them: each invoice paid (or failed) is a ledger row of its own; a payment keeps
-- the card's last four digits for receipts and the history the client sees.
alter table payments alter column stripe_payment_intent_id drop not null;
alter table payments add column stripe_invoice_id text unique;
alter table payments add column card_last4 text;
alter table payments add column failure_message text;
alter table payments drop constraint payments_kind_check;
alter table payments add constraint payments_kind_check check (kind in ('deposit', 'final', 'penalty', 'subscription'));
alter table payments add constraint payments_status_check check (status in ('pending', 'succeeded', 'failed', 'canceled'));
alter table payments add constraint payments_one_stripe_object check (stripe_payment_intent_id is not null or stripe_invoice_id is not null);

alter table subscriptions add column stripe_customer_id text;
alter table subscriptions add column stripe_test_clock_id text;
alter table subscriptions drop constraint if exists subscriptions_status_check;
alter table subscriptions add constraint subscriptions_status_check check (status in ('active', 'past_due', 'cancelled'));

-- Stripe events as received: each is acted on once, by a job that fetches the object it names from Stripe.
create table stripe_events (
  id text primary key,
  type text not null,
  object_id text,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);
