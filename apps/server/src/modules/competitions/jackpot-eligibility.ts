/**
 * Which jackpots a game's stakes feed, per jackpot, and the back-office's switch for it (docs/decisions/027). A stake
 * feeds a jackpot when the jackpot names no games or names this one, names no kinds or this game's kind, and does not
 * exclude the game (jackpots.excluded_games, migrations/0942: jackpot_apply reads all three). Switching a game off
 * excludes it; switching it on lifts the exclusion and, for a jackpot that names its games, adds it to them. A
 * jackpot that takes other kinds only cannot be switched on from here (its kinds are the jackpot's own form).
 */
import { sql } from 'drizzle-orm';
import type { TChangeAudit } from '../../platform/change-audit.ts';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { forgetJackpotRules, JACKPOTS_CHANGED } from './jackpot-rules.ts';

export interface TGameJackpot {
  id: number;
  name: string;
  currency: string;
  state: string;
  eligible: boolean;
  /** Why: all games, named, excluded, not named, or another kind. */
  reason: 'all' | 'named' | 'excluded' | 'not_named' | 'kind';
}

interface TJackpotScope {
  id: number;
  name: Record<string, string> | null;
  currency: string;
  state: string;
  games: string[];
  game_kinds: string[];
  excluded_games: string[];
}

const scopes = (db: TExecutor, id?: number, lock = false) =>
  queryRows<TJackpotScope>(
    db,
    sql`select id::int as id, name, currency, state, to_jsonb(games) as games, to_jsonb(game_kinds) as game_kinds,
          to_jsonb(excluded_games) as excluded_games
        from jackpots ${id === undefined ? sql`` : sql`where id = ${id}`} order by id
        ${lock ? sql`for update` : sql``}`,
  );

const reasonOf = (j: TJackpotScope, game: string, kind: string): TGameJackpot['reason'] => {
  if (j.excluded_games.includes(game)) return 'excluded';
  if (j.game_kinds.length > 0 && !j.game_kinds.includes(kind)) return 'kind';
  if (j.games.length === 0) return 'all';
  return j.games.includes(game) ? 'named' : 'not_named';
};

/** Every jackpot and whether the game's stakes feed it. */
export const jackpotsOfGame = async (db: TExecutor, game: string, kind: string): Promise<TGameJackpot[]> =>
  (await scopes(db)).map((j) => {
    const reason = reasonOf(j, game, kind);
    return {
      id: j.id,
      name: j.name?.en ?? Object.values(j.name ?? {})[0] ?? `#${j.id}`,
      currency: j.currency,
      state: j.state,
      eligible: reason === 'all' || reason === 'named',
      reason,
    };
  });

/** Switches a game on or off for a jackpot; answers false when it already was so (nothing recorded). */
export const setJackpotEligibility = async (
  ctx: TAppContext,
  input: { jackpotId: number; game: string; kind: string; eligible: boolean },
  audit: TChangeAudit,
) => {
  const changed = await ctx.db.transaction(async (tx) => {
    const [j] = await scopes(tx, input.jackpotId, true);
    if (!j) throw invalidParameters({ jackpot: 'notFound' });
    const reason = reasonOf(j, input.game, input.kind);
    const was = reason === 'all' || reason === 'named';
    if (was === input.eligible) return false;
    if (input.eligible && reason === 'kind') throw invalidParameters({ jackpot: 'otherKinds' });
    const excluded = input.eligible
      ? j.excluded_games.filter((g) => g !== input.game)
      : [...j.excluded_games, input.game];
    const games =
      input.eligible && j.games.length > 0 && !j.games.includes(input.game)
        ? [...j.games, input.game]
        : j.games;
    await tx.execute(
      sql`update jackpots set excluded_games = array(select jsonb_array_elements_text(${JSON.stringify(excluded)}::jsonb)),
            games = array(select jsonb_array_elements_text(${JSON.stringify(games)}::jsonb))
          where id = ${j.id}`,
    );
    await audit(tx, {
      action: input.eligible ? 'games.jackpot_on' : 'games.jackpot_off',
      target: { type: 'game', id: input.game },
      before: { jackpot_id: j.id, eligible: was, games: j.games, excluded_games: j.excluded_games },
      after: { jackpot_id: j.id, eligible: input.eligible, games, excluded_games: excluded },
    });
    return true;
  });
  // The bet path's copy of the jackpots (jackpot-rules.ts) is dropped here and, over the bus, on every instance.
  if (changed) {
    forgetJackpotRules();
    await ctx.bus.publish(JACKPOTS_CHANGED, {});
  }
  return changed;
};
