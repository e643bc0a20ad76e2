-- Issue 34: a message (or a ticket comment) may carry files uploaded to its project (migration 140). The file is
-- stored once; a message only points at it, in the order it was attached. Deleting the file (its uploader's
-- right) takes it off the messages too.
create table message_attachments (
  message_id uuid not null references messages (id) on delete cascade,
  file_id uuid not null references project_files (id) on delete cascade,
  position smallint not null,
  primary key (message_id, file_id)
);
create index message_attachments_file_idx on message_attachments (file_id);
