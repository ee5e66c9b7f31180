/**
 * campaigns.getpromotions, the promotions page: the live deposit offers and the public promo codes, each with the
 * full terms of the bonus it grants (from its bonus template: wagering, max bet, cap, validity, contributions),
 * in the request's locale and currency. The figures come from the data, never from words. None while marketing is
 * paused (a time-out or self-exclusion: responsible-gaming/marketing-pause.ts).
 */
import { formatMoney, toMajor } from '@casino/contracts';
import type { TPromotion } from '@casino/contracts/calls/campaigns';
import { fillPlaceholders } from '@casino/contracts/offer-terms';
import { asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { ipxUrl } from '../../platform/images.ts';
import type { TBonusTemplate } from '../bonuses/index.ts';
import { bonusWords, contributionsView, listTemplates } from '../bonuses/index.ts';
import { FREESPINS_WINNINGS_TEMPLATE } from '../games/index.ts';
import { DEPOSIT_TEMPLATE } from './content.ts';
import { isLive, offerView } from './offers.ts';
import { campaignOffers, promoCodes, type TCampaignOffer } from './schema.ts';

const IMAGE_SIZE = 192;
const PROMO_CODE_ART = 'campaigns/art/promo-code.svg';

/** The figures a template's words quote for a bonus of `amount`. */
export const wordsTerms = (template: TBonusTemplate, amount: bigint, input: { currency: string }) => ({
  amount,
  wager: template.wagerMultiplier,
  maxBet: template.maxBet,
  days: template.validDays,
  currency: input.currency,
  minOdds: template.minOdds,
});

const termsOf = (template: TBonusTemplate) => ({
  type: template.type,
  wager_multiplier: template.wagerMultiplier,
  max_bet: template.maxBet === null ? null : toMajor(template.maxBet),
  max_conversion: template.maxConversion === null ? null : toMajor(template.maxConversion),
  valid_days: template.validDays,
  contributions: contributionsView(template.contributions, template.type),
});

type TTemplates = Map<string, TBonusTemplate>;
type TInput = { locale: string; currency: string; now: Date };

const imageOf = (offer: TCampaignOffer) =>
  offer.description.image ? ipxUrl(offer.description.image, { width: IMAGE_SIZE, height: IMAGE_SIZE }) : null;

/** A deposit offer: a percent of the deposit on its template's terms. */
const depositItem = (offer: TCampaignOffer, templates: TTemplates, input: TInput): TPromotion | null => {
  const promotion = offer.promotions[0];
  const template = templates.get(promotion?.template ?? DEPOSIT_TEMPLATE);
  if (!promotion || !template?.isActive) return null;
  const view = offerView(offer, { ...input, satisfies: true, fields: ['description'] });
  return {
    id: `offer-${offer.id}`,
    kind: 'deposit_offer',
    title: view.description?.title ?? offer.sysname,
    text: view.description?.text ?? '',
    image: imageOf(offer),
    bonus: {
      ...termsOf(template),
      wager_multiplier: promotion.wager,
      amount: null,
      percent: promotion.percent,
      max_amount: toMajor(BigInt(promotion.max_amount)),
      min_deposit: toMajor(offer.minAmount),
    },
    action: { type: 'deposit', offer_id: offer.id, promo_code: null },
    freespins: null,
    ends_at: offer.endsAt?.toISOString() ?? null,
  };
};

/** A claim offer: its freespins pack (winnings on the freespins template's terms) or its bonus. */
const claimItem = (offer: TCampaignOffer, templates: TTemplates, input: TInput): TPromotion | null => {
  const reward = offer.reward;
  if (!reward) return null;
  const template = templates.get(reward.type === 'freespins' ? FREESPINS_WINNINGS_TEMPLATE : reward.template);
  if (!template?.isActive) return null;
  const texts = offer.description.texts;
  const words = texts[input.locale] ?? texts.en ?? { title: offer.sysname, text: '' };
  const values: Record<string, string> =
    reward.type === 'freespins'
      ? { count: String(reward.count), bet: formatMoney(BigInt(reward.bet), input.currency) }
      : { amount: formatMoney(BigInt(reward.amount), input.currency) };
  return {
    id: `offer-${offer.id}`,
    kind: 'claim_offer',
    title: fillPlaceholders(words.title, values),
    text: fillPlaceholders(words.text, values),
    image: imageOf(offer),
    bonus: {
      ...termsOf(template),
      amount: reward.type === 'bonus' ? toMajor(BigInt(reward.amount)) : null,
      percent: null,
      max_amount: null,
      min_deposit: null,
    },
    action: { type: 'take', offer_id: offer.id, promo_code: null },
    freespins:
      reward.type === 'freespins'
        ? { game: { sysname: reward.sysname }, count: reward.count, bet: toMajor(BigInt(reward.bet)) }
        : null,
    ends_at: offer.endsAt?.toISOString() ?? null,
  };
};

export const listPromotions = async (
  db: TExecutor,
  input: { isPaused: boolean; locale: string; currency: string; now: Date },
) => {
  if (input.isPaused) return { count: 0, items: [] };
  const templates = new Map((await listTemplates(db)).map((t) => [t.sysname, t]));
  const templatesById = new Map([...templates.values()].map((t) => [t.id, t]));
  const items: TPromotion[] = [];

  const offers = await db
    .select()
    .from(campaignOffers)
    .orderBy(asc(campaignOffers.priority), asc(campaignOffers.id));
  for (const offer of offers) {
    if (!isLive(offer, input.now)) continue;
    const item =
      offer.action === 'claim' ? claimItem(offer, templates, input) : depositItem(offer, templates, input);
    if (item) items.push(item);
  }

  const codes = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.isPublic, true))
    .orderBy(asc(promoCodes.id));
  for (const code of codes) {
    const template = code.templateId === null ? undefined : templatesById.get(code.templateId);
    const live =
      code.isActive &&
      (code.startsAt === null || code.startsAt.getTime() <= input.now.getTime()) &&
      (code.endsAt === null || input.now.getTime() < code.endsAt.getTime()) &&
      (code.maxUses === null || code.uses < code.maxUses);
    if (!template?.isActive || !live) continue;
    const amount = code.bonusAmount ?? template.amount ?? 0n;
    const words = bonusWords(
      template.description.texts,
      input.locale,
      wordsTerms(template, amount, input),
      code.code,
    );
    items.push({
      id: `code-${code.code}`,
      kind: 'promo_code',
      ...words,
      image: ipxUrl(PROMO_CODE_ART, { width: IMAGE_SIZE, height: IMAGE_SIZE }),
      bonus: {
        ...termsOf(template),
        amount: toMajor(amount),
        percent: null,
        max_amount: null,
        min_deposit: null,
      },
      action: { type: 'promo_code', offer_id: null, promo_code: code.code },
      freespins: code.freespins
        ? {
            game: { sysname: code.freespins.sysname },
            count: code.freespins.count,
            bet: toMajor(BigInt(code.freespins.bet)),
          }
        : null,
      ends_at: code.endsAt?.toISOString() ?? null,
    });
  }
  return { count: items.length, items };
};
