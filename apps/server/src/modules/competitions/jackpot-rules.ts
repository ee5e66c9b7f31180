/**
 * Which stakes can feed a jackpot at all, judged in memory so that a bet none can (no active jackpot for its game
 * or kind, or a stake under every min_bet) leaves the jackpot consequence out of the bet's statement. Every tier
 * takes its exact share of any stake, however small (migrations/1160). The judgement is conservative: it ignores the
 * player's currency, and while no copy is loaded every stake may feed one; jackpot_apply stays the judge of what is
 * posted. The active jackpots with tiers are kept per database for JACKPOT_RULES_TTL_MS; a change drops the
 * copy: createJackpot and updateJackpot here, and JACKPOTS_CHANGED on the bus (published after the back-office's
 * commit) on every instance.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import type { TBetEvent } from '../bets/index.ts';
import { configCopy } from './config-copy.ts';

/** Published after a committed change of jackpots or tiers; every instance drops its copy. */
export const JACKPOTS_CHANGED = 'competitions.jackpots_changed';
export const JACKPOT_RULES_TTL_MS = 10_000;

interface TJackpotRule {
  /** null: every game (kind). */
  games: Set<string> | null;
  kinds: Set<string> | null;
  minBet: bigint;
}

const setOf = (values: unknown) => {
  const list = (Array.isArray(values) ? values : []).map(String);
  return list.length === 0 ? null : new Set(list);
};

const rules = configCopy(async (db): Promise<TJackpotRule[]> => {
  const rows = await queryRows<{ games: unknown; game_kinds: unknown; min_bet: string }>(
    db,
    sql`select j.games, j.game_kinds, j.min_bet::text as min_bet
          from jackpots j
         where j.state = 'active' and exists (select 1 from jackpot_tiers t where t.jackpot_id = j.id)`,
  );
  return rows.map((r) => ({
    games: setOf(r.games),
    kinds: setOf(r.game_kinds),
    minBet: BigInt(r.min_bet),
  }));
}, JACKPOT_RULES_TTL_MS);

/** Drops every copy in this process (the next bet source's refresh reads the jackpots again). */
export const forgetJackpotRules = () => rules.forgetAll();

/** Reads the active jackpots again when the copy is older than the TTL or a change came after it. */
export const refreshJackpotRules = (db: TExecutor) => rules.refresh(db);

/**
 * False only when no active jackpot can take a share of this movement (jackpot_apply would post nothing for it):
 * a real stake or rollback of at least the jackpot's min_bet (and 1), on its games and kinds. Without a current
 * copy: true.
 */
export const mayFeedJackpot = (db: TExecutor, event: TBetEvent) => {
  if (event.mode !== 'real' || (event.kind !== 'bet' && event.kind !== 'rollback') || event.amount <= 0n)
    return false;
  const current = rules.current(db);
  if (!current) return true;
  const amount = event.amount;
  return current.some(
    (rule) =>
      amount >= (rule.minBet > 1n ? rule.minBet : 1n) &&
      (!rule.games || rule.games.has(event.game)) &&
      (!rule.kinds || rule.kinds.has(event.gameKind)),
  );
};

/** Drops the copy of this database's jackpots (the bus's JACKPOTS_CHANGED). */
export const forgetJackpotRulesOf = (db: TExecutor) => rules.forget(db);
