-- The one-column checks of the tables every bet writes, as domains (issues 11, 14 and 15; docs/decisions/042).
--
-- PostgreSQL prepares a table's check constraints again in every statement that inserts or updates a row of it:
-- it reads each constraint's stored expression back from text, simplifies it and compiles it, and an UPDATE does
-- so for every check of the table, whatever columns it sets. A domain's checks are kept parsed by the backend, and
-- an UPDATE checks only the columns it sets. A probe (one backend, a transaction per statement):
-- - `update player_bonuses set wagered = wagered + 1` (the wagering of every bet with an active bonus): 78-91 µs
--   with its twelve checks, 22-24 µs with none, 21-24 µs with them as domains;
-- - an insert of two wallet_transactions rows: 57-72 µs with its five checks, 39-61 µs with them as domains.
-- perf of PostgreSQL under bench:games gave ExecConstraints 8 % of the backends' CPU, more than half of it reading
-- the expressions back from text.
--
-- Each domain says exactly what its check said, so every value allowed before is allowed now and every value
-- refused before is refused now (NULL passes both). Checks of several columns stay table checks. A check now fails
-- with the domain's constraint name (`value for domain bonus_status violates check constraint
-- "bonus_status_check"`); no code reads these names. A new value of an enumeration is added with `alter domain`.

create domain bigint_nonneg as bigint check (value >= 0);
create domain bigint_positive as bigint check (value > 0);
create domain int_nonneg as integer check (value >= 0);
create domain int_positive as integer check (value >= 1);
create domain bonus_min_odds as integer check (value >= 1000);
create domain play_mode as text check (value in ('real', 'demo'));
create domain game_round_status as text check (value in ('open', 'closed', 'rolled_back'));
create domain play_round_status as text check (value in ('open', 'finished', 'rolled_back'));
create domain wallet_transaction_status as text check (value in ('ok', 'rolled_back'));
create domain wallet_transaction_type as text check (value in ('bet', 'win', 'rollback'));
create domain seed_pair_status as text check (value in ('active', 'revealed'));
create domain server_seed_hex as text check (value ~ '^[0-9a-f]{64}$');
create domain bonus_status as text
  check (value in ('available', 'active', 'completed', 'forfeited', 'expired', 'cancelled'));
create domain bonus_type as text check (value in ('casino', 'betting'));
create domain bonus_source as text
  check (value in ('deposit_offer', 'offer', 'promo_code', 'cashback', 'freespins', 'loyalty', 'tournament',
                   'operator'));
create domain sb_bet_status as text check (value in ('open', 'won', 'lost', 'void', 'cashed_out', 'cancelled'));
create domain sb_bet_type as text check (value in ('single', 'combo', 'system'));
create domain loyalty_entry_kind as text check (value in ('bet', 'rollback', 'purchase', 'reward', 'adjustment'));

alter table player_bonuses
  drop constraint player_bonuses_amount_check,
  drop constraint player_bonuses_converted_check,
  drop constraint player_bonuses_lost_check,
  drop constraint player_bonuses_max_bet_check,
  drop constraint player_bonuses_max_conversion_check,
  drop constraint player_bonuses_min_odds_check,
  drop constraint player_bonuses_source_check,
  drop constraint player_bonuses_stash_check,
  drop constraint player_bonuses_status_check,
  drop constraint player_bonuses_type_check,
  drop constraint player_bonuses_wager_requirement_check,
  drop constraint player_bonuses_wagered_check,
  alter column amount type bigint_positive,
  alter column converted type bigint_nonneg,
  alter column lost type bigint_nonneg,
  alter column max_bet type bigint_positive,
  alter column max_conversion type bigint_nonneg,
  alter column min_odds type bonus_min_odds,
  alter column source type bonus_source,
  alter column stash type bigint_nonneg,
  alter column status type bonus_status,
  alter column type type bonus_type,
  alter column wager_requirement type bigint_nonneg,
  alter column wagered type bigint_nonneg;

alter table wallet_transactions
  drop constraint wallet_transactions_amount_check,
  drop constraint wallet_transactions_bonus_amount_check,
  drop constraint wallet_transactions_bonus_wagered_check,
  drop constraint wallet_transactions_status_check,
  drop constraint wallet_transactions_type_check,
  alter column amount type bigint_nonneg,
  alter column bonus_amount type bigint_nonneg,
  alter column bonus_wagered type bigint_nonneg,
  alter column status type wallet_transaction_status,
  alter column type type wallet_transaction_type;

alter table game_rounds
  drop constraint game_rounds_bet_total_check,
  drop constraint game_rounds_bonus_bet_total_check,
  drop constraint game_rounds_mode_check,
  drop constraint game_rounds_status_check,
  drop constraint game_rounds_win_total_check,
  alter column bet_total type bigint_nonneg,
  alter column bonus_bet_total type bigint_nonneg,
  alter column mode type play_mode,
  alter column status type game_round_status,
  alter column win_total type bigint_nonneg;

alter table play_rounds
  drop constraint play_rounds_mode_check,
  drop constraint play_rounds_staked_check,
  drop constraint play_rounds_status_check,
  drop constraint play_rounds_win_check,
  alter column mode type play_mode,
  alter column staked type bigint_nonneg,
  alter column status type play_round_status,
  alter column win type bigint_nonneg;

alter table fair_seed_pairs
  drop constraint fair_seed_pairs_nonce_check,
  drop constraint fair_seed_pairs_server_seed_check,
  drop constraint fair_seed_pairs_status_check,
  alter column nonce type int_nonneg,
  alter column server_seed type server_seed_hex,
  alter column status type seed_pair_status;

alter table wallet_sessions
  drop constraint wallet_sessions_mode_check,
  alter column mode type play_mode;

alter table sb_bets
  drop constraint sb_bets_lines_check,
  drop constraint sb_bets_stake_check,
  drop constraint sb_bets_status_check,
  drop constraint sb_bets_total_stake_check,
  drop constraint sb_bets_type_check,
  alter column lines type int_positive,
  alter column stake type bigint_positive,
  alter column status type sb_bet_status,
  alter column total_stake type bigint_positive,
  alter column type type sb_bet_type;

alter table loyalty_point_entries
  drop constraint loyalty_point_entries_kind_check,
  alter column kind type loyalty_entry_kind collate "C";

alter table loyalty_quest_progress
  drop constraint loyalty_quest_progress_value_check,
  alter column value type bigint_nonneg;
