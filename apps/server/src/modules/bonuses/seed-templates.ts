/**
 * Seeds the bonus templates from content/bonuses, idempotently: a new template is added, one nobody edited follows
 * its content entry when that changes, one an operator edited (edited_at set) stays as it is.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { contentHash } from '../i18n/index.ts';
import { oddsThousandths, type TContentTemplate } from './content.ts';
import { bonusTemplates } from './schema.ts';

const money = (value: bigint | null) => (value === null ? null : String(value));

export const seedTemplates = async (db: TDb, templates: TContentTemplate[]) =>
  db.transaction(async (tx) => {
    for (const template of templates) {
      const values = {
        sysname: template.sysname,
        type: template.type,
        amount: template.amount,
        wagerMultiplier: template.wager_multiplier,
        maxBet: template.max_bet,
        maxConversion: template.max_conversion,
        contributions: template.contributions,
        validDays: template.valid_days,
        minOdds: oddsThousandths(template.min_odds),
        isFreeBet: template.is_free_bet,
        description: template.description,
        isActive: template.is_active,
        sourceHash: contentHash({
          ...template,
          amount: money(template.amount),
          max_bet: money(template.max_bet),
          max_conversion: money(template.max_conversion),
        }),
      };
      await tx
        .insert(bonusTemplates)
        .values({ id: template.id, ...values })
        .onConflictDoUpdate({
          target: bonusTemplates.id,
          set: { ...values, updatedAt: sql`now()` },
          setWhere: sql`${bonusTemplates.editedAt} is null and ${bonusTemplates.sourceHash} <> ${values.sourceHash}`,
        });
    }
  });
