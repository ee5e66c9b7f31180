/** The seamless wallet's shapes: its answers, its calls' inputs and what its database functions answer. */
import type { Cents } from '@casino/contracts';
import type { TBetEventKind } from '../bets/index.ts';
import type { TBalances } from '../ledger/index.ts';
import type { TWalletSession } from './sessions.ts';

export interface TWalletAnswer {
  /** The provider's transaction id (absent for balance). */
  transaction_id?: string;
  balance: number;
  currency: string;
  mode: 'real' | 'demo';
  /** True when this repeats an earlier request: nothing moved now. */
  replayed?: boolean;
}

export interface TBetInput {
  session: string;
  transactionId: string;
  roundId: string;
  amount: Cents;
}
export interface TWinInput extends TBetInput {
  /** The round ends with this win (default true). */
  roundClosed?: boolean;
}
export interface TRollbackInput {
  session: string;
  transactionId: string;
  /** The bet to cancel. */
  referenceTransactionId: string;
  roundId?: string;
}

export type TKind = 'bet' | 'win' | 'rollback';

export interface TCallInput {
  session: string;
  transactionId: string;
  roundId: string;
  amount: Cents;
  reference: string | null;
  roundClosed: boolean;
}

/** What wallet_open answers: the session and player, and the first answer when the id was seen. */
export interface TOpened {
  player_id: unknown;
  provider: string;
  game: string;
  mode: TWalletSession['mode'];
  expires_at: string;
  currency: string;
  status: string;
  response: TWalletAnswer | null;
}

/** What wallet_apply / wallet_call answer (migrations/0215: what a bet consequence needs, too). */
export interface TApplied {
  response: TWalletAnswer;
  replayed?: boolean;
  moved?: boolean;
  player_id?: unknown;
  currency?: string;
  provider?: string;
  game?: string;
  mode?: TWalletSession['mode'];
  /** Minor units moved, as text. */
  amount?: string;
  round_id?: string;
  balances?: Record<keyof TBalances, string>;
}

/** A movement as the bet pipeline's consequences see it. */
export interface TMovement {
  kind: TBetEventKind;
  playerId: number;
  provider: string;
  game: string;
  mode: TWalletSession['mode'];
  roundId: string;
  transactionId: string;
  referenceId: string | null;
  amount: Cents;
}
