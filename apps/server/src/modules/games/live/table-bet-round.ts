/**
 * The player's round record of a bet on a shared table (live roulette, crash): it points at the table's round and
 * carries that round's seed hash, client seed (the table) and nonce (the round number), not the player's own pair.
 */
import { encodeGameJson } from '@casino/games';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/database.ts';
import { queryRows } from '../../../platform/db/database.ts';
import type { TPlayableGame } from '../play/game-lookup.ts';
import type { TOwner } from '../play/owner.ts';
import type { TMode } from '../play/purse.ts';
import { toRound } from '../play/rounds.ts';

export type TTableRound = { id: string; server_seed_hash: string; client_seed: string; seq: unknown };

export const insertTableBetRound = async (
  tx: TExecutor,
  bet: {
    roundId: string;
    owner: TOwner;
    game: TPlayableGame;
    mode: TMode;
    table: TTableRound;
    action: unknown;
    /** The engine state already encoded (encodeGameJson), or null when the table keeps it. */
    state: string | null;
    outcome: unknown;
    staked: bigint;
    now: Date;
  },
) => {
  const { roundId, owner, game, mode, table, now } = bet;
  const [inserted] = await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into play_rounds (id, player_id, visitor, sysname, game, engine_params, mode, live_round_id,
          server_seed_hash, client_seed, nonce, actions, state, outcome, status, staked, win, currency,
          created_at, updated_at)
        values (${roundId}, ${owner.kind === 'player' ? owner.playerId : null},
          ${owner.kind === 'visitor' ? owner.visitor : null}, ${game.sysname}, ${game.engine},
          ${JSON.stringify(game.engineParams)}::jsonb, ${mode}, ${table.id}, ${table.server_seed_hash},
          ${table.client_seed}, ${Number(table.seq)}, ${encodeGameJson([bet.action])},
          ${bet.state}, ${encodeGameJson(bet.outcome)},
          'open', ${bet.staked}, 0, ${owner.currency}, ${now}, ${now})
        returning *`,
  );
  return toRound(inserted as Record<string, unknown>);
};
