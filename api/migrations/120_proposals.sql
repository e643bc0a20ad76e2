-- Proposals (issue 33): what the client reads and signs before any money moves. Each edit by the admin is a new
-- version (the history is kept); the client only ever sees and signs the latest. `document` is the proposal as
-- drawn (shared/domain proposals.ts) and `content_hash` the SHA-256 of its text, taken when the version is made.
create table proposals (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects (id) on delete cascade,
  version integer not null check (version >= 1),
  document json not null,
  content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
  valid_until date not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  unique (project_id, version)
);

-- An electronic signature: who signed which version (and the hash of exactly what was shown), when, from where.
-- Written in the transaction that claims the approval's money operation, so no charge or subscription starts
-- without one (money-plans.ts, client_accept).
create table proposal_signatures (
  id uuid primary key default gen_random_uuid(),
  proposal_id uuid not null references proposals (id) on delete cascade,
  project_id uuid not null references projects (id) on delete cascade,
  version integer not null,
  content_hash text not null,
  signer_id uuid not null,
  signed_name text not null,
  signed_at timestamptz not null default now(),
  ip_address text,
  user_agent text,
  operation_id uuid references money_operations (id)
);
create index proposal_signatures_project_idx on proposal_signatures (project_id, signed_at desc);

-- The project's cached reads show whether a proposal was sent and signed.
create constraint trigger proposals_data_version after insert or update or delete on proposals
  deferrable initially deferred for each row execute function bump_data_version();
create constraint trigger proposal_signatures_data_version after insert or update or delete on proposal_signatures
  deferrable initially deferred for each row execute function bump_data_version();
