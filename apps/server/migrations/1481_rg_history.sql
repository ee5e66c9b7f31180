-- Responsible gaming's history for staff (issue 40, docs/decisions/064-backoffice-controls.md): every change a
-- player makes to a limit (deposit, loss, session) or to the reality check, as asked and as it took effect (at once
-- when stricter, after the 24-hour cooling-off when looser). Time-outs and self-exclusions keep their own rows in
-- rg_exclusions. Append-only; the back-office reads it through the responsible-gaming module.
create table rg_history (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  kind text not null check (kind in ('deposit_limit', 'loss_limit', 'session_limit', 'reality_check')),
  -- What the player asked for ({ period_days, amount } or { minutes }) and what is in force / pending after it.
  detail jsonb not null,
  at timestamptz not null
);
create index rg_history_player on rg_history (player_id, at desc);
