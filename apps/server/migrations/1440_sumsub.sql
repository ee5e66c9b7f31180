-- Sumsub as the identity-verification provider (modules/verification/sumsub, docs/decisions/061-sumsub.md).
-- A rejection says whether the player may send new documents (RED + RETRY: 'retry'; the operator's own
-- rejection is one too) or not (RED + FINAL: 'final'); provider_event_at is the time of the newest provider
-- decision applied, so a webhook Sumsub resends late cannot undo a newer one.
alter table kyc_applicants add column reject_type text check (reject_type in ('final', 'retry'));
alter table kyc_applicants add column provider_event_at timestamptz;

-- Every webhook received, once: a replay (the same body, which Sumsub resends until we answer 200) is
-- recognised by its SHA-256 and changes nothing.
create table kyc_webhook_events (
  provider text not null,
  body_sha256 text not null,
  type text not null,
  applicant_id text,
  player_id bigint references players(id) on delete set null,
  -- What the event did: applied, stale (older than the decision applied), unknown_applicant, ignored.
  outcome text not null,
  event_at timestamptz,
  received_at timestamptz not null default now(),
  primary key (provider, body_sha256)
);
create index kyc_webhook_events_player on kyc_webhook_events (player_id, received_at);
