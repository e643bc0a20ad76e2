-- Lists are paged by insertion order (keyset on created_seq), per client or for the admin.
create index projects_created_seq_idx on projects (created_seq);
create index projects_client_created_seq_idx on projects (client_id, created_seq);
create index tickets_project_created_seq_idx on tickets (project_id, created_seq);
