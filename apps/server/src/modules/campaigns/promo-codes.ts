/**
 * Promo codes: campaigns.checkPromocode (the registration field checks a code as it is typed; a visitor learns
 * whether it exists, is in its window and has uses left) and campaigns.activateOffer (a player gets its bonus
 * through the bonus engine and its freespins pack). Refusals are INVALID, EXPIRED, USED, LIMIT or NOT_ELIGIBLE on
 * invalid_parameters.promo_code. Activations of one code serialise on its row, so its limits hold under load.
 */
import { type Cents, toMajor } from '@casino/contracts';
import type { TPromoCodeError } from '@casino/contracts/calls/campaigns';
import { and, count, eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import type { TBonusTemplate } from '../bonuses/index.ts';
import { BonusError, bonusItem, bonusWords, findTemplateById, grantBonus } from '../bonuses/index.ts';
import { countSuccessfulDeposits } from '../cashier/index.ts';
import { grantFreespinsPack } from '../games/index.ts';
import { publishBalances, queryRows } from '../ledger/index.ts';
import type { TPlayer } from '../players/index.ts';
import { assertMayReceiveOffers } from '../responsible-gaming/index.ts';
import { wordsTerms } from './promotions.ts';
import { promoCodes, promoCodeUses, type TPromoCode } from './schema.ts';

const DAY_MS = 86_400_000;

export const promoCodeError = (code: TPromoCodeError) => invalidParameters({ promo_code: code });

const findCode = async (db: TExecutor, code: string, lock = false): Promise<TPromoCode | undefined> => {
  if (code === '') return undefined;
  const [row] = await queryRows<{ id: unknown }>(
    db,
    sql`select id from promo_codes where upper(code) = upper(${code}) ${lock ? sql`for update` : sql``}`,
  );
  if (!row) return undefined;
  return (
    await db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, Number(row.id)))
  )[0];
};

/** Why nobody can use the code now (INVALID, EXPIRED, LIMIT), or null. */
const codeRefusal = (code: TPromoCode | undefined, template: TBonusTemplate | undefined, now: Date) => {
  if (!code?.isActive || (code.templateId !== null && !template?.isActive)) return 'INVALID' as const;
  // A template without an amount of its own grants only what the code names: no amount, nothing to grant.
  if (code.templateId !== null && (code.bonusAmount ?? template?.amount ?? null) === null)
    return 'INVALID' as const;
  if (
    (code.startsAt && code.startsAt.getTime() > now.getTime()) ||
    (code.endsAt && code.endsAt.getTime() <= now.getTime())
  )
    return 'EXPIRED' as const;
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'LIMIT' as const;
  return null;
};

/** Why this player cannot use the code (USED, NOT_ELIGIBLE), or null. */
const playerRefusal = async (db: TExecutor, code: TPromoCode, player: TPlayer, now: Date) => {
  const [used] = await db
    .select({ n: count() })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.promoCodeId, code.id), eq(promoCodeUses.playerId, player.id)));
  if (Number(used?.n ?? 0) >= code.perPlayerLimit) return 'USED' as const;
  if (code.newPlayerDays !== null && now.getTime() - player.createdAt.getTime() > code.newPlayerDays * DAY_MS)
    return 'NOT_ELIGIBLE' as const;
  if (code.countries.length > 0 && !code.countries.includes((player.countryCode ?? '').toUpperCase()))
    return 'NOT_ELIGIBLE' as const;
  if (code.minDeposits > 0 || code.maxDeposits !== null) {
    const deposits = await countSuccessfulDeposits(db, player.id);
    if (deposits < code.minDeposits || (code.maxDeposits !== null && deposits > code.maxDeposits))
      return 'NOT_ELIGIBLE' as const;
  }
  return null;
};

const templateOf = async (db: TExecutor, code: TPromoCode | undefined) =>
  code?.templateId == null ? undefined : await findTemplateById(db, code.templateId);

/** What the code gives, as checkPromocode and activateOffer answer it. */
const rewardView = (
  code: TPromoCode,
  template: TBonusTemplate | undefined,
  options: { locale: string; currency: string },
) => {
  const amount: Cents | null = code.bonusAmount ?? template?.amount ?? null;
  const words =
    template && amount !== null
      ? bonusWords(
          template.description.texts,
          options.locale,
          wordsTerms(template, amount, options),
          code.code,
        )
      : null;
  return {
    promo_code: code.code,
    bonus:
      template && amount !== null && words
        ? {
            type: template.type,
            amount: toMajor(amount),
            wager_multiplier: template.wagerMultiplier,
            max_bet: template.maxBet === null ? null : toMajor(template.maxBet),
            valid_days: template.validDays,
            ...words,
          }
        : null,
    freespins: code.freespins
      ? {
          game: { sysname: code.freespins.sysname },
          count: code.freespins.count,
          bet: toMajor(BigInt(code.freespins.bet)),
        }
      : null,
  };
};

export interface TPromoInput {
  code: string;
  /** The signed-in player, or null for a visitor (the registration form). */
  player: TPlayer | null;
  /** The browser met a time-out or self-exclusion still in force (responsible-gaming/marketing-pause.ts). */
  isBrowserPaused?: boolean;
  locale: string;
  currency: string;
}

/** No code for a browser that met a time-out or self-exclusion, nor for a player in one (issue 36). */
const assertMayGetCodes = async (ctx: TAppContext, input: TPromoInput, now: Date) => {
  if (input.isBrowserPaused) throw new AppError('AccessDeniedException', { reason: 'self_excluded' });
  if (input.player) await assertMayReceiveOffers(ctx.db, input.player.id, now);
};

/**
 * campaigns.checkPromocode: what the code gives, or the refusal (InvalidParameterException on promo_code). Nothing
 * is told while marketing is paused: AccessDeniedException (self_excluded), as activateOffer answers.
 */
export const checkPromoCode = async (ctx: TAppContext, input: TPromoInput) => {
  const now = ctx.providers.clock.now();
  await assertMayGetCodes(ctx, input, now);
  const code = await findCode(ctx.db, input.code);
  const template = await templateOf(ctx.db, code);
  const refusal =
    codeRefusal(code, template, now) ??
    (code && input.player ? await playerRefusal(ctx.db, code, input.player, now) : null);
  if (refusal || !code) throw promoCodeError(refusal ?? 'INVALID');
  return rewardView(code, template, input);
};

/**
 * campaigns.activateOffer: in one transaction under the code's row lock, checks the code and the player, records
 * the use, grants the bonus (active at once unless another casino bonus is) and the freespins pack. A player in a
 * time-out or self-exclusion gets nothing (AccessDeniedException). Answers the reward and the bonus granted.
 */
export const activatePromoCode = async (ctx: TAppContext, input: TPromoInput & { player: TPlayer }) => {
  const now = ctx.providers.clock.now();
  const { player } = input;
  await assertMayGetCodes(ctx, input, now);
  const outcome = await ctx.db.transaction(async (tx) => {
    const code = await findCode(tx, input.code, true);
    const template = await templateOf(tx, code);
    const refusal =
      codeRefusal(code, template, now) ?? (code ? await playerRefusal(tx, code, player, now) : null);
    if (refusal || !code) throw promoCodeError(refusal ?? 'INVALID');
    const [use] = await tx
      .insert(promoCodeUses)
      .values({ promoCodeId: code.id, playerId: player.id, usedAt: now })
      .returning({ id: promoCodeUses.id });
    let bonusId: number | null = null;
    if (template) {
      try {
        bonusId = (
          await grantBonus(tx, {
            playerId: player.id,
            template: template.sysname,
            amount: code.bonusAmount ?? undefined,
            source: 'promo_code',
            sourceRef: code.code,
            grantKey: `promo:${code.id}:${use?.id}`,
            now,
          })
        ).bonusId;
      } catch (error) {
        if (error instanceof BonusError) throw promoCodeError('INVALID');
        throw error;
      }
      await tx
        .update(promoCodeUses)
        .set({ bonusId })
        .where(eq(promoCodeUses.id, Number(use?.id)));
    }
    if (code.freespins)
      await grantFreespinsPack(
        { db: tx, providers: ctx.providers },
        {
          playerId: player.id,
          sysname: code.freespins.sysname,
          count: code.freespins.count,
          stake: BigInt(code.freespins.bet),
          source: `promo:${code.code}`,
          grantKey: `promo:${code.id}:${use?.id}`,
        },
      );
    await tx
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} + 1`, updatedAt: now })
      .where(eq(promoCodes.id, code.id));
    return { reward: rewardView(code, template, input), bonusId };
  });
  await publishBalances(ctx.db, ctx.bus, [player.id]);
  return {
    ...outcome.reward,
    bonus_item:
      outcome.bonusId === null
        ? null
        : await bonusItem(ctx.db, outcome.bonusId, input.locale, input.currency),
  };
};
