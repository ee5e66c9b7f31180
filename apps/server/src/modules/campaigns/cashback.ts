/**
 * Cashback: at the end of each period of a program (daily, weekly from Monday, monthly; UTC) the jobs queue computes,
 * in one statement, every player's real-money net loss of the period from the ledger (main account: stakes less
 * wins and returned stakes) and records a cashback of the program's percent, capped, when it reaches the minimum.
 * A player in a time-out or self-exclusion earns none (marketing respects limits). The player claims it before it
 * lapses (cashbacks.payout): real money (house:cashback → main) or a bonus through the bonus engine.
 */
import { formatMoney, toMajor } from '@casino/contracts';
import type { TCashback, TCashbackStatus } from '@casino/contracts/calls/cashbacks';
import { fillPlaceholders } from '@casino/contracts/offer-terms';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { findTemplateById, grantBonus } from '../bonuses/index.ts';
import { HOUSE, lockPlayerAccounts, postInTransaction, publishBalances, queryRows } from '../ledger/index.ts';
import { assertMayReceiveOffers, excludedPlayersQuery } from '../responsible-gaming/index.ts';
import { cashbackPrograms, playerCashbacks, type TCashbackProgram, type TPlayerCashback } from './schema.ts';

const DAY_MS = 86_400_000;
const DEFAULT_LOCALE = 'en';

/** The last period of `period` that ended at or before `now` (UTC): [start, end). */
export const lastPeriod = (period: TCashbackProgram['period'], now: Date) => {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (period === 'daily') return { start: new Date(day - DAY_MS), end: new Date(day) };
  if (period === 'weekly') {
    // Monday 00:00 UTC starts a week (getUTCDay: Sunday 0).
    const end = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
    return { start: new Date(end - 7 * DAY_MS), end: new Date(end) };
  }
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), end: new Date(end) };
};

/**
 * Records the cashbacks of a program's last completed period (idempotent: one per player and period). Answers the
 * players who got one.
 */
export const computeCashbacks = async (db: TExecutor, program: TCashbackProgram, now: Date) => {
  const { start, end } = lastPeriod(program.period, now);
  const expires = new Date(end.getTime() + program.receivingDays * DAY_MS);
  const cap = program.maxAmount === null ? sql`l.loss` : sql`${program.maxAmount}::bigint`;
  const rows = await queryRows<{ player_id: unknown }>(
    db,
    sql`insert into player_cashbacks (program_id, player_id, period_start, period_end, net_loss, amount, status,
          receiving_expired_at, created_at)
        select ${program.id}, l.player_id, ${start}, ${end}, l.loss, least(l.loss * ${program.percent} / 100, ${cap}),
               'active', ${expires}, ${now}
          from (select m.player_id, -sum(m.amount) as loss
                  from ledger_player_entries_v m
                 where m.account_kind = 'main' and m.transaction_kind in ('game.bet', 'game.win', 'game.rollback')
                   and m.created_at >= ${start} and m.created_at < ${end}
                 group by m.player_id) l
         where l.loss > 0 and l.loss * ${program.percent} / 100 >= greatest(${program.minAmount}::bigint, 1)
           and l.player_id not in (${excludedPlayersQuery(now)})
        on conflict (program_id, player_id, period_start) do nothing
        returning player_id`,
  );
  return rows.map((r) => Number(r.player_id));
};

/** Lapses the cashbacks nobody claimed in time. */
export const expireCashbacks = (db: TExecutor, now: Date) =>
  db
    .update(playerCashbacks)
    .set({ status: 'expired' })
    .where(and(eq(playerCashbacks.status, 'active'), sql`${playerCashbacks.receivingExpiredAt} <= ${now}`));

/** The job: every active program's last period, then the lapsed ones. */
export const runCashbacks = async (db: TExecutor, now: Date) => {
  const programs = await db.select().from(cashbackPrograms).where(eq(cashbackPrograms.isActive, true));
  const players: number[] = [];
  for (const program of programs) players.push(...(await computeCashbacks(db, program, now)));
  await expireCashbacks(db, now);
  return players;
};

const wordsOf = (program: TCashbackProgram, locale: string, currency: string) => {
  const texts = program.description.texts;
  const words = texts[locale] ?? texts[DEFAULT_LOCALE] ?? { title: program.sysname, text: '' };
  const values = {
    percent: String(program.percent),
    max: program.maxAmount === null ? '–' : formatMoney(program.maxAmount, currency),
  };
  return { title: fillPlaceholders(words.title, values), text: fillPlaceholders(words.text, values) };
};

const view = (
  cashback: TPlayerCashback,
  program: TCashbackProgram,
  options: { locale: string; currency: string },
): TCashback => ({
  id: cashback.id,
  status: cashback.status === 'paid_out' ? 'paid_out' : 'active',
  description: wordsOf(program, options.locale, options.currency),
  receiving_expired_at: cashback.status === 'paid_out' ? null : cashback.receivingExpiredAt.toISOString(),
  end_date: cashback.periodEnd.toISOString(),
  start_date: cashback.periodStart.toISOString(),
  amount: toMajor(cashback.amount),
  net_loss: toMajor(cashback.netLoss),
  payout: program.payout,
});

/** cashbacks.get: the player's active and paid cashbacks (a lapsed or dismissed one is gone). */
export const listCashbacks = async (
  db: TExecutor,
  input: {
    playerId: number;
    statuses: readonly TCashbackStatus[];
    sort: string;
    order: string;
    offset: number;
    count: number;
    fields: readonly string[];
    locale: string;
    currency: string;
  },
) => {
  const statuses = input.statuses.length > 0 ? input.statuses : (['active', 'paid_out'] as const);
  const where = and(
    eq(playerCashbacks.playerId, input.playerId),
    inArray(playerCashbacks.status, [...statuses]),
  );
  const column = input.sort === 'id' ? playerCashbacks.id : playerCashbacks.periodEnd;
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(playerCashbacks).where(where);
  const rows = await db
    .select({ cashback: playerCashbacks, program: cashbackPrograms })
    .from(playerCashbacks)
    .innerJoin(cashbackPrograms, eq(cashbackPrograms.id, playerCashbacks.programId))
    .where(where)
    .orderBy(input.order === 'asc' ? asc(column) : desc(column), desc(playerCashbacks.id))
    .offset(input.offset)
    .limit(input.count);
  const fields = input.fields;
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((row) => {
      const item = view(row.cashback, row.program, input);
      if (fields.length === 0) return item;
      return Object.fromEntries(
        Object.entries(item).filter(([key]) => key === 'id' || fields.includes(key)),
      ) as TCashback;
    }),
  };
};

const ownCashback = async (db: TExecutor, playerId: number, id: number, lock = false) => {
  const [row] = await queryRows<{ id: unknown }>(
    db,
    sql`select id from player_cashbacks where id = ${id} and player_id = ${playerId} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw invalidParameters({ cashback_id: 'wrongField' });
  const [found] = await db
    .select({ cashback: playerCashbacks, program: cashbackPrograms })
    .from(playerCashbacks)
    .innerJoin(cashbackPrograms, eq(cashbackPrograms.id, playerCashbacks.programId))
    .where(eq(playerCashbacks.id, id));
  if (!found) throw invalidParameters({ cashback_id: 'wrongField' });
  return found;
};

/** cashbacks.payout: claims an active cashback, as real money or as a bonus, in one transaction. */
export const payoutCashback = async (
  ctx: TAppContext,
  input: { playerId: number; cashbackId: number; locale: string; currency: string },
) => {
  const now = ctx.providers.clock.now();
  await assertMayReceiveOffers(ctx.db, input.playerId, now);
  const paid = await ctx.db.transaction(async (tx) => {
    await lockPlayerAccounts(tx, [input.playerId]);
    const { cashback, program } = await ownCashback(tx, input.playerId, input.cashbackId, true);
    if (cashback.status !== 'active' || cashback.receivingExpiredAt.getTime() <= now.getTime())
      throw invalidParameters({ cashback_id: 'cashbackNotActive' });
    let bonusId: number | null = null;
    if (program.payout === 'real') {
      await postInTransaction(tx, {
        idempotencyKey: `cashback:${cashback.id}`,
        kind: 'cashback.payout',
        reference: `cashback:${cashback.id}`,
        entries: [
          { account: { playerId: input.playerId, kind: 'main' }, amount: cashback.amount },
          { account: HOUSE.cashback, amount: -cashback.amount },
        ],
        at: now,
      });
    } else {
      const template = await findTemplateById(tx, Number(program.templateId));
      if (!template) throw new Error(`cashback program ${program.sysname} has no bonus template`);
      bonusId = (
        await grantBonus(tx, {
          playerId: input.playerId,
          template: template.sysname,
          amount: cashback.amount,
          source: 'cashback',
          sourceRef: String(cashback.id),
          grantKey: `cashback:${cashback.id}`,
          now,
        })
      ).bonusId;
    }
    const [updated] = await tx
      .update(playerCashbacks)
      .set({ status: 'paid_out', paidAt: now, bonusId })
      .where(eq(playerCashbacks.id, cashback.id))
      .returning();
    return { cashback: updated ?? cashback, program };
  });
  await publishBalances(ctx.db, ctx.bus, [input.playerId]);
  return view(paid.cashback, paid.program, input);
};

/** cashbacks.remove: the player dismisses a cashback (an active one is given up). */
export const removeCashback = async (db: TExecutor, input: { playerId: number; cashbackId: number }) => {
  await ownCashback(db, input.playerId, input.cashbackId);
  await db
    .update(playerCashbacks)
    .set({ status: 'removed' })
    .where(
      and(eq(playerCashbacks.id, input.cashbackId), inArray(playerCashbacks.status, ['active', 'paid_out'])),
    );
  return { id: input.cashbackId, removed: true as const };
};
