-- The consultancy's details as each billing document was issued with them (issue 35): an invoice or credit note
-- names its seller as they were when it was numbered, so a later change of BILLING_SELLER_* does not rewrite
-- documents already issued. `billing_seller` holds the one current seller: each API process writes its
-- configuration there when it starts, and issuance copies it onto the document in the numbering transaction.
-- Documents issued before this migration keep no copy (null) and are drawn with the configured seller.
create table billing_seller (
  id boolean primary key default true check (id),
  details jsonb not null,
  updated_at timestamptz not null default now()
);

alter table billing_documents add column seller jsonb;
