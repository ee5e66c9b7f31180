/**
 * Where a deposit offer (makedeposit's campaign_offer_id) plugs into the cashier. The campaigns module registers
 * the handler (it is registered after the cashier and calls the cashier, not the reverse). Both steps run inside
 * the cashier's own transaction with the player's accounts locked, so offers on one player serialise.
 */
import type { Cents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/index.ts';

/** makedeposit's campaign_offer_id when no offer is chosen (spec §3). */
export const NO_OFFER = -1;

export interface TDepositOfferInput {
  tx: TExecutor;
  ctx: TAppContext;
  playerId: number;
  offerId: number;
  /** The payment method's sysname. */
  method: string;
  amount: Cents;
  /** The player's successful deposits, this one left out. */
  successfulDeposits: number;
  /** When the deposit was made: an offer taken inside its window keeps it even if the payment settles later. */
  depositedAt: Date;
}

export interface TDepositOfferHandler {
  /** makedeposit: throws InvalidParameterException on campaign_offer_id when the offer cannot be taken. */
  check(input: TDepositOfferInput): Promise<void>;
  /** The deposit is paid and main credited: re-checks the offer and grants its promotions (or not). */
  settle(input: TDepositOfferInput & { depositId: string }): Promise<void>;
}

let handler: TDepositOfferHandler | null = null;

/** Registers (or replaces) the handler; answers a function that removes it. */
export const registerDepositOfferHandler = (next: TDepositOfferHandler) => {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
};

export const checkDepositOffer = async (input: TDepositOfferInput) => {
  // With no campaigns there is no offer to take.
  if (!handler) throw invalidParameters({ campaign_offer_id: 'wrongField' });
  await handler.check(input);
};

export const settleDepositOffer = async (input: TDepositOfferInput & { depositId: string }) => {
  // An offer stored while campaigns ran but settling without them: the deposit is paid, no bonus.
  await handler?.settle(input);
};

/** How many deposits of the player were paid, one left out (the deposit being settled). */
export const countSuccessfulDeposits = async (db: TExecutor, playerId: number, excludingId = '') => {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from cashier_transactions
        where player_id = ${playerId} and type = 'deposit' and status = 'success' and id <> ${excludingId}`,
  );
  return Number(row?.n ?? 0);
};
