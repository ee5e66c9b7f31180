-- KYC history (issue 40, docs/decisions/064-backoffice-controls.md): an operator decides each document (accepted,
-- or rejected with a reason) as well as the whole set, and every decision is kept per player, append-only, for
-- the case's history. A document's current decision is on its row; a newer upload of the same kind starts undecided.
alter table kyc_documents add column decision text check (decision in ('accepted', 'rejected'));
alter table kyc_documents add column decision_reason text;
alter table kyc_documents add column decided_by text;
alter table kyc_documents add column decided_at timestamptz;

create table kyc_decisions (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  -- null: the whole set (verified or rejected); else one document.
  document_id text references kyc_documents(id) on delete set null,
  document_kind text,
  decision text not null check (decision in ('accepted', 'rejected', 'verified')),
  reason text,
  operator text not null,
  at timestamptz not null
);
create index kyc_decisions_player on kyc_decisions (player_id, at desc);
-- The queue's decided tabs, newest decision first.
create index if not exists kyc_applicants_reviewed on kyc_applicants (status, reviewed_at desc);
