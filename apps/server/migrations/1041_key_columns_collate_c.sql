alter table ledger_transactions alter column idempotency_key type text collate "C",
  alter column reference type text collate "C";
alter table wallet_transactions alter column provider type text collate "C",
  alter column transaction_id type text collate "C", alter column round_id type text collate "C";
alter table game_rounds alter column provider type text collate "C", alter column round_id type text collate "C";
alter table loyalty_point_entries alter column kind type text collate "C",
  alter column reference type text collate "C";
alter table wallet_sessions alter column token type text collate "C";
alter table sb_bets alter column bet_uuid type text collate "C";
