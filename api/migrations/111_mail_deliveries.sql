-- One row per 'mail.send' job: the send claims its job before SMTP and records it sent after, so a job that
-- pg-boss runs again while its first run is under way (a stopped worker's jobs are failed and retried elsewhere)
-- is not sent twice (mail/mailer.ts, sendMailOnce).
create table mail_deliveries (
  job_id uuid primary key,
  claimed_until timestamptz not null,
  sent_at timestamptz
);
create index mail_deliveries_sent_at on mail_deliveries (sent_at) where sent_at is not null;
