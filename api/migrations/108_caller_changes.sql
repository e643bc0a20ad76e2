-- A change to a user's role or profile is announced, so every API process drops what it remembered of that
-- user (the caller's role is read on every request; a process keeps it until told it changed).
create function caller_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('callers', coalesce(new.user_id, old.user_id)::text);
  return null;
end;
$$;
create function profile_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('callers', coalesce(new.id, old.id)::text);
  return null;
end;
$$;
create trigger user_roles_changed after insert or update or delete on user_roles
  for each row execute function caller_changed();
create trigger profiles_changed after update or delete on profiles
  for each row execute function profile_changed();
