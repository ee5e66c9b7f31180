/**
 * The player's round record of a bet on a shared table (live roulette, crash): it points at the table's round and
 * carries that round's seed hash, client seed (the table) and nonce (the round number), not the player's own pair.
 */
import { encodeGameJson } from '@casino/games';
import { sqlInteger, sqlText, sqlTime } from '../../../platform/db/sql-literal.ts';
import type { TPlayableGame } from '../play/game-lookup.ts';
import type { TMode } from '../play/game-wallet.ts';
import type { TOwner } from '../play/owner.ts';

export type TTableRound = { id: string; server_seed_hash: string; client_seed: string; seq: unknown };

/** The insert of the bet's round row, values inlined, answering the stored row (read it with toRound). */
export const tableBetRoundText = (bet: {
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
}) => {
  const { roundId, owner, game, mode, table, now } = bet;
  return `insert into play_rounds (id, player_id, visitor, sysname, game, engine_params, mode, live_round_id,
      server_seed_hash, client_seed, nonce, actions, state, outcome, status, staked, win, currency,
      created_at, updated_at)
    values (${sqlText(roundId)}, ${owner.kind === 'player' ? sqlInteger(owner.playerId) : 'null'},
      ${sqlText(owner.kind === 'visitor' ? owner.visitor : null)}, ${sqlText(game.sysname)}, ${sqlText(game.engine)},
      ${sqlText(JSON.stringify(game.engineParams))}::jsonb, ${sqlText(mode)}, ${sqlText(table.id)},
      ${sqlText(table.server_seed_hash)}, ${sqlText(table.client_seed)}, ${sqlInteger(Number(table.seq))},
      ${sqlText(encodeGameJson([bet.action]))}, ${sqlText(bet.state)}, ${sqlText(encodeGameJson(bet.outcome))}, 'open', ${sqlInteger(bet.staked)}, 0, ${sqlText(owner.currency)},
      ${sqlTime(now)}, ${sqlTime(now)})
    returning *`;
};
