-- Lists are newest first. created_at alone cannot say which of two rows came first: the embedded database's
-- clock has millisecond resolution, so projects created within one millisecond tied and came back in
-- (random) id order. An identity column records the order rows were inserted in.
alter table projects add column created_seq bigint generated always as identity;
alter table tickets add column created_seq bigint generated always as identity;
