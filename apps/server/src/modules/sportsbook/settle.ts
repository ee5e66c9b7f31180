/**
 * Brings one bet in line with its markets' settlements, exactly once, in one transaction with its money: the bet
 * row is locked, the state its legs call for is computed (open while a leg is unsettled; else won, lost, void or
 * cancelled with the exact payout), and only a difference moves money. A settled bet whose state changes (a
 * rollback_bet_settlement, a bet_cancel after settlement, an operator's correction) first gives its payout back:
 * as much as the player's balances hold (a betting bonus's share from the bonus balance), the rest becomes a debt
 * that later deposits repay first. Then the new payout is a wallet win on the bet's round. The settlement feed, the
 * back-office and the property test all come through here.
 */
import { MAX_SELECTIONS } from '@casino/contracts/calls/sportsbook';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { activeBonus } from '../bonuses/index.ts';
import {
  getBalances,
  HOUSE,
  postInTransaction,
  publishBalances,
  queryRows,
  type TEntryInput,
  toBigInt,
} from '../ledger/index.ts';
import {
  bonusPartOf,
  roundBonuses,
  type TMove,
  type TMoveMany,
  type TRoundBonus,
  walletTransaction,
} from '../wallet/index.ts';
import { settlementFrom } from './bet-settlement.ts';
import { CANCELLED_FACTOR, legFactor, linesOf, payoutOf, type TFraction } from './settlement-math.ts';

type TCtx = Pick<TAppContext, 'db' | 'bus' | 'providers' | 'bets'>;

export interface TLegRow {
  leg: number;
  odds: number;
  cancelled: boolean;
  result: number | null;
  void_halves: number | null;
  dead_heat: string | null;
}

export interface TBetRow {
  id: unknown;
  player_id: unknown;
  type: string;
  system_size: number | null;
  system_name: string | null;
  stake: unknown;
  total_stake: unknown;
  payout: unknown;
  status: string;
  wallet_token: string;
  round_id: string;
  settle_count: number;
}

export const legsOf = (db: TExecutor, betId: number) =>
  queryRows<TLegRow>(
    db,
    sql`select l.leg, l.odds, l.cancelled, o.result, o.void_halves, o.dead_heat
          from sb_bet_legs l
          left join sb_outcomes o on o.event_id = l.event_id and o.market_id = l.market_id
               and o.specifiers = l.specifiers and o.outcome_id = l.outcome_id
         where l.bet_id = ${betId} order by l.leg`,
  );

/** A bigint[] parameter as array text: one parameter whatever the batch size. */
export const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** The legs of many bets with their outcomes' results, in one query. */
const legsOfBets = async (tx: TExecutor, betIds: readonly number[]) => {
  const rows = await queryRows<TLegRow & { bet_id: unknown }>(
    tx,
    // Per bet one ordered index probe, per leg one probe of its outcome: the lateral LIMITs (a bet has at most
    // MAX_SELECTIONS legs, a leg one outcome) keep the planner from flattening them into hash joins over scans of
    // every leg and outcome, which it chose for a batch of 1,000 on young tables.
    sql`select l.bet_id, l.leg, l.odds, l.cancelled, o.result, o.void_halves, o.dead_heat
          from unnest(${idArray(betIds)}::bigint[]) as k(id)
          cross join lateral (select * from sb_bet_legs l where l.bet_id = k.id order by l.leg
                               limit ${MAX_SELECTIONS}) l
          left join lateral (select o.result, o.void_halves, o.dead_heat from sb_outcomes o
                              where o.event_id = l.event_id and o.market_id = l.market_id
                                and o.specifiers = l.specifiers and o.outcome_id = l.outcome_id limit 1) o on true
         order by l.bet_id, l.leg`,
  );
  const legs = new Map<number, TLegRow[]>();
  for (const row of rows) {
    const id = Number(row.bet_id);
    const list = legs.get(id) ?? [];
    if (list.length === 0) legs.set(id, list);
    list.push(row);
  }
  return legs;
};

/** A leg's factor, or null while its outcome is unsettled. */
export const factorOf = (leg: TLegRow): TFraction | null => {
  if (leg.cancelled) return CANCELLED_FACTOR;
  if (leg.result === null || leg.result === undefined) return null;
  return legFactor({
    odds: Number(leg.odds),
    result: Number(leg.result),
    voidHalves: Number(leg.void_halves ?? 0),
    deadHeat: leg.dead_heat ?? '1',
  });
};

export interface TTarget {
  status: 'open' | 'won' | 'lost' | 'void' | 'cancelled';
  payout: bigint;
}

/** The state a bet's legs call for. */
export const targetOf = (bet: TBetRow, legs: TLegRow[]): TTarget => {
  const factors = legs.map(factorOf);
  if (factors.some((f) => f === null)) return { status: 'open', payout: 0n };
  const stake = toBigInt(bet.stake);
  const payout = payoutOf(
    stake,
    linesOf(bet.type, legs.length, bet.system_size, bet.system_name),
    factors as TFraction[],
  );
  if (legs.every((l) => l.cancelled)) return { status: 'cancelled', payout };
  if (legs.every((l) => l.cancelled || Number(l.void_halves) === 2)) return { status: 'void', payout };
  return { status: payout > 0n ? 'won' : 'lost', payout };
};

const SETTLED = new Set(['won', 'lost', 'void', 'cancelled']);

/**
 * Gives a settled bet's payout back from where the wallet paid it: its betting bonus share from the betting bonus
 * balance while that bonus is still the active one, the rest from main as far as zero, what remains a debt.
 */
const takeBack = async (tx: TExecutor, bet: TBetRow, round: TRoundBonus, now: Date) => {
  const paid = toBigInt(bet.payout);
  if (paid <= 0n) return;
  const betId = Number(bet.id);
  const playerId = Number(bet.player_id);
  const { main, betting_bonus } = await getBalances(tx, playerId);
  const active = round.bonusId === null ? undefined : await activeBonus(tx, playerId, 'betting');
  const bonusShare = active?.id === round.bonusId ? bonusPartOf(round, paid) : 0n;
  const fromBonus = bonusShare < betting_bonus ? bonusShare : betting_bonus;
  const fromMain = main < paid - fromBonus ? main : paid - fromBonus;
  const entries: TEntryInput[] = [
    { account: { playerId, kind: 'main' }, amount: -fromMain },
    { account: { playerId, kind: 'betting_bonus' }, amount: -fromBonus },
    { account: HOUSE.games, amount: fromMain + fromBonus },
  ];
  if (fromMain + fromBonus > 0n)
    await postInTransaction(tx, {
      idempotencyKey: `sportsbook:${betId}:unsettle:${bet.settle_count}`,
      kind: 'sportsbook.unsettle',
      reference: String(betId),
      entries: entries.filter((e) => e.amount !== 0n),
      meta: { game: 'dgt_sportsbook', bet_id: betId },
      at: now,
    });
  const owed = paid - fromBonus - fromMain;
  if (owed > 0n)
    await tx.execute(sql`insert into sb_debts (player_id, bet_id, amount, remaining, created_at)
      values (${playerId}, ${betId}, ${owed.toString()}::bigint, ${owed.toString()}::bigint, ${now})`);
};

/** Pays a bet its target (the caller holds its lock and has given back any earlier payout). */
const pay = async (tx: TExecutor, move: TMove, bet: TBetRow, target: TTarget, now: Date) => {
  const betId = Number(bet.id);
  const count = bet.settle_count + 1;
  await tx.execute(sql`update sb_bets set status = ${target.status}, payout = ${target.payout.toString()}::bigint,
      settle_count = ${count}, settled_at = ${now} where id = ${betId}`);
  if (target.payout > 0n)
    await move('win', {
      session: bet.wallet_token,
      transactionId: `sb:${betId}:settle:${count}`,
      roundId: bet.round_id,
      amount: target.payout,
    });
};

interface TReconciled {
  status: string;
  /** Whether a payout was given back (the player's balances are published after commit). */
  tookBack: boolean;
  /** Whether the bet's settlement changed (the consequences' after-commit hooks run). */
  changed: boolean;
}

/** One locked bet brought in line with its legs, inside the batch's transaction. */
const reconcileLocked = async (
  ctx: TCtx,
  tx: TExecutor,
  move: TMove,
  bet: TBetRow,
  legs: TLegRow[],
  round: TRoundBonus,
  now: Date,
): Promise<TReconciled> => {
  const same = { tookBack: false, changed: false };
  if (bet.status === 'cashed_out') return { ...same, status: bet.status };
  const target = targetOf(bet, legs);
  const settled = SETTLED.has(bet.status);
  if (settled && target.status === bet.status && target.payout === toBigInt(bet.payout))
    return { ...same, status: bet.status };
  if (!settled && target.status === 'open') return { ...same, status: 'open' };
  const odds = legs.map((l) => Number(l.odds));
  const settlement = (status: string, payout: bigint) =>
    settlementFrom(bet, status, payout, now, odds, round);
  if (settled) {
    await ctx.bets.settlements.unsettle(tx, settlement(bet.status, toBigInt(bet.payout)));
    await takeBack(tx, bet, round, now);
    if (target.status === 'open') {
      await tx.execute(
        sql`update sb_bets set status = 'open', payout = 0, settled_at = null where id = ${Number(bet.id)}`,
      );
      await ctx.bets.settlements.apply(tx, settlement('open', 0n));
      return { status: 'open', tookBack: true, changed: true };
    }
  }
  await pay(tx, move, bet, target, now);
  await ctx.bets.settlements.apply(tx, settlement(target.status, target.payout));
  return { status: target.status, tookBack: settled, changed: true };
};

interface TNewlySettled {
  bet: TBetRow;
  legs: TLegRow[];
  round: TRoundBonus;
  target: TTarget;
}

/**
 * Open bets that now settle (nothing to give back): their rows in one update, their payouts in one wallet
 * statement, the consequences for all of them at once.
 */
const settleNew = async (ctx: TCtx, tx: TExecutor, moveMany: TMoveMany, bets: TNewlySettled[], now: Date) => {
  if (bets.length === 0) return;
  const rows = bets.map(({ bet, target }) => ({
    id: Number(bet.id),
    status: target.status,
    payout: target.payout.toString(),
  }));
  // json_to_recordset is estimated at 100 rows, so each bet is an index probe; an unnest of the batch's arrays is
  // estimated at its 1,000 and the planner hashed a scan of every bet instead (twice the time on 100,000 bets).
  await tx.execute(sql`update sb_bets b set status = v.status, payout = v.payout, settle_count = b.settle_count + 1,
      settled_at = ${now}
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(id bigint, status text, payout bigint)
     where b.id = v.id`);
  await moveMany(
    bets
      .filter(({ target }) => target.payout > 0n)
      .map(({ bet, target }) => ({
        session: bet.wallet_token,
        transactionId: `sb:${Number(bet.id)}:settle:${bet.settle_count + 1}`,
        roundId: bet.round_id,
        amount: target.payout,
      })),
  );
  await ctx.bets.settlements.applyMany(
    tx,
    bets.map(({ bet, legs, round, target }) =>
      settlementFrom(
        bet,
        target.status,
        target.payout,
        now,
        legs.map((l) => Number(l.odds)),
        round,
      ),
    ),
  );
};

/**
 * Reconciles a batch of bets in ONE transaction with their money: the bets are locked in id order, their legs and
 * wallet rounds read in one query each, then each bet moves only its difference. `inTransaction` runs last, in
 * the same transaction (the settlement job queues its next batch there). Answers each bet's status. Idempotent.
 */
export const reconcileBets = async (
  ctx: TCtx,
  betIds: readonly number[],
  inTransaction?: (tx: TExecutor) => Promise<void>,
): Promise<Map<number, string>> => {
  const now = ctx.providers.clock.now();
  const sortedIds = [...new Set(betIds)].sort((a, b) => a - b);
  const statuses = new Map<number, string>();
  const tookBack = new Set<number>();
  const changed = new Set<number>();
  await walletTransaction(ctx, async (tx, move, moveMany) => {
    statuses.clear();
    tookBack.clear();
    changed.clear();
    const bets =
      betIds.length === 0
        ? []
        : await queryRows<TBetRow>(
            tx,
            // Locked one index probe per bet, in id order (a sorted array; the lateral LIMIT 1 keeps each one a
            // probe where `id = any(…)` let the planner scan every bet).
            sql`select b.* from unnest(${idArray(sortedIds)}::bigint[]) with ordinality as k(id, n)
                  cross join lateral (
                    select id, player_id, type, system_size, system_name, stake, total_stake, payout, status,
                           wallet_token, round_id, settle_count
                      from sb_bets where id = k.id limit 1 for update) b
                 order by k.n`,
          );
    // The legs are read after the locks: a rollback or cancel that committed meanwhile is what they show.
    const legs = await legsOfBets(
      tx,
      bets.map((b) => Number(b.id)),
    );
    const rounds = await roundBonuses(
      tx,
      bets.map((b) => ({ token: b.wallet_token, roundId: b.round_id })),
    );
    const fresh: TNewlySettled[] = [];
    for (const bet of bets) {
      const id = Number(bet.id);
      const betLegs = legs.get(id) ?? [];
      const round = rounds(bet.wallet_token, bet.round_id);
      const target = bet.status === 'open' ? targetOf(bet, betLegs) : null;
      if (target && target.status !== 'open') {
        fresh.push({ bet, legs: betLegs, round, target });
        statuses.set(id, target.status);
        changed.add(Number(bet.player_id));
        continue;
      }
      const done = await reconcileLocked(ctx, tx, move, bet, betLegs, round, now);
      statuses.set(id, done.status);
      if (done.tookBack) tookBack.add(Number(bet.player_id));
      if (done.changed) changed.add(Number(bet.player_id));
    }
    await settleNew(ctx, tx, moveMany, fresh, now);
    await inTransaction?.(tx);
  });
  if (tookBack.size > 0) await publishBalances(ctx.db, ctx.bus, [...tookBack]);
  await ctx.bets.settlements.afterCommit([...changed]);
  return statuses;
};

/** Reconciles one bet with its markets; answers its status afterwards. Idempotent. */
export const reconcileBet = async (ctx: TCtx, betId: number): Promise<string> =>
  (await reconcileBets(ctx, [betId])).get(betId) ?? 'missing';

/** Open bets whose every leg is settled (a settlement interrupted by a restart): the job settles them. */
export const settleableBets = async (db: TExecutor, limit = 500): Promise<number[]> =>
  (
    await queryRows<{ id: unknown }>(
      db,
      sql`select b.id from sb_bets b where b.status = 'open' and not exists (
            select 1 from sb_bet_legs l left join sb_outcomes o on o.event_id = l.event_id
               and o.market_id = l.market_id and o.specifiers = l.specifiers and o.outcome_id = l.outcome_id
             where l.bet_id = b.id and not l.cancelled and o.result is null)
          order by b.id limit ${limit}`,
    )
  ).map((r) => Number(r.id));
