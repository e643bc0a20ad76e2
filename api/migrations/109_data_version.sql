-- One number that moves on with every committed change to what the cached reads show (projects, their
-- subscriptions, tickets, profiles, roles). Each API process keeps a read until this number moves, and reads the
-- number (one tiny query, shared by every request waiting at that moment) before it answers from memory, so a
-- process never serves data older than the request: replicas stay exact without warming each other.
--
-- The bump is a deferred constraint trigger: it runs at commit, after every other lock of the transaction was
-- taken, so the one row it locks cannot join a deadlock and is held only while the transaction commits. It
-- bumps once per transaction, however many rows changed.
create table data_version (
  id boolean primary key default true check (id),
  version bigint not null
);
insert into data_version (id, version) values (true, 0);

create function bump_data_version() returns trigger language plpgsql as $$
begin
  if current_setting('agency.data_version_bumped', true) is distinct from txid_current()::text then
    perform set_config('agency.data_version_bumped', txid_current()::text, true);
    update data_version set version = version + 1 where id;
  end if;
  return null;
end;
$$;

create constraint trigger projects_data_version after insert or update or delete on projects
  deferrable initially deferred for each row execute function bump_data_version();
create constraint trigger subscriptions_data_version after insert or update or delete on subscriptions
  deferrable initially deferred for each row execute function bump_data_version();
create constraint trigger tickets_data_version after insert or update or delete on tickets
  deferrable initially deferred for each row execute function bump_data_version();
create constraint trigger profiles_data_version after insert or update or delete on profiles
  deferrable initially deferred for each row execute function bump_data_version();
create constraint trigger user_roles_data_version after insert or update or delete on user_roles
  deferrable initially deferred for each row execute function bump_data_version();
