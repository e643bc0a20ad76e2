-- The revenue ledger of the payments module: when each payment succeeded, and every refund on its own date,
-- so a month's revenue is the payments that succeeded in it minus the refunds made in it.
alter table payments add column succeeded_at timestamptz;
create index payments_succeeded_at_idx on payments (succeeded_at) where succeeded_at is not null;

create table payment_refunds (
  id uuid primary key default gen_random_uuid(),
  stripe_refund_id text not null unique,
  stripe_payment_intent_id text not null references payments (stripe_payment_intent_id),
  amount_cents integer not null check (amount_cents > 0),
  reason text,
  created_at timestamptz not null default now()
);
create index payment_refunds_created_at_idx on payment_refunds (created_at);
