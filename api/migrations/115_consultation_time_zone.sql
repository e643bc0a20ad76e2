-- A consultation's preferred date and time are the sender's wall clock: record their IANA time zone so the admin's
-- queue card can say when that is (features/consultations/routes.ts). Requests made before have none. The queue
-- card reads a project's request by project_id.
alter table consultation_requests add column preferred_time_zone text;
create index consultation_requests_project_idx on consultation_requests (project_id);
