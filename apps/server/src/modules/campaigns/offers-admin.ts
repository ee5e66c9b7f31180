/**
 * Deposit offers made in the back-office (issue 40, ADR 068): created, edited, copied (a new sysname, switched off)
 * and retired (never offered again, kept for the bonuses it granted). Made offers are numbered above the content's
 * (content/campaigns/offers.json: 1–1000) and marked edited, so the seed never changes them. Each answers the terms
 * before and after for the audit log (null after: nothing changed). Its words are edited one locale at a time.
 */

import type { Cents } from '@casino/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { UPLOADED_IMAGE_PATH } from '../../platform/images.ts';
import { findTemplateBySysname } from '../bonuses/index.ts';
import { PAYMENT_METHODS } from '../cashier/index.ts';
import { queryRows } from '../ledger/index.ts';
import {
  blankItem,
  checkSegment,
  checkShowing,
  copiedItem,
  retireItem,
  showingColumns,
  type TItemShowing,
} from './campaign-items.ts';
import { DEPOSIT_TEMPLATE } from './content.ts';
import { insertMadeRow } from './made-rows.ts';
import { campaignOffers, OFFER_CONDITIONS, type TCampaignOffer } from './schema.ts';

export const OFFER_SYSNAME = /^[a-z0-9_]{2,60}$/;
/** The largest bonus multiplier an offer may ask; each grant is capped by the player's jurisdiction (ADR 066). */
const MAX_WAGER = 200;

export interface TOfferPatch extends TItemShowing {
  locale: string;
  title: string;
  text: string;
  condition: string;
  percent: number;
  maxAmount: Cents;
  wager: number;
  /** The bonus template's sysname. */
  template: string;
  minAmount: Cents;
  excludeMethods: string[];
  /**
   * The cashier card's image: an uploaded image's path (`uploads/<sha>.<ext>`, platform/image-uploads.ts), null to
   * take it off; absent: the offer keeps the one it has.
   */
  image?: string | null;
}

/** The deposit offers, by priority (the cashier's order), claim offers left out (they are content's). */
export const listOfferRows = async (db: TExecutor) =>
  (
    await db.select().from(campaignOffers).orderBy(asc(campaignOffers.priority), asc(campaignOffers.id))
  ).filter((o) => o.action === 'deposit');

export const findDepositOffer = async (db: TExecutor, id: number) => {
  const [row] = await db.select().from(campaignOffers).where(eq(campaignOffers.id, id));
  return row?.action === 'deposit' ? row : undefined;
};

/** The terms as the audit log records them (cents as text). */
export const offerTerms = (o: TCampaignOffer) => ({
  condition: o.condition,
  promotions: o.promotions,
  min_amount: String(o.minAmount),
  exclude_methods: o.excludeMethods,
  priority: o.priority,
  is_active: o.isActive,
  starts_at: o.startsAt?.toISOString() ?? null,
  ends_at: o.endsAt?.toISOString() ?? null,
  locales: o.locales,
  countries: o.countries,
  segment_id: o.segmentId,
  image: o.description.image,
  texts: o.description.texts,
  retired_at: o.retiredAt?.toISOString() ?? null,
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Checks an offer's words, terms, window and targeting (refused with the field's code); answers the title. */
const checkOfferPatch = async (db: TExecutor, patch: TOfferPatch) => {
  if (!/^[a-z]{2}$/.test(patch.locale)) throw invalidParameters({ locale: 'wrongField' });
  const title = patch.title.trim();
  if (!title) throw invalidParameters({ title: 'requiredField' });
  if (title.length > 120) throw invalidParameters({ title: 'maxLength' });
  if (CONTROL.test(title)) throw invalidParameters({ title: 'wrongField' });
  if (patch.text.length > 1000) throw invalidParameters({ text: 'maxLength' });
  if (CONTROL.test(patch.text.replaceAll(/\r?\n/g, ''))) throw invalidParameters({ text: 'wrongField' });
  if (!(OFFER_CONDITIONS as readonly string[]).includes(patch.condition))
    throw invalidParameters({ condition: 'wrongField' });
  if (!Number.isInteger(patch.percent) || patch.percent < 1 || patch.percent > 1000)
    throw invalidParameters({ percent: 'wrongField' });
  if (patch.maxAmount <= 0n) throw invalidParameters({ max_amount: 'wrongField' });
  if (patch.minAmount < 0n) throw invalidParameters({ min_amount: 'wrongField' });
  if (!Number.isInteger(patch.wager) || patch.wager < 0 || patch.wager > MAX_WAGER)
    throw invalidParameters({ wager: 'wrongField' });
  const methods = PAYMENT_METHODS.map((m) => m.sysname);
  if (patch.excludeMethods.some((m) => !methods.includes(m)))
    throw invalidParameters({ exclude_methods: 'wrongField' });
  checkShowing(patch);
  const template = await findTemplateBySysname(db, patch.template);
  if (!template || template.retiredAt !== null || template.type !== 'casino')
    throw invalidParameters({ template: 'notUsable' });
  await checkSegment(db, patch.segmentId);
  if (patch.image && !UPLOADED_IMAGE_PATH.test(patch.image)) throw invalidParameters({ image: 'wrongField' });
  return title;
};

/** The offer `row` with the patch applied (its words in the patch's locale). */
const patchedOffer = (row: TCampaignOffer, patch: TOfferPatch, title: string): TCampaignOffer => ({
  ...row,
  condition: patch.condition as TCampaignOffer['condition'],
  promotions: [
    {
      type: 'bonus',
      percent: patch.percent,
      max_amount: Number(patch.maxAmount),
      wager: patch.wager,
      ...(patch.template === DEPOSIT_TEMPLATE ? {} : { template: patch.template }),
    },
  ],
  minAmount: patch.minAmount,
  excludeMethods: [...new Set(patch.excludeMethods)],
  ...showingColumns(patch),
  description: {
    ...row.description,
    image: patch.image === undefined ? row.description.image : patch.image,
    texts: { ...row.description.texts, [patch.locale]: { title, text: patch.text.trim() } },
  },
});

/** A blank deposit offer (the new form's start): 100 % up to 100.00, wagered 10x, for every deposit. */
export const blankOffer = (now: Date): TCampaignOffer => ({
  id: 0,
  sysname: '',
  action: 'deposit',
  condition: 'any',
  excludeMethods: [],
  minAmount: 1000n,
  description: { image: null, texts: {} },
  promotions: [{ type: 'bonus', percent: 100, max_amount: 10_000, wager: 10 }],
  reward: null,
  ...blankItem(now),
});

export const createDepositOffer = async (db: TExecutor, sysname: string, patch: TOfferPatch, now: Date) => {
  if (!OFFER_SYSNAME.test(sysname)) throw invalidParameters({ sysname: 'wrongField' });
  const title = await checkOfferPatch(db, patch);
  const { id: _id, ...values } = patchedOffer(blankOffer(now), patch, title);
  const offer = await insertMadeRow(db, campaignOffers, { ...values, sysname });
  return { offer, after: { sysname, ...offerTerms(offer) } };
};

export const updateDepositOffer = async (db: TExecutor, id: number, patch: TOfferPatch, now: Date) => {
  const title = await checkOfferPatch(db, patch);
  const [locked] = await db.select().from(campaignOffers).where(eq(campaignOffers.id, id)).for('update');
  if (locked?.action !== 'deposit') throw invalidParameters({ id: 'notFound' });
  if (locked.retiredAt) throw invalidParameters({ id: 'retired' });
  const next = patchedOffer(locked, patch, title);
  const before = offerTerms(locked);
  const after = offerTerms(next);
  if (JSON.stringify(before) === JSON.stringify(after)) return { before, after: null };
  const { id: _id, sysname: _s, createdAt: _c, ...values } = next;
  await db
    .update(campaignOffers)
    .set({ ...values, editedAt: now, updatedAt: now })
    .where(eq(campaignOffers.id, id));
  return { before, after };
};

export const copyDepositOffer = async (db: TExecutor, id: number, sysname: string, now: Date) => {
  if (!OFFER_SYSNAME.test(sysname)) throw invalidParameters({ sysname: 'wrongField' });
  const source = await findDepositOffer(db, id);
  if (!source) throw invalidParameters({ id: 'notFound' });
  const offer = await insertMadeRow(db, campaignOffers, copiedItem(source, sysname, now));
  return { offer, after: { copied_from: source.sysname, sysname, ...offerTerms(offer) } };
};

export const retireDepositOffer = async (db: TExecutor, id: number, now: Date) => {
  const [locked] = await db.select().from(campaignOffers).where(eq(campaignOffers.id, id)).for('update');
  if (locked?.action !== 'deposit') throw invalidParameters({ id: 'notFound' });
  return retireItem(db, campaignOffers, locked, now);
};

/** Whether a deposit offer or popup that is not retired targets the segment (the crm keeps it while one does). */
export const isSegmentTargeted = async (db: TExecutor, segmentId: number) => {
  const rows = await queryRows<{ n: unknown }>(
    db,
    sql`select (select count(*) from campaign_offers where segment_id = ${segmentId} and retired_at is null)
             + (select count(*) from campaign_popups where segment_id = ${segmentId} and retired_at is null) as n`,
  );
  return Number(rows[0]?.n ?? 0) > 0;
};
