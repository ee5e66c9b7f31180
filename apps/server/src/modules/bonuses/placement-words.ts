/**
 * What became of a bonus just granted, in the player's words (loyalty's notices of a quest, a level or a purchase):
 * on the bonus balance now, or waiting in the bonus queue at its place and behind which bonus. The site says the
 * same with the same messages (profile.bonuses.placement.*) from a bonus item's queue fields.
 */
import { formatMoney } from '@casino/contracts';
import { eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { t } from '../i18n/index.ts';
import type { TBonusPlacement } from './queue.ts';
import { bonusTemplates, playerBonuses } from './schema.ts';
import { wordsOf } from './views.ts';

/** A bonus as its queue neighbours name it: "Loyalty reward ($5.00)". */
const bonusLabel = async (db: TExecutor, bonusId: number, locale: string, currency: string) => {
  const [row] = await db
    .select({ bonus: playerBonuses, texts: bonusTemplates.description })
    .from(playerBonuses)
    .leftJoin(bonusTemplates, eq(bonusTemplates.id, playerBonuses.templateId))
    .where(eq(playerBonuses.id, bonusId));
  if (!row) return null;
  const { title } = wordsOf(row.bonus, { texts: row.texts?.texts, locale, currency });
  return `${title} (${formatMoney(row.bonus.amount, currency)})`;
};

/** The sentence for a placement as it was when the bonus was granted. */
export const placementWords = async (
  db: TExecutor,
  placement: Pick<TBonusPlacement, 'type' | 'status' | 'amount' | 'converted' | 'place'>,
  locale: string,
  currency: string,
) => {
  const amount = formatMoney(placement.amount, currency);
  if (placement.status === 'active')
    return t(
      locale,
      placement.type === 'betting'
        ? 'profile.bonuses.placement.activeBetting'
        : 'profile.bonuses.placement.active',
      { amount },
    );
  if (placement.status === 'completed')
    return t(locale, 'profile.bonuses.placement.completed', {
      amount,
      converted: formatMoney(placement.converted, currency),
    });
  if (placement.status !== 'available' || !placement.place) return '';
  const after =
    placement.place.aheadId === null ? null : await bonusLabel(db, placement.place.aheadId, locale, currency);
  if (after === null) return t(locale, 'profile.bonuses.placement.waiting', { amount });
  return t(locale, 'profile.bonuses.placement.queued', {
    amount,
    position: placement.place.position,
    after,
  });
};
