/**
 * A visitor's play money (demo play without an account): no ledger accounts, a row of play_visitor_wallets that
 * can never go below zero, each movement recorded once by its id in play_visitor_moves. A visitor's stake goes
 * through placeBet like any other (these are its statements); a win, a rollback and the balance are here.
 */
import type { Cents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/database.ts';
import { sqlInteger, sqlText, sqlTime } from '../../platform/db/sql-literal.ts';
import { DEMO_FUNDS, type TWalletContext } from './sessions.ts';
import { WalletError } from './wallet-error.ts';

type TVisitorContext = Pick<TWalletContext, 'db' | 'providers'>;

/** A visitor's play money on first use: what a player's fun account starts with. */
export const VISITOR_DEMO_FUNDS = DEMO_FUNDS;

/** The visitor's wallet row, made on first use. */
export const visitorEnsureText = (visitor: string, now: Date) =>
  `insert into play_visitor_wallets (visitor, balance, created_at, updated_at)
   values (${sqlText(visitor)}, ${sqlInteger(VISITOR_DEMO_FUNDS)}, ${sqlTime(now)}, ${sqlTime(now)})
   on conflict (visitor) do nothing`;

/** The visitor's lock: the wallet row `for update`, its balance, and whether the stake's id was seen. */
export const visitorLockText = (visitor: string, transactionId: string) =>
  `select balance, exists (select 1 from play_visitor_moves where transaction_id = ${sqlText(transactionId)}) as seen
     from play_visitor_wallets where visitor = ${sqlText(visitor)} for update`;

/**
 * The stake (and the win when the round ended with it) in one statement: the balance moves and each movement is
 * recorded; it answers the balance after, or no row when the money is not there.
 */
export const visitorStakeText = (
  visitor: string,
  stake: { transactionId: string; amount: Cents },
  win: { transactionId: string; amount: Cents } | null,
  now: Date,
) => {
  const moves = [
    `(${sqlText(stake.transactionId)}, 'bet', ${sqlInteger(stake.amount)})`,
    ...(win ? [`(${sqlText(win.transactionId)}, 'win', ${sqlInteger(win.amount)})`] : []),
  ];
  const delta = sqlInteger((win?.amount ?? 0n) - stake.amount);
  return `with moved as (
      update play_visitor_wallets set balance = balance + ${delta}, updated_at = ${sqlTime(now)}
       where visitor = ${sqlText(visitor)} and balance - ${sqlInteger(stake.amount)} >= 0 returning balance),
    recorded as (
      insert into play_visitor_moves (transaction_id, visitor, kind, amount, reference, created_at)
      select m.transaction_id, ${sqlText(visitor)}, m.kind, m.amount, null, ${sqlTime(now)}
        from moved, (values ${moves.join(', ')}) as m (transaction_id, kind, amount))
    select balance from moved`;
};

const ensure = (ctx: TVisitorContext, visitor: string) =>
  ctx.db.execute(sql.raw(visitorEnsureText(visitor, ctx.providers.clock.now())));

/** The visitor's play money now, in minor units. */
export const visitorBalance = async (ctx: TVisitorContext, visitor: string): Promise<Cents> => {
  await ensure(ctx, visitor);
  const [row] = await queryRows<{ balance: unknown }>(
    ctx.db,
    sql`select balance from play_visitor_wallets where visitor = ${visitor}`,
  );
  return BigInt(String(row?.balance ?? 0));
};

/**
 * A win, or a rollback of the stake `reference`, applied once by its id; answers the balance after. A rollback of
 * a stake never taken moves nothing.
 */
export const visitorCredit = async (
  ctx: TVisitorContext,
  visitor: string,
  move: { kind: 'win' | 'rollback'; transactionId: string; amount: Cents; reference: string | null },
): Promise<Cents> => {
  await ensure(ctx, visitor);
  const now = ctx.providers.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from play_visitor_wallets where visitor = ${visitor} for update`);
    const [done] = await queryRows(
      tx,
      sql`select 1 from play_visitor_moves where transaction_id = ${move.transactionId}`,
    );
    if (done) return;
    let delta = move.amount;
    if (move.kind === 'rollback') {
      const [target] = await queryRows<{ amount: unknown }>(
        tx,
        sql`select amount from play_visitor_moves
            where transaction_id = ${move.reference} and kind = 'bet' and visitor = ${visitor}`,
      );
      delta = target ? BigInt(String(target.amount)) : 0n;
    }
    const updated = await queryRows(
      tx,
      sql`update play_visitor_wallets set balance = balance + ${delta}, updated_at = ${now}
          where visitor = ${visitor} and balance + ${delta} >= 0 returning balance`,
    );
    if (updated.length === 0) throw new WalletError('INSUFFICIENT_FUNDS');
    await tx.execute(sql`
      insert into play_visitor_moves (transaction_id, visitor, kind, amount, reference, created_at)
      values (${move.transactionId}, ${visitor}, ${move.kind}, ${delta}, ${move.reference}, ${now})`);
  });
  return visitorBalance(ctx, visitor);
};
