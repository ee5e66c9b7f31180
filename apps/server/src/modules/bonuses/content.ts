/**
 * Reads the bonus templates of content/bonuses/templates.json, checked by zod (amounts as "10.00", wagering 10x at
 * most, contributions 0–100 %), so that a typo stops the start with a clear message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCents } from '@casino/contracts';
import { BONUS_TYPES } from '@casino/contracts/calls/bonuses';
import { z } from 'zod';

/** The UK cap on wagering requirements from January 2026; an operator may set a lower one. */
export const MAX_WAGER_MULTIPLIER = 10;

const zAmount = () =>
  z
    .string()
    .regex(/^\d+\.\d{2}$/, 'an amount with 2 decimals, e.g. "10.00"')
    .transform((v) => toCents(v));
const zPercent = () => z.number().int().min(0).max(100);

export const ZContributions = z.object({
  kinds: z.record(z.string(), zPercent()),
  other: zPercent(),
  games: z.record(z.string(), zPercent()).default({}),
});

const ZTexts = z
  .record(z.string(), z.object({ title: z.string().min(1), text: z.string() }))
  .refine((texts) => 'en' in texts, 'an en text is required (the fallback)');

/** The minimum odds of a betting template when its content names none. */
export const DEFAULT_BETTING_MIN_ODDS = 1.5;

export const ZContentTemplate = z
  .object({
    id: z.number().int().positive(),
    sysname: z.string().regex(/^[a-z0-9_]+$/, 'lower-case letters, digits and _ only'),
    type: z.enum(BONUS_TYPES),
    amount: zAmount().nullable().default(null),
    wager_multiplier: z.number().int().min(0).max(MAX_WAGER_MULTIPLIER),
    max_bet: zAmount().nullable().default(null),
    max_conversion: zAmount().nullable().default(null),
    contributions: ZContributions,
    valid_days: z.number().int().min(1).max(365),
    /** Decimal odds, e.g. 1.5; betting templates default to 1.50, null: any odds. Ignored for casino templates. */
    min_odds: z.number().min(1).max(1000).nullable().optional(),
    is_free_bet: z.boolean().default(false),
    is_active: z.boolean().default(true),
    description: z.object({ texts: ZTexts }),
  })
  .refine((t) => !t.is_free_bet || t.type === 'betting', {
    message: 'only a betting template is a free bet',
    path: ['is_free_bet'],
  })
  .refine((t) => !t.is_free_bet || t.wager_multiplier >= 1, {
    message: 'a free bet wagers its winnings at least once (0x would convert it to cash on activation)',
    path: ['wager_multiplier'],
  })
  .transform((t) => ({
    ...t,
    min_odds:
      t.type === 'betting' ? (t.min_odds === undefined ? DEFAULT_BETTING_MIN_ODDS : t.min_odds) : null,
  }));
export type TContentTemplate = z.output<typeof ZContentTemplate>;

export const readTemplatesContent = (contentDir: string): TContentTemplate[] => {
  const file = join(contentDir, 'bonuses', 'templates.json');
  const parsed = z.array(ZContentTemplate).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`content/bonuses/templates.json is invalid:\n${lines}`);
  }
  const seen = new Set<string>();
  for (const template of parsed.data) {
    for (const key of [`id ${template.id}`, `sysname ${template.sysname}`]) {
      if (seen.has(key)) throw new Error(`content/bonuses/templates.json: ${key} appears twice`);
      seen.add(key);
    }
  }
  return parsed.data;
};

/** Decimal odds as the thousandths the database keeps (1.5 → 1500). */
export const oddsThousandths = (odds: number | null) => (odds === null ? null : Math.round(odds * 1000));

/** The contributions of the seeded templates (deposit offers, DEMO10): slots 100 %, every other kind 10 %. */
export const DEFAULT_CONTRIBUTIONS = {
  kinds: { slot: 100 },
  other: 10,
  games: {},
} as const satisfies z.input<typeof ZContributions>;

/**
 * Percent of a stake on `game` (of `kind`) that counts by the template alone, as bonus_contribution of migrations/0510
 * computed it; the wallet also reads a game's own figure (migrations/0941: bonusContributionOf in game-contributions.ts).
 */
export const contributionOf = (
  contributions: { kinds: Record<string, number>; other: number; games?: Record<string, number> },
  kind: string,
  game = '',
) => contributions.games?.[game] ?? contributions.kinds[kind] ?? contributions.other;
