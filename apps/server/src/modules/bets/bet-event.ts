/** One movement of a bet's money, as every consequence of the bet pipeline sees it. */
import type { Cents } from '@casino/contracts';

export type TBetEventKind = 'bet' | 'win' | 'rollback';

export interface TBetEvent {
  kind: TBetEventKind;
  playerId: number;
  mode: 'real' | 'demo';
  /** Who runs the game: 'inhouse' for ours, else the seamless-wallet provider's name. */
  provider: string;
  /** The game's sysname. */
  game: string;
  /** The game's kind in the catalogue (slot, casino, fast, …); 'unknown' when the catalogue does not list it. */
  gameKind: string;
  roundId: string;
  /** The provider's transaction id: unique per provider, so a consequence keyed on it applies once. */
  transactionId: string;
  /** A rollback: the bet it cancels. */
  referenceId: string | null;
  /** Minor units moved: the stake, the win, or the stake a rollback returned (0 when nothing moved). */
  amount: Cents;
  at: Date;
}

/** The columns of the `bet_events` relation a consequence's statement reads. */
export const BET_EVENT_COLUMNS = `kind text, player_id bigint, mode text, provider text, game text, game_kind text,
  round_id text, transaction_id text, reference_id text, amount bigint, at timestamptz`;

/** The events as the JSON array that `json_to_recordset` turns into `bet_events` (bigints as text: exact). */
export const betEventsJson = (events: readonly TBetEvent[]) =>
  JSON.stringify(
    events.map((e) => ({
      kind: e.kind,
      player_id: e.playerId,
      mode: e.mode,
      provider: e.provider,
      game: e.game,
      game_kind: e.gameKind,
      round_id: e.roundId,
      transaction_id: e.transactionId,
      reference_id: e.referenceId,
      amount: e.amount.toString(),
      at: e.at.toISOString(),
    })),
  );
