-- TRUNCATE fires no row trigger: it moves the data version too (statement trigger; TRUNCATE holds an exclusive lock
-- on the table anyway). What still bypasses the version, so replicas keep serving lists from before until the next
-- change: session_replication_role = replica (pg_restore --disable-triggers, logical replication) and DISABLE
-- TRIGGER. After such maintenance run `update data_version set version = version + 1`.
--
-- Limits of migration 109's design, for whoever changes the schema: every write transaction on these tables
-- takes the data_version row at commit, so those commits queue one behind the other (fine for this product's
-- write rate); a deferrable constraint made IMMEDIATE (SET CONSTRAINTS) would take it mid-transaction and could
-- deadlock, so keep other deferred triggers off these tables; writers at REPEATABLE READ or SERIALIZABLE get
-- serialization failures when another writer bumped first, so write at READ COMMITTED (the API does).
create trigger projects_data_version_truncate after truncate on projects
  for each statement execute function bump_data_version();
create trigger subscriptions_data_version_truncate after truncate on subscriptions
  for each statement execute function bump_data_version();
create trigger tickets_data_version_truncate after truncate on tickets
  for each statement execute function bump_data_version();
create trigger profiles_data_version_truncate after truncate on profiles
  for each statement execute function bump_data_version();
create trigger user_roles_data_version_truncate after truncate on user_roles
  for each statement execute function bump_data_version();
