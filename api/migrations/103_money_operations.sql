-- Money operations. Every change of a project that moves money (a final payment, an approval that starts a
-- subscription, a refund on refusal or cancellation, a cancelled subscription, a penalty) is one operation:
-- its row is claimed (at most one open operation per project) before Stripe is called, so two operations on one
-- project can never both reach Stripe; it commits together with the state change and the ledger rows, or is
-- recovered: compensated (a charge refunded, a subscription cancelled) or completed (the state written after a
-- refund that cannot be undone). Recovery is a durable job, retried until it succeeds.
create table money_operations (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects (id),
  kind text not null,
  attempt integer not null,
  status text not null check (status in ('claimed', 'succeeded', 'failed', 'compensating', 'compensated')),
  input jsonb not null default '{}',
  effect jsonb,
  error text,
  actor_id uuid,
  actor_role text not null,
  -- Who works on the operation until when: the request that claimed it, or after that a recovery job.
  lease_owner uuid not null,
  lease_until timestamptz not null,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (project_id, kind, attempt)
);
create unique index money_operations_one_open_per_project on money_operations (project_id)
  where status in ('claimed', 'compensating');
create index money_operations_open_idx on money_operations (lease_until) where status in ('claimed', 'compensating');

-- The journal of an operation's Stripe calls: written before each call is sent and after it answers, so a call
-- whose answer was lost can be replayed with its idempotency key (Stripe answers with the original result).
create table money_operation_steps (
  operation_id uuid not null references money_operations (id),
  name text not null,
  call text not null,
  target_id text,
  params jsonb not null,
  idempotency_key text not null unique,
  status text not null check (status in ('sent', 'succeeded', 'failed')),
  response jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (operation_id, name)
);
