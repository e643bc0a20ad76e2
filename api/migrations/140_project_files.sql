-- Files on a project (issue 34, item 2). The bytes live in Supabase Storage (a private bucket) under
-- storage_path; this row says whose they are. A row is 'pending' from the moment an upload is announced (its size
-- counts against the project's quota at once, so two uploads at the same time cannot both pass it) until the API
-- has seen the object arrive with the announced size and type; pending rows whose time ran out are removed with
-- their object (features/files/file-sweep.ts), so nothing stays half-written.
create table project_files (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects (id) on delete cascade,
  uploaded_by uuid not null,
  uploader_role text not null check (uploader_role in ('ADMIN', 'CLIENT')),
  name text not null check (length(name) between 1 and 200),
  content_type text not null,
  size_bytes bigint not null check (size_bytes > 0),
  storage_path text not null unique,
  status text not null default 'pending' check (status in ('pending', 'ready')),
  deliverable boolean not null default false,
  created_at timestamptz not null default now(),
  upload_expires_at timestamptz not null
);
create index project_files_project_idx on project_files (project_id, created_at desc);
create index project_files_pending_idx on project_files (upload_expires_at) where status = 'pending';
