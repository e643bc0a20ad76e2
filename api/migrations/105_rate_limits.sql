-- Rate-limit counters shared by every API process (fixed windows per key).
create table rate_limit_hits (
  key text primary key,
  window_started_at timestamptz not null,
  hits integer not null
);
create index rate_limit_hits_window_idx on rate_limit_hits (window_started_at);
