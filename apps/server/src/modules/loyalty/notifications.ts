/**
 * Loyalty notices (§3 Notification): written in the transaction that earned them (a level reached, a quest
 * completed, a purchase), answered once by loyalty.getnotifications in the caller's locale, then marked seen. The
 * message says where the reward went as it was paid: a bonus on the bonus balance, or waiting in the bonus queue
 * at its place (bonuses' placement, kept with the notice); cash on the balance; points, spins, a prize.
 */
import { formatMoney, toMajor } from '@casino/contracts';
import type { TLoyaltyNotification } from '@casino/contracts/calls/loyalty';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { ipxUrl } from '../../platform/images.ts';
import { bonusPlacement, placementWords, type TBonusPlacement } from '../bonuses/index.ts';
import { t } from '../i18n/index.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';
import type { TStoredReward } from './rewards.ts';
import { localized, type TTexts, toPoints } from './text.ts';

type TTrigger = TLoyaltyNotification['trigger'];

export interface TNewNotice {
  playerId: number;
  trigger: TTrigger;
  /** The name shown in the message, per locale. */
  name: TTexts;
  reward: TStoredReward | null;
  /** The bonus the reward granted, if any: where it went is kept with the notice. */
  bonusId?: number | null;
  image: string | null;
  at: Date;
}

/** A bonus placement as the notice keeps it (cents as text). */
interface TKeptPlacement {
  type: TBonusPlacement['type'];
  status: TBonusPlacement['status'];
  amount: string;
  converted: string;
  place: TBonusPlacement['place'];
}

interface TNoticeVars {
  name?: TTexts;
  reward?: Pick<TStoredReward, 'type' | 'amount'>;
  bonus?: TKeptPlacement;
}

const keep = (p: TBonusPlacement): TKeptPlacement => ({
  type: p.type,
  status: p.status,
  amount: String(p.amount),
  converted: String(p.converted),
  place: p.place,
});

export const addNotice = async (tx: TExecutor, notice: TNewNotice) => {
  const credit = notice.reward && notice.reward.type !== 'item' && notice.reward.amount > 0;
  const vars: TNoticeVars = { name: notice.name };
  if (notice.reward) vars.reward = { type: notice.reward.type, amount: notice.reward.amount };
  if (notice.bonusId) vars.bonus = keep(await bonusPlacement(tx, notice.bonusId));
  await tx.execute(sql`insert into loyalty_notifications (player_id, trigger, type, vars, amount, amount_type, image, created_at)
    values (${notice.playerId}, ${notice.trigger}, ${credit ? 'credit' : 'other'}, ${JSON.stringify(vars)}::jsonb,
            ${credit ? notice.reward?.amount : null},
            ${credit ? (notice.reward?.type === 'points' ? 'points' : 'money') : null}, ${notice.image}, ${notice.at})`);
};

const TITLE_KEY: Record<TTrigger, string> = {
  level_up: 'loyalty.notice.levelUp',
  quest_completed: 'loyalty.notice.questCompleted',
  product_bought: 'loyalty.notice.productBought',
  points_adjusted: 'loyalty.notice.pointsAdjusted',
};
const MESSAGE_KEY: Record<TTrigger, string> = {
  level_up: 'toasts.level',
  quest_completed: 'toasts.quest',
  product_bought: 'toasts.product',
  points_adjusted: 'loyalty.notice.pointsAdjustedText',
};

/** Where the reward went, in the locale ('' when the notice names no reward). */
const rewardWords = async (db: TExecutor, vars: TNoticeVars, locale: string, currency: string) => {
  const { reward, bonus } = vars;
  if (bonus)
    return placementWords(
      db,
      { ...bonus, amount: BigInt(bonus.amount), converted: BigInt(bonus.converted) },
      locale,
      currency,
    );
  if (!reward || (reward.type !== 'item' && reward.amount <= 0)) return '';
  if (reward.type === 'cash')
    return t(locale, 'loyalty.notice.reward.cash', { amount: formatMoney(BigInt(reward.amount), currency) });
  if (reward.type === 'points')
    return t(locale, 'loyalty.notice.reward.points', { amount: toPoints(BigInt(reward.amount)) });
  if (reward.type === 'freespins')
    return t(locale, 'loyalty.notice.reward.freespins', { count: reward.amount });
  if (reward.type === 'item') return t(locale, 'loyalty.notice.reward.item');
  return '';
};

/** The unseen notices, oldest first, marked seen in the same statement (each is answered once). */
export const takeNotices = async (
  db: TExecutor,
  input: { playerId: number; locale: string; currency: string; now: Date },
) => {
  const { playerId, locale, currency, now } = input;
  const rows = await queryRows<{
    id: unknown;
    trigger: TTrigger;
    type: 'credit' | 'other';
    vars: unknown;
    amount: unknown;
    amount_type: 'money' | 'points' | null;
    image: string | null;
  }>(
    db,
    sql`update loyalty_notifications set seen_at = ${now}
         where player_id = ${playerId} and seen_at is null
        returning id, trigger, type, vars, amount, amount_type, image`,
  );
  const notices: TLoyaltyNotification[] = [];
  for (const r of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
    const vars = (typeof r.vars === 'string' ? JSON.parse(r.vars) : r.vars) as TNoticeVars;
    const name = localized(vars.name, locale);
    const amount =
      r.amount === null
        ? null
        : r.amount_type === 'points'
          ? toPoints(toBigInt(r.amount))
          : toMajor(toBigInt(r.amount));
    const went = await rewardWords(db, vars, locale, currency);
    const message = t(locale, MESSAGE_KEY[r.trigger], { name, level: name });
    notices.push({
      id: Number(r.id),
      trigger: r.trigger,
      type: r.type,
      title: t(locale, TITLE_KEY[r.trigger]),
      message: went ? t(locale, 'loyalty.notice.withReward', { message, reward: went }) : message,
      amount,
      amountType: r.amount_type,
      image: r.image ? ipxUrl(r.image, { width: 96, height: 96 }) : null,
    });
  }
  return notices;
};
