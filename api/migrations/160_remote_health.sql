-- Remote health from real browsers (issue 37): how many loads of each remote's release the host reported, and
-- how many failed, by phase and error class. Counters only: a report names a remote, a release, a phase and an
-- error's class name, nothing about the visitor. phase '' with error_class '' counts the loads that worked.
-- The release guard (tools/product/release-guard.mjs) compares a canary's failure rate with the current
-- release's from these rows (GET /ops/remote-health).
create table remote_health (
  remote text not null,
  release text not null,
  phase text not null default '',
  error_class text not null default '',
  count bigint not null default 0,
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now(),
  primary key (remote, release, phase, error_class)
);

-- Each canary rolled back by the release guard, as it told the API (the consultancy's inbox is mailed once).
create table release_rollbacks (
  id bigint generated always as identity primary key,
  remote text not null,
  release text not null,
  restored text not null,
  reason text not null,
  rolled_back_at text not null,
  created_at timestamptz not null default now(),
  unique (remote, release, rolled_back_at)
);
