-- Issue 34: a conversation on every project. One thread per project between its client and the consultancy
-- (ticket_id null) and the comments of each ticket (ticket_id set), in one table: text is stored once, as typed,
-- and never rendered as HTML. seq orders a thread and pages it (keyset), ids are what links point at.
create table messages (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity unique,
  project_id uuid not null references projects (id) on delete cascade,
  ticket_id uuid references tickets (id) on delete cascade,
  author_id uuid not null,
  author_role text not null check (author_role in ('ADMIN', 'CLIENT')),
  body text not null,
  created_at timestamptz not null default now()
);
create index messages_thread_idx on messages (project_id, seq desc) where ticket_id is null;
create index messages_ticket_idx on messages (ticket_id, seq desc) where ticket_id is not null;

-- How far each person has seen a project's thread: unread counts and the "Seen" mark come from here.
create table message_reads (
  user_id uuid not null,
  project_id uuid not null references projects (id) on delete cascade,
  seen_seq bigint not null default 0,
  seen_at timestamptz not null default now(),
  -- The last message this person was e-mailed about: one e-mail per unseen stretch of a thread.
  alerted_seq bigint not null default 0,
  primary key (user_id, project_id)
);

-- Which e-mails each person wants. No row: the defaults (message alerts on, ticket moves in a daily digest).
create table email_settings (
  user_id uuid primary key,
  message_alerts boolean not null default true,
  ticket_digest boolean not null default true,
  -- The daily digest covered the events up to this id.
  digest_event_id bigint not null default 0,
  updated_at timestamptz not null default now()
);

-- The admin's answers from the Inbox, kept with what they answer; a contact message may name its project.
create table inbox_replies (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('contact', 'consultation')),
  item_id uuid not null,
  author_id uuid not null,
  body text not null,
  sent_to text not null,
  created_at timestamptz not null default now()
);
create index inbox_replies_item_idx on inbox_replies (item_id, created_at);
alter table contact_messages add column project_id uuid references projects (id);

-- The fan-out of migration 107, with one change: a ticket move no longer makes the client a notification each
-- (nineteen within an hour of ordinary work) when the client takes ticket moves in the daily digest (the default),
-- and a thread read ('messages_seen', which only updates the writer's "Seen" live) is nobody's notification.
create or replace function project_event_fanout() returns trigger language plpgsql as $$
declare
  client uuid;
begin
  select client_id into client from projects where id = new.project_id;
  if new.action = 'messages_seen' then
    null;
  elsif new.actor_role <> 'CLIENT' and client is not null and client is distinct from new.actor_id
     and not (new.action = 'ticket_moved'
              and coalesce((select ticket_digest from email_settings where user_id = client), true)) then
    insert into notifications (user_id, event_id, project_id) values (client, new.id, new.project_id)
      on conflict do nothing;
  end if;
  if new.actor_role <> 'ADMIN' and new.action <> 'messages_seen' then
    insert into notifications (user_id, event_id, project_id)
      select user_id, new.id, new.project_id from user_roles
       where role = 'ADMIN' and user_id is distinct from new.actor_id
      on conflict do nothing;
  end if;
  perform pg_notify('project_events', json_build_object(
    'id', new.id, 'projectId', new.project_id, 'clientId', client, 'action', new.action,
    'from', new.from_status, 'to', new.to_status, 'at', new.at, 'actorRole', new.actor_role)::text);
  return new;
end;
$$;
