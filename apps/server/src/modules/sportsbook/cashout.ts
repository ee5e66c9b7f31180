/**
 * sportsbook.cashout: the player takes the quoted value (bets-view.ts cashoutValue) now. In one transaction with its
 * money: the bet row is locked, the value computed again from the current prices; a value that moved from the
 * quote is refused (amount: oddsChanged, error_data.cashout_value the new one), a market no longer active too
 * (bet_id: cashoutUnavailable); else the bet is cashed_out and the value is a wallet win on its round.
 */
import type { Cents } from '@casino/contracts';
import { toMajor } from '@casino/contracts';
import type { TBet } from '@casino/contracts/calls/sportsbook';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../ledger/index.ts';
import { walletTransaction } from '../wallet/index.ts';
import { settlementOf } from './bet-settlement.ts';
import { cashoutValue, listBets, loadLegs } from './bets-view.ts';
import { refuse } from './quote.ts';
import type { TBetRow } from './settle.ts';

type TCtx = Pick<TAppContext, 'db' | 'bus' | 'providers' | 'bets' | 'config'>;

export const cashout = async (
  ctx: TCtx,
  playerId: number,
  input: { betId: number; amount: Cents },
): Promise<{ bet: TBet }> => {
  const margin = ctx.config.SPORTSBOOK_CASHOUT_MARGIN;
  await walletTransaction(ctx, async (tx, move) => {
    const [bet] = await queryRows<TBetRow & Parameters<typeof cashoutValue>[0]>(
      tx,
      sql`select * from sb_bets where id = ${input.betId} and player_id = ${playerId} for update`,
    );
    if (!bet) throw refuse('bet_id', 'wrongField');
    const value = cashoutValue(bet, (await loadLegs(tx, [input.betId])).get(input.betId) ?? [], margin);
    if (value === null) throw refuse('bet_id', 'cashoutUnavailable');
    if (value !== input.amount) throw refuse('amount', 'oddsChanged', { cashout_value: toMajor(value) });
    const count = bet.settle_count + 1;
    await tx.execute(sql`update sb_bets set status = 'cashed_out', payout = ${value.toString()}::bigint,
        settle_count = ${count}, settled_at = ${ctx.providers.clock.now()} where id = ${input.betId}`);
    await move('win', {
      session: bet.wallet_token,
      transactionId: `sb:${input.betId}:cashout`,
      roundId: bet.round_id,
      amount: value,
    });
    await ctx.bets.settlements.apply(
      tx,
      await settlementOf(tx, bet, 'cashed_out', value, ctx.providers.clock.now()),
    );
  });
  await ctx.bets.settlements.afterCommit([playerId]);
  const { items } = await listBets(
    ctx.db,
    { playerId, status: 'all', offset: 0, count: 1, id: input.betId },
    margin,
  );
  return { bet: items[0] as TBet };
};
