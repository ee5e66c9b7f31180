/**
 * The cashback programs of content/campaigns/cashback.json (checked by zod) and their seed: a new program is added,
 * one nobody edited follows its entry when that changes, one an operator edited (edited_at set) stays as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb } from '../../platform/db/database.ts';
import { findTemplateBySysname } from '../bonuses/index.ts';
import { contentHash } from '../i18n/index.ts';
import { CASHBACK_PERIODS } from './schema.ts';

const zAmount = () =>
  z
    .string()
    .regex(/^\d+\.\d{2}$/, 'an amount with 2 decimals, e.g. "1.00"')
    .transform((v) => toCents(v));

export const ZContentCashbackProgram = z
  .object({
    id: z.number().int().positive(),
    sysname: z.string().regex(/^[a-z0-9_]+$/),
    period: z.enum(CASHBACK_PERIODS),
    percent: z.number().int().min(1).max(100),
    min_amount: zAmount().default(0n),
    max_amount: zAmount().nullable().default(null),
    payout: z.enum(['real', 'bonus']),
    /** The bonus template of a bonus payout (content/bonuses/templates.json). */
    template: z.string().nullable().default(null),
    receiving_days: z.number().int().min(1).max(90).default(7),
    is_active: z.boolean().default(true),
    description: z.object({
      texts: z
        .record(z.string(), z.object({ title: z.string().min(1), text: z.string() }))
        .refine((texts) => 'en' in texts, 'an en text is required (the fallback)'),
    }),
  })
  .refine((p) => p.payout === 'real' || p.template !== null, 'a bonus payout needs a template');
export type TContentCashbackProgram = z.output<typeof ZContentCashbackProgram>;

export const readCashbackContent = (contentDir: string): TContentCashbackProgram[] => {
  const file = join(contentDir, 'campaigns', 'cashback.json');
  const parsed = z.array(ZContentCashbackProgram).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`content/campaigns/cashback.json is invalid:\n${lines}`);
  }
  return parsed.data;
};

export const seedCashbackPrograms = async (db: TDb, programs: TContentCashbackProgram[]) =>
  db.transaction(async (tx) => {
    for (const program of programs) {
      const template = program.template ? await findTemplateBySysname(tx, program.template) : undefined;
      if (program.template && !template)
        throw new Error(
          `content/campaigns/cashback.json: ${program.sysname} names unknown template ${program.template}`,
        );
      const hash = contentHash({
        ...program,
        min_amount: String(program.min_amount),
        max_amount: String(program.max_amount),
      });
      await tx.execute(sql`
        insert into cashback_programs (id, sysname, period, percent, min_amount, max_amount, payout, template_id,
          receiving_days, description, is_active, source_hash)
        values (${program.id}, ${program.sysname}, ${program.period}, ${program.percent}, ${program.min_amount},
          ${program.max_amount}, ${program.payout}, ${template ? Number(template.id) : null}, ${program.receiving_days},
          ${JSON.stringify(program.description)}::jsonb, ${program.is_active}, ${hash})
        on conflict (id) do update set
          sysname = excluded.sysname, period = excluded.period, percent = excluded.percent,
          min_amount = excluded.min_amount, max_amount = excluded.max_amount, payout = excluded.payout,
          template_id = excluded.template_id, receiving_days = excluded.receiving_days,
          description = excluded.description, is_active = excluded.is_active, source_hash = excluded.source_hash,
          updated_at = now()
        where cashback_programs.edited_at is null and cashback_programs.source_hash <> excluded.source_hash`);
    }
  });

/** The six locales the player site speaks: a program's words exist in each. */
export const SITE_LOCALES = ['en', 'de', 'es', 'fr', 'pt', 'ar'] as const;

const ZCashbackWords = z.record(
  z.enum(SITE_LOCALES),
  z.object({
    daily: z.string().min(1),
    weekly: z.string().min(1),
    monthly: z.string().min(1),
    text: z.string().min(1),
    text_no_max: z.string().min(1),
  }),
);
export type TCashbackWords = z.output<typeof ZCashbackWords>;

/**
 * The words of a program an operator creates (content/campaigns/cashback-words.json): a title per period and a
 * text with {percent} and {max}, in every site locale, so a new program speaks every language from the start.
 */
export const readCashbackWords = (contentDir: string): TCashbackWords => {
  const file = join(contentDir, 'campaigns', 'cashback-words.json');
  const parsed = ZCashbackWords.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success || SITE_LOCALES.some((l) => !parsed.data[l]))
    throw new Error(`content/campaigns/cashback-words.json is invalid: every site locale needs its words`);
  return parsed.data;
};

/** A new program's description in every locale, for its period and whether it has a maximum. */
export const cashbackDescription = (words: TCashbackWords, period: string, hasMax: boolean) => ({
  texts: Object.fromEntries(
    Object.entries(words).map(([locale, w]) => [
      locale,
      {
        title: (CASHBACK_PERIODS as readonly string[]).includes(period) ? w[period as 'daily'] : w.weekly,
        text: hasMax ? w.text : w.text_no_max,
      },
    ]),
  ),
});
