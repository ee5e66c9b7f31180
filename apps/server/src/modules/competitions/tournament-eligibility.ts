/**
 * Which movements can score in a running tournament at all, judged in memory so that a batch none can (no open
 * tournament at the bet's time for its game or kind, a stake under every min_bet, a win where every tournament
 * scores stakes) leaves the tournament points' consequences out of the bet's statement. Conservative: the player's
 * country, currency and opt-in, a tournament's providers and a win's round stake are left to the SQL
 * (tournament-points.ts stays the judge), and without a current copy every movement may score. The open
 * tournaments are kept per database for TOURNAMENT_RULES_TTL_MS; createTournament and updateTournament drop the
 * copy in the process, TOURNAMENTS_CHANGED on the bus (published after the back-office's commit) on every instance.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import type { TBetEvent } from '../bets/index.ts';
import { configCopy } from './config-copy.ts';

/** Published after a committed creation or edit of a tournament; every instance drops its copy. */
export const TOURNAMENTS_CHANGED = 'competitions.tournaments_changed';
export const TOURNAMENT_RULES_TTL_MS = 10_000;

interface TTournamentRule {
  startsAt: number;
  endsAt: number;
  /** Stakes score (wagered, rounds) or wins do (won, multiplier). */
  scoresStakes: boolean;
  /** null: every game (kind). */
  games: Set<string> | null;
  kinds: Set<string> | null;
  minBet: bigint;
}

const setOf = (values: unknown) => {
  const list = (Array.isArray(values) ? values : []).map(String);
  return list.length === 0 ? null : new Set(list);
};

const rules = configCopy(async (db): Promise<TTournamentRule[]> => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select scoring, games, game_kinds, min_bet::text as min_bet, starts_at, ends_at
          from tournaments where state = 'open'`,
  );
  return rows.map((r) => ({
    startsAt: new Date(r.starts_at as string).getTime(),
    endsAt: new Date(r.ends_at as string).getTime(),
    scoresStakes: r.scoring === 'wagered' || r.scoring === 'rounds',
    games: setOf(r.games),
    kinds: setOf(r.game_kinds),
    minBet: BigInt(String(r.min_bet)),
  }));
}, TOURNAMENT_RULES_TTL_MS);

/** Every copy in this process is stale (a tournament was created or edited here). */
export const forgetTournamentRules = () => rules.forgetAll();
/** Drops this database's copy (the bus's TOURNAMENTS_CHANGED). */
export const forgetTournamentRulesOf = (db: TExecutor) => rules.forget(db);
export const refreshTournamentRules = (db: TExecutor) => rules.refresh(db);

/**
 * False only when no open tournament can score this movement: a real stake or rollback of at least its min_bet
 * (and 1) where stakes score, a real win above 0 where wins do, at a time inside it, on its games and kinds.
 * Without a current copy: true.
 */
export const mayScoreInTournament = (db: TExecutor, event: TBetEvent) => {
  if (event.mode !== 'real') return false;
  const current = rules.current(db);
  if (!current) return true;
  const at = event.at.getTime();
  const stake = event.kind === 'bet' || event.kind === 'rollback';
  return current.some(
    (rule) =>
      at >= rule.startsAt &&
      at < rule.endsAt &&
      (!rule.games || rule.games.has(event.game)) &&
      (!rule.kinds || rule.kinds.has(event.gameKind)) &&
      (rule.scoresStakes
        ? stake && event.amount >= (rule.minBet > 1n ? rule.minBet : 1n)
        : event.kind === 'win' && event.amount > 0n),
  );
};

/** False only when no open tournament scores wins (won, multiplier). Without a current copy: true. */
export const mayScoreWins = (db: TExecutor) => {
  const current = rules.current(db);
  return !current || current.some((rule) => !rule.scoresStakes);
};
