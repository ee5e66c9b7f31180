/**
 * Reads the deposit offers of content/campaigns/offers.json, checked by zod (amounts as "20.00", known payment
 * methods, one bonus promotion each), so that a typo stops the start with a clear message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCents } from '@casino/contracts';
import { OFFER_ACTIONS } from '@casino/contracts/calls/campaigns';
import { z } from 'zod';
import { PAYMENT_METHODS } from '../cashier/settings.ts';
import { OFFER_CONDITIONS, type TStoredDescription, type TStoredPromotion } from './schema.ts';

const zAmount = () =>
  z
    .string()
    .regex(/^\d+\.\d{2}$/, 'an amount with 2 decimals, e.g. "20.00"')
    .transform((v) => toCents(v));
const zTime = () =>
  z.iso
    .datetime({ offset: true })
    .nullable()
    .default(null)
    .transform((v) => (v === null ? null : new Date(v)));
const METHOD_SYSNAMES = PAYMENT_METHODS.map((m) => m.sysname) as [string, ...string[]];

const ZContentPromotion = z.object({
  type: z.literal('bonus'),
  percent: z.number().int().min(1).max(1000),
  max_amount: zAmount(),
  wager: z.number().int().min(0).max(200),
});

export const ZContentOffer = z
  .object({
    id: z.number().int().positive(),
    sysname: z.string().regex(/^[a-z0-9_]+$/, 'lower-case letters, digits and _ only'),
    action: z.enum(OFFER_ACTIONS),
    condition: z.enum(OFFER_CONDITIONS),
    exclude_methods: z.array(z.enum(METHOD_SYSNAMES)).default([]),
    min_amount: zAmount().default(0n),
    // One deposit bonus per offer: a deposit earns one player bonus (player_bonuses.deposit_id is unique).
    promotions: z.array(ZContentPromotion).length(1),
    priority: z.number().int().default(0),
    is_active: z.boolean().default(true),
    starts_at: zTime(),
    ends_at: zTime(),
    description: z.object({
      image: z.string().nullable().default(null),
      texts: z
        .record(z.string(), z.object({ title: z.string().min(1), text: z.string() }))
        .refine((texts) => 'en' in texts, 'an en text is required (the fallback)'),
    }),
  })
  .refine((o) => !o.starts_at || !o.ends_at || o.starts_at < o.ends_at, 'starts_at must be before ends_at');
export type TContentOffer = z.output<typeof ZContentOffer>;

/** The promotions as stored: cents as plain numbers in JSON (exact below 2^53). */
export const storedPromotions = (offer: TContentOffer): TStoredPromotion[] =>
  offer.promotions.map((p) => ({
    type: p.type,
    percent: p.percent,
    max_amount: Number(p.max_amount),
    wager: p.wager,
  }));

export const storedDescription = (offer: TContentOffer): TStoredDescription => offer.description;

export const readOffersContent = (contentDir: string): TContentOffer[] => {
  const file = join(contentDir, 'campaigns', 'offers.json');
  const parsed = z.array(ZContentOffer).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`content/campaigns/offers.json is invalid:\n${lines}`);
  }
  const ids = new Set<number>();
  const sysnames = new Set<string>();
  for (const offer of parsed.data) {
    if (ids.has(offer.id) || sysnames.has(offer.sysname))
      throw new Error(`content/campaigns/offers.json: offer ${offer.id} (${offer.sysname}) appears twice`);
    ids.add(offer.id);
    sysnames.add(offer.sysname);
  }
  return parsed.data;
};
