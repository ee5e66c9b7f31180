-- Identity verification (modules/verification): one applicant per player at a provider, the uploaded
-- documents (files live outside the web root; only their storage key is here). Operator decisions are audited
-- by the back-office's operator audit log.
create table kyc_applicants (
  player_id bigint primary key references players(id) on delete cascade,
  provider text not null,
  applicant_id text not null,
  status text not null default 'none' check (status in ('none', 'on_verification', 'verified', 'rejected')),
  reason text,
  submitted_at timestamptz,
  reviewed_at timestamptz,
  reviewed_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, applicant_id)
);
create index kyc_applicants_queue on kyc_applicants (status, submitted_at);

create table kyc_documents (
  id text primary key,
  player_id bigint not null references players(id) on delete cascade,
  kind text not null check (kind in ('id_front', 'id_back', 'selfie', 'proof_of_address')),
  filename text not null,
  mimetype text not null,
  size integer not null check (size > 0),
  storage_key text not null,
  sha256 text not null,
  -- A newer upload of the same kind replaces this one (kept for the audit trail, no longer shown).
  replaced_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index kyc_documents_current on kyc_documents (player_id, kind) where replaced_at is null;
