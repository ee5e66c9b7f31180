/**
 * What operators read and change of the bonus engine (the back-office): the templates, edited field by field with
 * the same rules as their content (wagering at most the highest jurisdiction's cap, wager-caps.ts; contributions
 * 0–100 %), and a player's bonuses with their
 * template. An edited template keeps its edit through later seeds (edited_at); bonuses already granted keep the
 * terms they were granted with (each row copies them).
 */
import type { Cents } from '@casino/contracts';
import { CONTRIBUTION_KINDS } from '@casino/contracts/calls/bonuses';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { audienceChoices } from '../players/index.ts';
import { bonusTemplates, playerBonuses, type TBonusTemplate, type TContributions } from './schema.ts';
import { highestWagerCap } from './wager-caps.ts';

/** The game kinds a template of this type weighs (casino: every kind but betting; betting: betting). */
export const kindsOf = (type: string) =>
  CONTRIBUTION_KINDS.filter((kind) => (type === 'betting') === (kind === 'betting'));

export const listTemplates = (db: TExecutor) =>
  db.select().from(bonusTemplates).orderBy(asc(bonusTemplates.id));

export const findTemplateById = async (db: TExecutor, id: number): Promise<TBonusTemplate | undefined> =>
  (await db.select().from(bonusTemplates).where(eq(bonusTemplates.id, id)).limit(1))[0];

export interface TTemplatePatch {
  amount: Cents | null;
  wagerMultiplier: number;
  maxBet: Cents | null;
  maxConversion: Cents | null;
  contributions: TContributions;
  validDays: number;
  isActive: boolean;
  /** Thousandths (1500 = 1.50); null: any odds. Betting templates only. */
  minOdds: number | null;
  /** A betting template's stake pays winnings without the stake (docs/decisions/024). */
  isFreeBet: boolean;
  /** Its window (ADR 066): nothing grants from it outside; null: open. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** A shared CRM segment (ADR 068): only its players are granted from it; null: every player. */
  segmentId: number | null;
}

/** The terms an operator may change, as the audit log records them (amounts in cents as text). */
export const templateTerms = (t: Pick<TBonusTemplate, keyof TTemplatePatch>) => ({
  amount: t.amount === null ? null : String(t.amount),
  wager_multiplier: t.wagerMultiplier,
  max_bet: t.maxBet === null ? null : String(t.maxBet),
  max_conversion: t.maxConversion === null ? null : String(t.maxConversion),
  contributions: t.contributions,
  valid_days: t.validDays,
  is_active: t.isActive,
  min_odds: t.minOdds === null ? null : (t.minOdds / 1000).toFixed(t.minOdds % 10 === 0 ? 2 : 3),
  is_free_bet: t.isFreeBet,
  starts_at: t.startsAt?.toISOString() ?? null,
  ends_at: t.endsAt?.toISOString() ?? null,
  segment_id: t.segmentId,
});

/** A template's segment must be one the audiences offer (a shared CRM segment, players/audience.ts). */
export const checkTemplateSegment = async (db: TExecutor, patch: TTemplatePatch) => {
  if (patch.segmentId !== null && !(await audienceChoices(db)).some((s) => s.id === patch.segmentId))
    throw invalidParameters({ segment_id: 'wrongField' });
};

/** Checks a template's terms; `maxWager` is the highest cap of any jurisdiction (wager-caps.ts). */
export const checkPatch = (patch: TTemplatePatch, type: string, maxWager: number) => {
  if (!Number.isInteger(patch.wagerMultiplier) || patch.wagerMultiplier < 0)
    throw invalidParameters({ wager_multiplier: 'wrongField' });
  if (patch.wagerMultiplier > maxWager) throw invalidParameters({ wager_multiplier: 'maxValue' });
  if (patch.startsAt && patch.endsAt && patch.startsAt.getTime() >= patch.endsAt.getTime())
    throw invalidParameters({ ends_at: 'wrongField' });
  if (!Number.isInteger(patch.validDays) || patch.validDays < 1 || patch.validDays > 365)
    throw invalidParameters({ valid_days: 'wrongField' });
  for (const [field, value] of [
    ['amount', patch.amount],
    ['max_bet', patch.maxBet],
    ['max_conversion', patch.maxConversion],
  ] as const)
    if (value !== null && value <= 0n) throw invalidParameters({ [field]: 'wrongField' });
  const percents = [
    patch.contributions.other,
    ...Object.values(patch.contributions.kinds),
    ...Object.values(patch.contributions.games),
  ];
  if (percents.some((p) => !Number.isInteger(p) || p < 0 || p > 100))
    throw invalidParameters({ contributions: 'wrongField' });
  if (Object.keys(patch.contributions.games).some((game) => !/^[a-z0-9_]{1,80}$/.test(game)))
    throw invalidParameters({ games: 'wrongField' });
  if (patch.minOdds !== null && (!Number.isInteger(patch.minOdds) || patch.minOdds < 1000))
    throw invalidParameters({ min_odds: 'wrongField' });
  if (patch.minOdds !== null && type !== 'betting') throw invalidParameters({ min_odds: 'wrongField' });
  if (patch.isFreeBet && type !== 'betting') throw invalidParameters({ is_free_bet: 'wrongField' });
  // 0x would convert a free bet's whole amount to cash on activation, before any bet.
  if (patch.isFreeBet && patch.wagerMultiplier < 1) throw invalidParameters({ wager_multiplier: 'minValue' });
};

/**
 * Changes a template under its row lock; answers the terms before and after (null when nothing changed). The
 * next grant from it uses the new terms.
 */
export const updateTemplate = async (db: TExecutor, id: number, patch: TTemplatePatch, now: Date) => {
  const [locked] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.id, id)).for('update');
  if (!locked) throw invalidParameters({ id: 'notFound' });
  checkPatch(patch, locked.type, await highestWagerCap(db));
  await checkTemplateSegment(db, patch);
  const before = templateTerms(locked);
  const after = templateTerms(patch);
  if (JSON.stringify(before) === JSON.stringify(after)) return { template: locked, before, after: null };
  const [updated] = await db
    .update(bonusTemplates)
    .set({ ...patch, editedAt: now, updatedAt: now })
    .where(eq(bonusTemplates.id, id))
    .returning();
  return { template: updated ?? locked, before, after };
};

/** A player's bonuses, open ones first, with their template's sysname (the back-office player page). */
export const playerBonusesOf = (db: TExecutor, playerId: number, limit = 50) =>
  db
    .select({ bonus: playerBonuses, template: bonusTemplates.sysname })
    .from(playerBonuses)
    .leftJoin(bonusTemplates, eq(bonusTemplates.id, playerBonuses.templateId))
    .where(eq(playerBonuses.playerId, playerId))
    .orderBy(
      sql`case ${playerBonuses.status} when 'active' then 0 when 'available' then 1 else 2 end`,
      desc(playerBonuses.id),
    )
    .limit(limit);

/** Whether a template that is not retired grants only to the segment (the crm keeps a segment while one does). */
export const isTemplateSegmentTargeted = async (db: TExecutor, segmentId: number) =>
  (
    await db
      .select({ id: bonusTemplates.id })
      .from(bonusTemplates)
      .where(sql`${bonusTemplates.segmentId} = ${segmentId} and ${bonusTemplates.retiredAt} is null`)
      .limit(1)
  ).length > 0;
