-- A live portal. Every project change is already one row of project_events; this fans each row out:
-- a notification for each person on the other side (the client hears of what the admin or the system did,
-- the admins of what the client or the system did), and a NOTIFY on 'project_events' that every API process
-- LISTENs to and pushes to the open dashboards allowed to see it. NOTIFY is sent when the transaction commits,
-- so nobody hears of a change that rolled back.
create table notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  event_id bigint not null references project_events (id),
  project_id uuid not null references projects (id),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  unique (user_id, event_id)
);
create index notifications_user_idx on notifications (user_id, id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;

create function project_event_fanout() returns trigger language plpgsql as $$
declare
  client uuid;
begin
  select client_id into client from projects where id = new.project_id;
  if new.actor_role <> 'CLIENT' and client is not null and client is distinct from new.actor_id then
    insert into notifications (user_id, event_id, project_id) values (client, new.id, new.project_id)
      on conflict do nothing;
  end if;
  if new.actor_role <> 'ADMIN' then
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
create trigger project_events_fanout after insert on project_events
  for each row execute function project_event_fanout();

-- The admin's inbox: contact messages and consultation requests, read or not.
alter table contact_messages add column read_at timestamptz;
alter table consultation_requests add column read_at timestamptz;
alter table contact_messages add column created_seq bigint generated always as identity;
alter table consultation_requests add column created_seq bigint generated always as identity;
create index contact_messages_seq_idx on contact_messages (created_seq);
create index consultation_requests_seq_idx on consultation_requests (created_seq);
