/**
 * Where a round's money moves. A player's rounds go through the seamless wallet (modules/wallet): real mode on
 * the main account and the active casino bonus (modules/bonuses), demo on the fun account. A visitor (demo only) has no ledger accounts: their play money is
 * a row of play_visitor_wallets that can never go below zero, each movement applied once by its id.
 */
import { type Cents, toCents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { getBalances } from '../../ledger/balances.ts';
import { refusalAsAppError } from '../../responsible-gaming/guards.ts';
import { DEMO_FUNDS, grantDemoFunds, type TWalletMode } from '../../wallet/sessions.ts';
import { maxBetAsAppError, WalletError } from '../../wallet/wallet-error.ts';
import { walletService } from '../../wallet/wallet-service.ts';
import type { TOwner } from './owner.ts';
import { extendWalletToken, forgetWalletToken, walletToken } from './wallet-token.ts';

export type TMode = TWalletMode;

/** Not enough money for the stake: the site opens the deposit dialog (demo: offers a play-money refill). */
export class NotEnoughMoney extends Error {
  constructor() {
    super('not enough money');
  }
}

export interface TPurse {
  currency: string;
  /** Takes a stake; throws NotEnoughMoney. Answers the balance after. */
  bet(roundId: string, transactionId: string, amount: Cents): Promise<Cents>;
  /** Credits a win (0 closes the round without moving money). */
  win(roundId: string, transactionId: string, amount: Cents): Promise<Cents>;
  /** Returns a stake taken by `bet`. */
  rollback(roundId: string, transactionId: string, betTransactionId: string): Promise<Cents>;
  balance(): Promise<Cents>;
}

type TPurseCtx = Pick<TAppContext, 'db' | 'bus' | 'providers' | 'bets'>;

/** A visitor's play money on first use, the same amount a player's fun account starts with. */
export const VISITOR_DEMO_FUNDS = DEMO_FUNDS;

const playerPurse = (
  ctx: TPurseCtx,
  owner: Extract<TOwner, { kind: 'player' }>,
  sysname: string,
  mode: TMode,
): TPurse => {
  const key = { playerId: owner.playerId, sysname, mode };
  const call = async (run: (session: string) => Promise<{ balance: number }>) => {
    let token = await walletToken(ctx, key);
    try {
      return toCents((await run(token)).balance);
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      if (error.code === 'INSUFFICIENT_FUNDS') throw new NotEnoughMoney();
      if (error.code === 'PLAYER_BLOCKED') throw refusalAsAppError(error);
      if (error.code === 'BONUS_MAX_BET') throw maxBetAsAppError(error);
      if (error.code !== 'SESSION_EXPIRED' && error.code !== 'SESSION_NOT_FOUND') throw error;
      await forgetWalletToken(ctx, key, token);
      token = await walletToken(ctx, key);
      return toCents((await run(token)).balance);
    }
  };
  return {
    currency: owner.currency,
    bet: async (roundId, transactionId, amount) => {
      let used = '';
      const balance = await call((session) => {
        used = session;
        return walletService.bet(ctx, { session, roundId, transactionId, amount });
      });
      await extendWalletToken(ctx, key, used);
      return balance;
    },
    win: (roundId, transactionId, amount) =>
      call((session) => walletService.win(ctx, { session, roundId, transactionId, amount })),
    rollback: (roundId, transactionId, betTransactionId) =>
      call((session) =>
        walletService.rollback(ctx, {
          session,
          roundId,
          transactionId,
          referenceTransactionId: betTransactionId,
        }),
      ),
    balance: async () => {
      if (mode === 'demo') await grantDemoFunds(ctx, owner.playerId);
      const balances = await getBalances(ctx.db, owner.playerId);
      // What the player can stake: real money and the casino bonus (the wallet answers the same).
      return mode === 'demo' ? balances.fun : balances.main + balances.bonus;
    },
  };
};

const visitorPurse = (ctx: TPurseCtx, visitor: string): TPurse => {
  const ensure = async () => {
    const now = ctx.providers.clock.now();
    await ctx.db.execute(sql`
      insert into play_visitor_wallets (visitor, balance, created_at, updated_at)
      values (${visitor}, ${VISITOR_DEMO_FUNDS}, ${now}, ${now}) on conflict (visitor) do nothing`);
  };
  const read = async (): Promise<Cents> => {
    await ensure();
    const [row] = await queryRows<{ balance: unknown }>(
      ctx.db,
      sql`select balance from play_visitor_wallets where visitor = ${visitor}`,
    );
    return BigInt(String(row?.balance ?? 0));
  };
  const move = async (
    kind: 'bet' | 'win' | 'rollback',
    transactionId: string,
    amount: Cents,
    reference: string | null,
  ) => {
    await ensure();
    const now = ctx.providers.clock.now();
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from play_visitor_wallets where visitor = ${visitor} for update`);
      const [done] = await queryRows(
        tx,
        sql`select 1 from play_visitor_moves where transaction_id = ${transactionId}`,
      );
      if (done) return;
      let delta = kind === 'bet' ? -amount : amount;
      if (kind === 'rollback') {
        const [target] = await queryRows<{ amount: unknown }>(
          tx,
          sql`select amount from play_visitor_moves where transaction_id = ${reference} and kind = 'bet' and visitor = ${visitor}`,
        );
        delta = target ? BigInt(String(target.amount)) : 0n;
      }
      const updated = await queryRows(
        tx,
        sql`update play_visitor_wallets set balance = balance + ${delta}, updated_at = ${now}
            where visitor = ${visitor} and balance + ${delta} >= 0 returning balance`,
      );
      if (updated.length === 0) throw new NotEnoughMoney();
      await tx.execute(sql`
        insert into play_visitor_moves (transaction_id, visitor, kind, amount, reference, created_at)
        values (${transactionId}, ${visitor}, ${kind}, ${delta < 0n ? -delta : delta}, ${reference}, ${now})`);
    });
    return read();
  };
  return {
    currency: 'USD',
    bet: (_roundId, transactionId, amount) => move('bet', transactionId, amount, null),
    win: (_roundId, transactionId, amount) => move('win', transactionId, amount, null),
    rollback: (_roundId, transactionId, betTransactionId) =>
      move('rollback', transactionId, 0n, betTransactionId),
    balance: read,
  };
};

export const purseOf = (ctx: TPurseCtx, owner: TOwner, sysname: string, mode: TMode): TPurse => {
  if (owner.kind === 'player') return playerPurse(ctx, owner, sysname, mode);
  if (mode === 'real') throw new AppError('AuthorizationException');
  return visitorPurse(ctx, owner.visitor);
};
