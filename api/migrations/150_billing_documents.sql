-- Billing documents (issue 35): every payment that succeeded has an invoice, every refund a credit note that
-- references its invoice. Numbers run per series and calendar year without gaps: the counter row is taken in the
-- transaction that writes the ledger row, so concurrent payments wait on it in turn and a rollback gives the
-- number back (a sequence would not).
create table billing_details (
  user_id uuid primary key references profiles (id),
  name text not null,
  company text,
  address text not null,
  tax_id text,
  updated_at timestamptz not null default now()
);

create table document_numbers (
  series text not null,
  year integer not null,
  last_number integer not null,
  primary key (series, year)
);

create table billing_documents (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('invoice', 'credit_note')),
  series text not null,
  year integer not null,
  seq integer not null,
  number text not null unique,
  payment_id uuid not null references payments (id),
  refund_id uuid unique references payment_refunds (id),
  invoice_id uuid references billing_documents (id),
  project_id uuid references projects (id),
  amount_cents integer not null check (amount_cents > 0),
  card_last4 text,
  issued_at timestamptz not null,
  bill_to jsonb not null,
  lines jsonb not null,
  created_at timestamptz not null default now(),
  unique (series, year, seq),
  check ((kind = 'credit_note') = (refund_id is not null and invoice_id is not null))
);
create unique index billing_documents_one_invoice_per_payment on billing_documents (payment_id) where kind = 'invoice';
create index billing_documents_project_idx on billing_documents (project_id);

-- The card a client keeps on file (issue 35): saved through a Stripe SetupIntent on one of their customers, shown
-- by brand and last four, and used for a final payment or a penalty instead of a card typed again.
create table saved_cards (
  user_id uuid primary key references profiles (id),
  stripe_customer_id text not null,
  stripe_payment_method_id text not null,
  stripe_setup_intent_id text not null,
  brand text not null,
  last4 text not null,
  exp_month integer,
  exp_year integer,
  updated_at timestamptz not null default now()
);
