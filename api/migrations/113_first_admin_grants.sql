-- ADMIN_EMAIL makes its account an admin once: an operator who later demotes it keeps it demoted across
-- restarts and deployments (features/users/first-admin.ts). Today's admins count as granted.
create table first_admin_grants (
  user_id uuid primary key,
  granted_at timestamptz not null default now()
);
insert into first_admin_grants (user_id) select user_id from user_roles where role = 'ADMIN';
