/**
 * Where a round's money moves. A player's rounds go through the seamless wallet (modules/wallet): real mode on
 * the main account, demo on the fun account. A visitor (demo only) has no ledger accounts: their play money is
 * a row of play_visitor_wallets that can never go below zero, each movement applied once by its id.
 */
import { type Cents, toCents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { getBalances } from '../../ledger/balances.ts';
import { refusalAsAppError } from '../../responsible-gaming/guards.ts';
import { DEMO_FUNDS, grantDemoFunds, SESSION_TTL_MS } from '../../wallet/sessions.ts';
import { WalletError } from '../../wallet/wallet-error.ts';
import { walletService } from '../../wallet/wallet-service.ts';
import type { TOwner } from './owner.ts';

export type TMode = 'real' | 'demo';

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

type TPurseCtx = Pick<TAppContext, 'db' | 'bus' | 'providers'>;

/** A visitor's play money on first use, the same amount a player's fun account starts with. */
export const VISITOR_DEMO_FUNDS = DEMO_FUNDS;
/** A wallet session is reopened this long before it would expire. */
const SESSION_MARGIN_MS = 5 * 60_000;

const playerPurse = (
  ctx: TPurseCtx,
  owner: Extract<TOwner, { kind: 'player' }>,
  sysname: string,
  mode: TMode,
): TPurse => {
  // The session this purse uses: read (or opened) once per purse, i.e. once per games.play call.
  let known: { token: string; expiresAt: number } | null = null;
  const openToken = async (): Promise<string> => {
    const now = ctx.providers.clock.now();
    if (known && known.expiresAt - SESSION_MARGIN_MS > now.getTime()) return known.token;
    const [row] = await queryRows<{ token: string; expires_at: string | Date }>(
      ctx.db,
      sql`select token, expires_at from play_wallet_sessions
          where player_id = ${owner.playerId} and sysname = ${sysname} and mode = ${mode}`,
    );
    if (row && new Date(row.expires_at).getTime() - SESSION_MARGIN_MS > now.getTime()) {
      known = { token: row.token, expiresAt: new Date(row.expires_at).getTime() };
      return row.token;
    }
    const opened = await walletService.openSession(ctx, { playerId: owner.playerId, game: sysname, mode });
    await ctx.db.execute(sql`
      insert into play_wallet_sessions (player_id, sysname, mode, token, expires_at)
      values (${owner.playerId}, ${sysname}, ${mode}, ${opened.token}, ${opened.expiresAt})
      on conflict (player_id, sysname, mode) do update set token = excluded.token, expires_at = excluded.expires_at`);
    known = { token: opened.token, expiresAt: opened.expiresAt.getTime() };
    return opened.token;
  };
  // Each bet extends the wallet session by SESSION_TTL_MS (the wallet does it); our copy of the expiry only has
  // to stay on the safe side of it, so it is written when less than half the TTL is left, not on every bet.
  const extend = async (token: string) => {
    const now = ctx.providers.clock.now().getTime();
    if (known?.token === token && known.expiresAt - now > SESSION_TTL_MS / 2) return;
    const expiresAt = new Date(now + SESSION_TTL_MS);
    await ctx.db.execute(
      sql`update play_wallet_sessions set expires_at = ${expiresAt} where token = ${token}`,
    );
    if (known?.token === token) known = { token, expiresAt: expiresAt.getTime() };
  };
  const call = async (run: (session: string) => Promise<{ balance: number }>) => {
    let token = await openToken();
    try {
      return toCents((await run(token)).balance);
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      if (error.code === 'INSUFFICIENT_FUNDS') throw new NotEnoughMoney();
      if (error.code === 'PLAYER_BLOCKED') throw refusalAsAppError(error);
      if (error.code !== 'SESSION_EXPIRED') throw error;
      await ctx.db.execute(sql`delete from play_wallet_sessions where token = ${token}`);
      known = null;
      token = await openToken();
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
      await extend(used);
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
      return mode === 'demo' ? balances.fun : balances.main;
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
