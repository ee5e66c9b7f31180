/**
 * The checks that migrations 1055 and 1056 moved from tables to domains (docs/decisions/042) still refuse what the
 * tables' checks refused and allow what they allowed, and every column they covered is of its domain.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const query = <T extends Record<string, unknown>>(text: string) =>
  t.app.ctx.database.rawTransaction((raw) => raw.query<T>(text));

/** Each domain with values its check allows and refuses (NULL passes, as it passed the table checks). */
const DOMAINS: [domain: string, allowed: string[], refused: string[]][] = [
  ['bigint_nonneg', ['0', '5', 'null'], ['-1']],
  ['bigint_positive', ['1', 'null'], ['0', '-3']],
  ['int_nonneg', ['0', '7'], ['-1']],
  ['int_positive', ['1'], ['0']],
  ['bonus_min_odds', ['1000', '2500'], ['999']],
  ['ledger_balance', ['0', 'null'], ['-1']],
  ['play_mode', ["'real'", "'demo'"], ["'fun'", "''"]],
  ['game_round_status', ["'open'", "'closed'", "'rolled_back'"], ["'finished'"]],
  ['play_round_status', ["'open'", "'finished'", "'rolled_back'"], ["'closed'"]],
  ['wallet_transaction_status', ["'ok'", "'rolled_back'"], ["'open'"]],
  ['wallet_transaction_type', ["'bet'", "'win'", "'rollback'"], ["'refund'"]],
  ['seed_pair_status', ["'active'", "'revealed'"], ["'expired'"]],
  ['server_seed_hex', [`'${'ab'.repeat(32)}'`], [`'${'AB'.repeat(32)}'`, "'abc'"]],
  [
    'bonus_status',
    ["'available'", "'active'", "'completed'", "'forfeited'", "'expired'", "'cancelled'"],
    ["'open'"],
  ],
  ['bonus_type', ["'casino'", "'betting'"], ["'sports'"]],
  ['bonus_source', ["'deposit_offer'", "'promo_code'", "'operator'"], ["'gift'"]],
  ['sb_bet_status', ["'open'", "'won'", "'cashed_out'"], ["'settled'"]],
  ['sb_bet_type', ["'single'", "'combo'", "'system'"], ["'accumulator'"]],
  ['loyalty_entry_kind', ["'bet'", "'adjustment'"], ["'win'"]],
  // A pool part's sub-cent rest, in ten-thousandths of a cent: a whole cent or more belongs on the ledger.
  ['jackpot_carry', ['0', '9999'], ['-1', '10000']],
];

it.each(DOMAINS)(
  '%s allows what its check allowed and refuses the rest',
  async (domain, allowed, refused) => {
    for (const value of allowed)
      await expect(query(`select (${value})::${domain} as v`)).resolves.toBeDefined();
    for (const value of refused)
      await expect(query(`select (${value})::${domain} as v`)).rejects.toThrow(/violates check constraint/);
  },
);

it('every column whose check moved is of its domain, and no table check is left behind', async () => {
  const rows = await query<{ table_name: string; column_name: string; domain_name: string }>(
    // Tables only: an owner's view over a table (players_summary_v...) shows the table's domains again.
    `select c.table_name, c.column_name, c.domain_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.domain_name is not null and t.table_type = 'BASE TABLE'
      order by c.table_name, c.column_name`,
  );
  expect(rows.map((r) => `${r.table_name}.${r.column_name}: ${r.domain_name}`)).toEqual([
    'fair_seed_pairs.nonce: int_nonneg',
    'fair_seed_pairs.server_seed: server_seed_hex',
    'fair_seed_pairs.status: seed_pair_status',
    'game_rounds.bet_total: bigint_nonneg',
    'game_rounds.bonus_bet_total: bigint_nonneg',
    'game_rounds.mode: play_mode',
    'game_rounds.status: game_round_status',
    'game_rounds.win_total: bigint_nonneg',
    'jackpot_pool_parts.carry: jackpot_carry',
    'ledger_accounts.balance: ledger_balance',
    'loyalty_point_entries.kind: loyalty_entry_kind',
    'loyalty_quest_progress.value: bigint_nonneg',
    'play_rounds.mode: play_mode',
    'play_rounds.staked: bigint_nonneg',
    'play_rounds.status: play_round_status',
    'play_rounds.win: bigint_nonneg',
    'player_bonuses.amount: bigint_positive',
    'player_bonuses.converted: bigint_nonneg',
    'player_bonuses.lost: bigint_nonneg',
    'player_bonuses.max_bet: bigint_positive',
    'player_bonuses.max_conversion: bigint_nonneg',
    'player_bonuses.min_odds: bonus_min_odds',
    'player_bonuses.source: bonus_source',
    'player_bonuses.stash: bigint_nonneg',
    'player_bonuses.status: bonus_status',
    'player_bonuses.type: bonus_type',
    'player_bonuses.wager_requirement: bigint_nonneg',
    'player_bonuses.wagered: bigint_nonneg',
    'sb_bets.lines: int_positive',
    'sb_bets.stake: bigint_positive',
    'sb_bets.status: sb_bet_status',
    'sb_bets.total_stake: bigint_positive',
    'sb_bets.type: sb_bet_type',
    'wallet_sessions.mode: play_mode',
    'wallet_transactions.amount: bigint_nonneg',
    'wallet_transactions.bonus_amount: bigint_nonneg',
    'wallet_transactions.bonus_wagered: bigint_nonneg',
    'wallet_transactions.status: wallet_transaction_status',
    'wallet_transactions.type: wallet_transaction_type',
  ]);
  const checks = await query<{ table: string; name: string }>(
    `select conrelid::regclass::text as table, conname as name from pg_constraint
      where contype = 'c' and conrelid::regclass::text in ('player_bonuses', 'wallet_transactions', 'game_rounds',
        'play_rounds', 'fair_seed_pairs', 'wallet_sessions', 'sb_bets', 'loyalty_point_entries',
        'loyalty_quest_progress', 'ledger_accounts')
      order by 1, 2`,
  );
  // Only the checks of several columns stay on the tables.
  expect(checks.map((c) => `${c.table}.${c.name}`)).toEqual([
    'fair_seed_pairs.fair_seed_pairs_check',
    'ledger_accounts.ledger_accounts_balance_owner',
    'play_rounds.play_rounds_check',
    'play_rounds.play_rounds_check1',
  ]);
});
