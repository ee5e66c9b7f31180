-- Files every instance shares when no object storage is configured (platform/file-store.ts, docs/decisions/063):
-- KYC documents under kyc/…, the operator's content images under content-images/…, by key.
create table stored_files (
  key text primary key check (
    length(key) <= 512 and key ~ '^[A-Za-z0-9][A-Za-z0-9_./-]*$' and key !~ '(^|/)\.{0,2}(/|$)'
  ),
  content_type text not null default 'application/octet-stream',
  size integer not null check (size >= 0),
  data bytea not null,
  created_at timestamptz not null default now()
);
