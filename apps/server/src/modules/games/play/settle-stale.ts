/**
 * Interrupted rounds. A multi-step round left open (a closed tab mid-blackjack) resumes on the owner's next
 * games.play of that game. After ROUND_TIMEOUT_MS without an action the settle job ends it by this rule:
 * - blackjack: insurance (if offered) is refused, then every hand left stands; the dealer plays out as usual;
 * - mines: cashes out the tiles revealed; with none revealed the round is void and the stake returned;
 * - hi-lo: cashes out the chain of right guesses; with none the round is void and the stake returned;
 * - crash without an auto cash-out: the round ends at its crash point without a cash-out (the stake is lost:
 *   every crash point is reached within 5 minutes, well before the timeout).
 * A round whose engine finished but whose win was not yet credited (the server stopped between the two) is
 * credited. Every action the job takes is appended to the round's record, so recall replays it exactly.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows } from '../../../platform/db/database.ts';
import { gameWalletOf } from './game-wallet.ts';
import { applyAction, creditFinishedRound } from './play-round.ts';
import type { TPlayCtx } from './round-steps.ts';
import { ownerOfRound, type TRoundRow, toRound } from './rounds.ts';

export const ROUND_TIMEOUT_MS = 10 * 60_000;
export const SETTLE_JOB = 'games.play.settle-stale';

/** The action the rule takes next on a stale round, or 'void'. */
export const timeoutAction = (round: TRoundRow): unknown => {
  const state = round.state as Record<string, unknown>;
  switch (round.game) {
    case 'blackjack':
      return state.phase === 'insurance' ? { type: 'insurance', take: false } : { type: 'stand' };
    case 'mines':
      return (state.revealed as unknown[]).length > 0 ? { type: 'cashout' } : 'void';
    case 'hilo':
      return Number(state.guesses) > 0 ? { type: 'cashout' } : 'void';
    case 'crash':
      return { type: 'end' };
    default:
      return 'void';
  }
};

const voidRound = async (ctx: TPlayCtx, round: TRoundRow) => {
  const owner = await ownerOfRound(ctx.db, round);
  const wallet = gameWalletOf(ctx, owner, round.sysname, round.mode);
  await wallet.rollback(round.id, `${round.id}:rollback:0`, `${round.id}:bet:0`);
  await ctx.db.execute(
    sql`update play_rounds set status = 'rolled_back', updated_at = ${ctx.providers.clock.now()}
        where id = ${round.id} and status = 'open'`,
  );
};

export const settleRound = async (ctx: TPlayCtx, start: TRoundRow) => {
  const owner = await ownerOfRound(ctx.db, start);
  let round = start;
  for (let guard = 0; guard < 10 && round.status === 'open'; guard++) {
    if (round.finishedAt) {
      await creditFinishedRound(ctx, round, gameWalletOf(ctx, owner, round.sysname, round.mode), owner);
      return;
    }
    const action = timeoutAction(round);
    if (action === 'void') return voidRound(ctx, round);
    round = (await applyAction(ctx, round, owner, action)).round;
  }
};

/** Settles every stale round (and every finished-but-uncredited one). Answers how many. */
export const settleStaleRounds = async (ctx: TPlayCtx) => {
  const cutoff = new Date(ctx.providers.clock.now().getTime() - ROUND_TIMEOUT_MS);
  const rows = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`select * from play_rounds where status = 'open' and live_round_id is null
          and (finished_at is not null or updated_at < ${cutoff})
        order by updated_at limit 200`,
  );
  for (const row of rows) await settleRound(ctx, toRound(row));
  return rows.length;
};

export const defineSettleJob = (ctx: TAppContext) => {
  ctx.jobs.define(SETTLE_JOB, async () => {
    await settleStaleRounds(ctx);
  });
  ctx.jobs.every(SETTLE_JOB, 60_000, () =>
    ctx.jobs.enqueue(
      SETTLE_JOB,
      {},
      { singletonKey: `${SETTLE_JOB}:${ctx.providers.clock.now().toISOString().slice(0, 16)}` },
    ),
  );
};
