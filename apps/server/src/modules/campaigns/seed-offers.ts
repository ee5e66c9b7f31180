/**
 * Seeds the deposit offers from content/campaigns, idempotently: a new offer is added, an offer nobody edited
 * follows its content entry when that changes, an offer an operator edited (edited_at set) stays as it is.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { contentHash } from '../i18n/index.ts';
import { storedDescription, storedPromotions, storedReward, type TContentOffer } from './content.ts';
import { campaignOffers } from './schema.ts';

export const seedOffers = async (db: TDb, offers: TContentOffer[]) =>
  db.transaction(async (tx) => {
    for (const offer of offers) {
      const values = {
        sysname: offer.sysname,
        action: offer.action,
        condition: offer.condition,
        excludeMethods: offer.exclude_methods,
        minAmount: offer.min_amount,
        description: storedDescription(offer),
        promotions: storedPromotions(offer),
        reward: storedReward(offer),
        priority: offer.priority,
        isActive: offer.is_active,
        startsAt: offer.starts_at,
        endsAt: offer.ends_at,
        sourceHash: contentHash({
          ...offer,
          min_amount: String(offer.min_amount),
          promotions: storedPromotions(offer),
          reward: storedReward(offer),
        }),
      };
      await tx
        .insert(campaignOffers)
        .values({ id: offer.id, ...values })
        .onConflictDoUpdate({
          target: campaignOffers.id,
          set: { ...values, updatedAt: sql`now()` },
          setWhere: sql`${campaignOffers.editedAt} is null and ${campaignOffers.sourceHash} <> ${values.sourceHash}`,
        });
    }
  });
