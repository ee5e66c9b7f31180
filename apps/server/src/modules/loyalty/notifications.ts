/**
 * Loyalty notices (§3 Notification): written in the transaction that earned them (a level reached, a quest
 * completed, a purchase), answered once by loyalty.getnotifications in the caller's locale, then marked seen.
 */
import { toMajor } from '@casino/contracts';
import type { TLoyaltyNotification } from '@casino/contracts/calls/loyalty';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { ipxUrl } from '../../platform/images.ts';
import { t } from '../i18n/translate.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import type { TStoredReward } from './rewards.ts';
import { localized, type TTexts, toPoints } from './text.ts';

type TTrigger = TLoyaltyNotification['trigger'];

export interface TNewNotice {
  playerId: number;
  trigger: TTrigger;
  /** The name shown in the message, per locale. */
  name: TTexts;
  reward: TStoredReward | null;
  image: string | null;
  at: Date;
}

export const addNotice = async (tx: TExecutor, notice: TNewNotice) => {
  const credit = notice.reward && notice.reward.type !== 'item' && notice.reward.amount > 0;
  await tx.execute(sql`insert into loyalty_notifications (player_id, trigger, type, vars, amount, amount_type, image, created_at)
    values (${notice.playerId}, ${notice.trigger}, ${credit ? 'credit' : 'other'}, ${JSON.stringify({ name: notice.name })}::jsonb,
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

/** The unseen notices, oldest first, marked seen in the same statement (each is answered once). */
export const takeNotices = async (db: TExecutor, playerId: number, locale: string, now: Date) => {
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
  return rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((r): TLoyaltyNotification => {
      const vars = (typeof r.vars === 'string' ? JSON.parse(r.vars) : r.vars) as { name?: TTexts };
      const name = localized(vars.name, locale);
      const amount =
        r.amount === null
          ? null
          : r.amount_type === 'points'
            ? toPoints(toBigInt(r.amount))
            : toMajor(toBigInt(r.amount));
      return {
        id: Number(r.id),
        trigger: r.trigger,
        type: r.type,
        title: t(locale, TITLE_KEY[r.trigger]),
        message: t(locale, MESSAGE_KEY[r.trigger], { name, level: name }),
        amount,
        amountType: r.amount_type,
        image: r.image ? ipxUrl(r.image, { width: 96, height: 96 }) : null,
      };
    });
};
