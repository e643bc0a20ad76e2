-- Issue 34: a file finished or deleted is an event of the log ('file_uploaded', 'file_deleted'), so the live
-- channel carries it to the other side's open Files list on every replica, and the timeline shows it. Like a
-- thread read, it is nobody's notification: a message that carries the file notifies, and a Files area filled
-- with ten uploads should not ring the bell ten times. Otherwise the fan-out of migration 130, unchanged.
create or replace function project_event_fanout() returns trigger language plpgsql as $$
declare
  client uuid;
  silent boolean := new.action in ('messages_seen', 'file_uploaded', 'file_deleted');
begin
  select client_id into client from projects where id = new.project_id;
  if silent then
    null;
  elsif new.actor_role <> 'CLIENT' and client is not null and client is distinct from new.actor_id
     and not (new.action = 'ticket_moved'
              and coalesce((select ticket_digest from email_settings where user_id = client), true)) then
    insert into notifications (user_id, event_id, project_id) values (client, new.id, new.project_id)
      on conflict do nothing;
  end if;
  if new.actor_role <> 'ADMIN' and not silent then
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
