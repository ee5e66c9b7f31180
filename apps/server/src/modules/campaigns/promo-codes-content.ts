/**
 * The promo codes of content/campaigns/promo-codes.json (checked by zod) and their seed: a new code is added, one
 * nobody edited follows its entry when that changes, one an operator edited (edited_at set) stays as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb } from '../../platform/db/database.ts';
import { findTemplateBySysname } from '../bonuses/index.ts';
import { contentHash } from '../i18n/index.ts';

const zAmount = () =>
  z
    .string()
    .regex(/^\d+\.\d{2}$/, 'an amount with 2 decimals, e.g. "10.00"')
    .transform((v) => toCents(v));
const zTime = () => z.iso.datetime({ offset: true }).nullable().default(null);

export const ZContentPromoCode = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/, 'letters, digits, _ and - (2 to 40)'),
    /** A bonus template's sysname (content/bonuses/templates.json). */
    template: z.string().nullable().default(null),
    bonus_amount: zAmount().nullable().default(null),
    freespins: z
      .object({ sysname: z.string(), count: z.number().int().min(1).max(500), bet: zAmount() })
      .nullable()
      .default(null),
    starts_at: zTime(),
    ends_at: zTime(),
    max_uses: z.number().int().positive().nullable().default(null),
    per_player_limit: z.number().int().positive().default(1),
    new_player_days: z.number().int().positive().nullable().default(null),
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)).default([]),
    min_deposits: z.number().int().min(0).default(0),
    max_deposits: z.number().int().min(0).nullable().default(null),
    is_active: z.boolean().default(true),
    is_public: z.boolean().default(false),
  })
  .refine((c) => c.template !== null || c.freespins !== null, 'a template or a freespins pack is required');
export type TContentPromoCode = z.output<typeof ZContentPromoCode>;

export const readPromoCodesContent = (contentDir: string): TContentPromoCode[] => {
  const file = join(contentDir, 'campaigns', 'promo-codes.json');
  const parsed = z.array(ZContentPromoCode).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`content/campaigns/promo-codes.json is invalid:\n${lines}`);
  }
  const seen = new Set<string>();
  for (const { code } of parsed.data) {
    if (seen.has(code.toUpperCase()))
      throw new Error(`content/campaigns/promo-codes.json: ${code} appears twice`);
    seen.add(code.toUpperCase());
  }
  return parsed.data;
};

export const seedPromoCodes = async (db: TDb, codes: TContentPromoCode[]) =>
  db.transaction(async (tx) => {
    for (const code of codes) {
      const template = code.template ? await findTemplateBySysname(tx, code.template) : undefined;
      if (code.template && !template)
        throw new Error(
          `content/campaigns/promo-codes.json: ${code.code} names unknown template ${code.template}`,
        );
      const freespins = code.freespins && { ...code.freespins, bet: Number(code.freespins.bet) };
      const hash = contentHash({ ...code, bonus_amount: String(code.bonus_amount), freespins });
      await tx.execute(sql`
        insert into promo_codes (code, template_id, bonus_amount, freespins, starts_at, ends_at, max_uses,
          per_player_limit, new_player_days, countries, min_deposits, max_deposits, is_active, is_public,
          source_hash)
        values (${code.code}, ${template ? Number(template.id) : null}, ${code.bonus_amount},
          ${freespins ? JSON.stringify(freespins) : null}::jsonb, ${code.starts_at}::timestamptz,
          ${code.ends_at}::timestamptz, ${code.max_uses}, ${code.per_player_limit}, ${code.new_player_days},
          ${JSON.stringify(code.countries)}::jsonb, ${code.min_deposits}, ${code.max_deposits}, ${code.is_active},
          ${code.is_public}, ${hash})
        on conflict ((upper(code))) do update set
          code = excluded.code, template_id = excluded.template_id, bonus_amount = excluded.bonus_amount,
          freespins = excluded.freespins, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
          max_uses = excluded.max_uses, per_player_limit = excluded.per_player_limit,
          new_player_days = excluded.new_player_days, countries = excluded.countries,
          min_deposits = excluded.min_deposits, max_deposits = excluded.max_deposits,
          is_active = excluded.is_active, is_public = excluded.is_public, source_hash = excluded.source_hash, updated_at = now()
        where promo_codes.edited_at is null and promo_codes.source_hash is distinct from excluded.source_hash`);
    }
  });
