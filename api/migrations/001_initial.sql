-- Initial schema. Money columns hold whole dollars (numeric), payments hold cents.
create table profiles (
  id uuid primary key,
  full_name text,
  email text not null,
  created_at timestamptz not null default now()
);

-- The role lives here, never in user-editable metadata. Any value other than ADMIN is a client.
create table user_roles (
  user_id uuid primary key,
  role text not null default 'CLIENT',
  created_at timestamptz not null default now()
);

create table projects (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text not null default '',
  tier smallint check (tier between 1 and 4),
  client_id uuid references profiles (id),
  client_name text not null default '',
  client_email text not null default '',
  company text,
  cost numeric(12, 2),
  downpayment numeric(12, 2),
  stripe_price_id text,
  stripe_payment_intent_id text,
  stripe_customer_id text,
  stripe_subscription_id text,
  monthly_budget_range text,
  timeline text,
  status text not null default 'pending'
    check (status in ('pending', 'accepted', 'refused', 'completed', 'pending_final_payment', 'active')),
  admin_approval_status text not null default 'pending'
    check (admin_approval_status in ('pending', 'accepted', 'refused')),
  client_approval_status text not null default 'pending'
    check (client_approval_status in ('pending', 'accepted')),
  overall_status text not null default 'pending'
    check (overall_status in ('pending', 'accepted', 'refused', 'completed', 'pending_final_payment', 'active')),
  is_active boolean not null default false,
  cancelled boolean not null default false,
  cancellation_reason text,
  final_payment_amount numeric(12, 2),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_created_at_idx on projects (created_at desc);
create index projects_client_created_at_idx on projects (client_id, created_at desc);
create unique index projects_payment_intent_idx on projects (stripe_payment_intent_id)
  where stripe_payment_intent_id is not null;

create table tickets (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text,
  project_id uuid not null references projects (id),
  client_id uuid,
  board_type text not null check (board_type in ('main', 'maintenance')),
  status text not null default 'not-started' check (status in ('not-started', 'in-progress', 'in-review', 'done')),
  assignee text,
  created_at timestamptz not null default now()
);
create index tickets_project_idx on tickets (project_id, created_at desc);

create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null unique references projects (id),
  stripe_subscription_id text unique,
  stripe_price_id text,
  monthly_cost numeric(12, 2),
  status text not null default 'active',
  start_date timestamptz not null default now(),
  end_date timestamptz,
  created_at timestamptz not null default now()
);

-- Every PaymentIntent the server has seen succeed, and what was refunded of it.
create table payments (
  id uuid primary key default gen_random_uuid(),
  project_id uuid references projects (id),
  stripe_payment_intent_id text not null unique,
  stripe_customer_id text,
  kind text not null check (kind in ('deposit', 'final', 'penalty', 'subscription')),
  amount_cents integer not null check (amount_cents >= 0),
  refunded_cents integer not null default 0 check (refunded_cents >= 0),
  currency text not null default 'usd',
  status text not null,
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payments_project_idx on payments (project_id);
create index payments_created_at_idx on payments (created_at);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  first_name text not null,
  last_name text not null,
  email text not null,
  company text,
  project_details text not null,
  user_id uuid,
  created_at timestamptz not null default now()
);

create table consultation_requests (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects (id),
  tier_key text not null,
  first_name text not null,
  last_name text not null,
  email text not null,
  company text,
  project_description text not null,
  budget text not null,
  timeline text not null,
  preferred_date text,
  preferred_time text,
  user_id uuid,
  created_at timestamptz not null default now()
);

-- Append-only log of every project change: who, what, when.
create table project_events (
  id bigint generated always as identity primary key,
  project_id uuid not null references projects (id),
  actor_id uuid,
  actor_role text not null,
  action text not null,
  from_status text,
  to_status text,
  at timestamptz not null default now(),
  details jsonb not null default '{}'
);
create index project_events_project_idx on project_events (project_id, id);

create function project_events_are_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'project_events is append-only';
end;
$$;
create trigger project_events_append_only before update or delete on project_events
  for each row execute function project_events_are_append_only();
