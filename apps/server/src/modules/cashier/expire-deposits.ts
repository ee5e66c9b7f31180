/**
 * The deposit expiry job: a deposit the player never finished on the provider's page expires after
 * DEPOSIT_EXPIRY_MINUTES, one the provider reported pending after DEPOSIT_PENDING_EXPIRY_HOURS. Its payment is
 * voided at the provider; a payment that completes anyway is still credited or refunded (settle-deposit.ts).
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../ledger/index.ts';
import { enqueueVoid } from '../payments/index.ts';

export const EXPIRE_DEPOSITS_JOB = 'cashier.expire-deposits';
const BATCH = 500;

/** Expires the open deposits past their time (a batch at a time); answers how many. */
export const expireDueDeposits = async (ctx: TAppContext) => {
  const now = ctx.providers.clock.now();
  const newBefore = new Date(now.getTime() - ctx.config.DEPOSIT_EXPIRY_MINUTES * 60_000);
  const pendingBefore = new Date(now.getTime() - ctx.config.DEPOSIT_PENDING_EXPIRY_HOURS * 3_600_000);
  return ctx.db.transaction(async (tx) => {
    // A deposit whose webhook is being applied right now is locked: it is skipped, and settles instead.
    const expired = await queryRows<{ id: string; provider: string }>(
      tx,
      sql`update cashier_transactions set status = 'expired', updated_at = ${now}
          where id in (
            select id from cashier_transactions
            where type = 'deposit' and status in ('new', 'pending')
              and ((status = 'new' and created_at < ${newBefore}) or (status = 'pending' and updated_at < ${pendingBefore}))
            order by created_at limit ${BATCH}
            for update skip locked)
          returning id, provider`,
    );
    for (const deposit of expired)
      await enqueueVoid(ctx, tx, { provider: deposit.provider, transactionId: deposit.id });
    return expired.length;
  });
};

export const scheduleDepositExpiry = (ctx: TAppContext) => {
  ctx.jobs.define(EXPIRE_DEPOSITS_JOB, async () => {
    while ((await expireDueDeposits(ctx)) === BATCH);
  });
  ctx.jobs.every(EXPIRE_DEPOSITS_JOB, 60_000, () =>
    ctx.jobs.enqueue(
      EXPIRE_DEPOSITS_JOB,
      {},
      { singletonKey: `${EXPIRE_DEPOSITS_JOB}:${ctx.providers.clock.now().toISOString().slice(0, 16)}` },
    ),
  );
};
