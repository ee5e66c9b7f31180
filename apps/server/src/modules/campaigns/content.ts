/**
 * Reads the deposit offers of content/campaigns/offers.json, checked by zod (amounts as "20.00", known payment
 * methods, one bonus promotion each), so that a typo stops the start with a clear message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCents } from '@casino/contracts';
import { OFFER_ACTIONS } from '@casino/contracts/calls/campaigns';
import { z } from 'zod';
import { MAX_WAGER_MULTIPLIER } from '../bonuses/index.ts';
import { PAYMENT_METHODS } from '../cashier/index.ts';
import {
  OFFER_CONDITIONS,
  type TStoredDescription,
  type TStoredPromotion,
  type TStoredReward,
} from './schema.ts';

/** The template a deposit offer's bonus takes unless the offer names another. */
export const DEPOSIT_TEMPLATE = 'deposit_match';

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
  wager: z.number().int().min(0).max(MAX_WAGER_MULTIPLIER),
  /** The bonus template (content/bonuses) whose terms the bonus takes: max bet, cap, contributions, validity. */
  template: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .default(DEPOSIT_TEMPLATE),
});

/** A claim offer's reward (campaigns.takepromotions): a freespins pack, or a bonus from a template. */
const ZContentReward = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('freespins'),
    sysname: z.string(),
    count: z.number().int().min(1).max(500),
    bet: zAmount(),
  }),
  z.object({ type: z.literal('bonus'), template: z.string().regex(/^[a-z0-9_]+$/), amount: zAmount() }),
]);

export const ZContentOffer = z
  .object({
    id: z.number().int().positive(),
    sysname: z.string().regex(/^[a-z0-9_]+$/, 'lower-case letters, digits and _ only'),
    // deposit: taken with makedeposit's campaign_offer_id; claim: taken on its own (campaigns.takepromotions).
    action: z.enum(OFFER_ACTIONS),
    condition: z.enum(OFFER_CONDITIONS),
    exclude_methods: z.array(z.enum(METHOD_SYSNAMES)).default([]),
    min_amount: zAmount().default(0n),
    // One deposit bonus per deposit offer: a deposit earns one player bonus (player_bonuses.deposit_id is unique).
    promotions: z.array(ZContentPromotion).max(1).default([]),
    reward: ZContentReward.nullable().default(null),
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
  .refine((o) => !o.starts_at || !o.ends_at || o.starts_at < o.ends_at, 'starts_at must be before ends_at')
  .refine(
    (o) => (o.action === 'deposit' ? o.promotions.length === 1 : o.reward !== null),
    'a deposit offer has one bonus promotion, a claim offer a reward',
  );
export type TContentOffer = z.output<typeof ZContentOffer>;

/** The promotions as stored: cents as plain numbers in JSON (exact below 2^53). */
export const storedPromotions = (offer: TContentOffer): TStoredPromotion[] =>
  offer.promotions.map((p) => ({
    type: p.type,
    percent: p.percent,
    max_amount: Number(p.max_amount),
    wager: p.wager,
    ...(p.template === DEPOSIT_TEMPLATE ? {} : { template: p.template }),
  }));

/** A claim offer's reward as stored: cents as plain numbers. */
export const storedReward = (offer: TContentOffer): TStoredReward | null =>
  offer.reward === null
    ? null
    : offer.reward.type === 'freespins'
      ? { ...offer.reward, bet: Number(offer.reward.bet) }
      : { ...offer.reward, amount: Number(offer.reward.amount) };

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
