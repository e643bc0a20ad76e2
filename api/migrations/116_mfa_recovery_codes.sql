-- One-time recovery codes of a user's two-factor sign-in (issue 31): shown once when made, kept only as SHA-256
-- hashes (each code is 50 random bits, not a password). Making a new set replaces the old one; a used code is
-- kept with used_at so it cannot be used again.
create table mfa_recovery_codes (
  user_id uuid not null,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  primary key (user_id, code_hash)
);
