/**
 * A player's bonuses as bonuses.get / BettingBonuses.get answer them (contracts ZBonusItem), with their queue and
 * the pending withdrawals that hold one (outside the queue while they wait).
 */
import { formatMoney, toMajor } from '@casino/contracts';
import {
  CONTRIBUTION_KINDS,
  type TBonusItem,
  type TBonusStatus,
  type TBonusType,
} from '@casino/contracts/calls/bonuses';
import { fillPlaceholders } from '@casino/contracts/offer-terms';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { getBalances } from '../ledger/index.ts';
import { type TWithdrawalHold, withdrawalHoldsOf } from './holds.ts';
import { isHeld, QUEUE_ORDER, queuedBonusesOf } from './queue.ts';
import { bonusTemplates, playerBonuses, type TContributions, type TPlayerBonus } from './schema.ts';

const DEFAULT_LOCALE = 'en';

/** Every game kind's percent, then the games whose percent differs. */
export const contributionsView = (contributions: TContributions, type: TBonusType) => ({
  kinds: Object.fromEntries(
    CONTRIBUTION_KINDS.filter((kind) => (type === 'betting') === (kind === 'betting')).map((kind) => [
      kind,
      contributions.kinds[kind] ?? contributions.other,
    ]),
  ),
  games: contributions.games ?? {},
});

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export interface TBonusViewOptions {
  locale: string;
  currency: string;
  /** The player's bonus balances now (an active bonus's money). */
  balances: { bonus: bigint; betting_bonus: bigint };
  texts: Record<string, { title: string; text: string }> | undefined;
  /** Its place in the queue (open bonuses). */
  queue?: TQueueView | undefined;
  /** The pending withdrawals that hold it, if any. */
  hold?: TWithdrawalHold | undefined;
}

export interface TQueueView {
  position: number;
  after: TBonusItem['queued_after'];
}

const DAY_MS = 86_400_000;

/** A template's words in the locale (en as the fallback), with the bonus's figures filled in. */
export const bonusWords = (
  texts: Record<string, { title: string; text: string }> | undefined,
  locale: string,
  terms: {
    amount: bigint;
    wager: number;
    maxBet: bigint | null;
    days: number;
    currency: string;
    minOdds?: number | null;
  },
  fallbackTitle: string,
) => {
  const words = texts?.[locale] ?? texts?.[DEFAULT_LOCALE] ?? { title: fallbackTitle, text: '' };
  const values = {
    amount: formatMoney(terms.amount, terms.currency),
    wager: String(terms.wager),
    max_bet: terms.maxBet === null ? '–' : formatMoney(terms.maxBet, terms.currency),
    days: String(terms.days),
    // Any odds reads as the lowest there is.
    min_odds: ((terms.minOdds ?? 1000) / 1000).toFixed(2),
  };
  return { title: fillPlaceholders(words.title, values), text: fillPlaceholders(words.text, values) };
};

/** The bonus's title and text in the locale, its figures filled in. */
export const wordsOf = (
  bonus: TPlayerBonus,
  options: Pick<TBonusViewOptions, 'texts' | 'locale' | 'currency'>,
) =>
  bonusWords(
    options.texts,
    options.locale,
    {
      amount: bonus.amount,
      wager: bonus.wagerMultiplier,
      maxBet: bonus.maxBet,
      days: bonus.expiresAt
        ? Math.round((bonus.expiresAt.getTime() - bonus.grantedAt.getTime()) / DAY_MS)
        : 0,
      currency: options.currency,
      minOdds: bonus.minOdds,
    },
    bonus.source,
  );

export const bonusView = (bonus: TPlayerBonus, options: TBonusViewOptions): TBonusItem => {
  const balance =
    bonus.status === 'active'
      ? bonus.type === 'betting'
        ? options.balances.betting_bonus
        : options.balances.bonus
      : bonus.status === 'available'
        ? bonus.stash
        : 0n;
  const description = wordsOf(bonus, options);
  const isOpen = bonus.status === 'active' || bonus.status === 'available';
  return {
    id: bonus.id,
    type: bonus.type,
    status: bonus.status,
    amount: toMajor(bonus.amount),
    balance: toMajor(balance),
    wager_requirement: toMajor(bonus.wagerRequirement),
    wagered: toMajor(bonus.wagered < bonus.wagerRequirement ? bonus.wagered : bonus.wagerRequirement),
    wager_multiplier: bonus.wagerMultiplier,
    max_bet: bonus.maxBet === null ? null : toMajor(bonus.maxBet),
    max_conversion: bonus.maxConversion === null ? null : toMajor(bonus.maxConversion),
    min_odds: bonus.type === 'betting' && bonus.minOdds !== null ? bonus.minOdds / 1000 : null,
    is_free_bet: bonus.isFreeBet,
    expires_at: iso(bonus.expiresAt),
    contributions: contributionsView(bonus.contributions, bonus.type),
    description,
    source: bonus.source,
    created_at: bonus.grantedAt.toISOString(),
    activated_at: iso(bonus.activatedAt),
    finished_at: iso(bonus.finishedAt),
    converted: toMajor(bonus.converted),
    lost: toMajor(bonus.lost),
    queue_position: isOpen ? (options.queue?.position ?? null) : null,
    queued_after: isOpen ? (options.queue?.after ?? null) : null,
    withdrawal_hold:
      bonus.status === 'available' && options.hold
        ? { amount: toMajor(options.hold.amount), count: options.hold.count }
        : null,
  };
};

const withTexts = { bonus: playerBonuses, texts: bonusTemplates.description };

/** Every queued bonus's place in the player's queue of the type, with the bonus it waits for. */
export const queueViews = async (
  db: TExecutor,
  input: { playerId: number; type: TBonusType; locale: string; currency: string },
) => {
  const rows = await db
    .select(withTexts)
    .from(playerBonuses)
    .leftJoin(bonusTemplates, eq(bonusTemplates.id, playerBonuses.templateId))
    .where(queuedBonusesOf(input.playerId, input.type))
    .orderBy(...QUEUE_ORDER);
  const views = new Map<number, TQueueView>();
  rows.forEach((row, i) => {
    const ahead = rows[i - 1]?.bonus;
    const texts = rows[i - 1]?.texts?.texts;
    views.set(row.bonus.id, {
      position: i + 1,
      after: ahead
        ? { id: ahead.id, title: wordsOf(ahead, { ...input, texts }).title, amount: toMajor(ahead.amount) }
        : null,
    });
  });
  return views;
};

/**
 * bonuses.get: open bonuses first (the active one, the held ones, then the waiting ones as they start), then the
 * history, newest first.
 */
export const listBonuses = async (
  db: TExecutor,
  input: {
    playerId: number;
    type: TBonusType;
    statuses: readonly TBonusStatus[];
    offset: number;
    count: number;
    locale: string;
    currency: string;
  },
) => {
  const where = and(
    eq(playerBonuses.playerId, input.playerId),
    eq(playerBonuses.type, input.type),
    input.statuses.length > 0 ? inArray(playerBonuses.status, [...input.statuses]) : undefined,
  );
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(playerBonuses).where(where);
  const rows = await db
    .select(withTexts)
    .from(playerBonuses)
    .leftJoin(bonusTemplates, eq(bonusTemplates.id, playerBonuses.templateId))
    .where(where)
    .orderBy(
      sql`case when ${playerBonuses.status} = 'active' then 0 when ${playerBonuses.status} <> 'available' then 3
               when ${isHeld} then 1 else 2 end`,
      sql`case when ${playerBonuses.status} = 'available' then ${playerBonuses.queueKey} end`,
      desc(playerBonuses.id),
    )
    .offset(input.offset)
    .limit(input.count);
  const balances = await getBalances(db, input.playerId);
  const open = rows.filter((row) => row.bonus.status === 'active' || row.bonus.status === 'available');
  const queue = open.length > 0 ? await queueViews(db, input) : new Map<number, TQueueView>();
  const holds = await withdrawalHoldsOf(
    db,
    open.map((row) => row.bonus.id),
  );
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((row) =>
      bonusView(row.bonus, {
        locale: input.locale,
        currency: input.currency,
        balances,
        texts: row.texts?.texts,
        queue: queue.get(row.bonus.id),
        hold: holds.get(row.bonus.id),
      }),
    ),
  };
};

/** One bonus as the action calls answer it. */
export const bonusItem = async (db: TExecutor, bonusId: number, locale: string, currency: string) => {
  const [row] = await db
    .select(withTexts)
    .from(playerBonuses)
    .leftJoin(bonusTemplates, eq(bonusTemplates.id, playerBonuses.templateId))
    .where(eq(playerBonuses.id, bonusId));
  if (!row) throw new Error(`bonus ${bonusId} vanished`);
  const { playerId, type } = row.bonus;
  const queue = await queueViews(db, { playerId, type, locale, currency });
  return bonusView(row.bonus, {
    locale,
    currency,
    balances: await getBalances(db, playerId),
    texts: row.texts?.texts,
    queue: queue.get(bonusId),
    hold: (await withdrawalHoldsOf(db, [bonusId])).get(bonusId),
  });
};
