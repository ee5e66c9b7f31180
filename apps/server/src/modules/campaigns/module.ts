/**
 * The campaigns module: the operator's deposit offers (content/campaigns → campaign_offers), campaigns.getoffers,
 * the bonus a deposit earns with an offer (plugged into the cashier by its deposit-offer handler, granted by the
 * bonus engine of modules/bonuses), and promo codes (checkPromocode, activateOffer; the code a registration form
 * carried is activated once the player exists).
 */
import {
  ZActivateOffer,
  ZCheckPromocode,
  ZGetOffers,
  ZGetPromotions,
  ZTakePromotions,
} from '@casino/contracts/calls/campaigns';
import { ZCashbacksGet, ZCashbacksPayout, ZCashbacksRemove } from '@casino/contracts/calls/cashbacks';
import { ZPopupsGet } from '@casino/contracts/calls/popups';
import { DEFAULT_CURRENCY } from '@casino/contracts/money';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TModule } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { onPlayerRegistered } from '../auth/index.ts';
import { registerDepositOfferHandler } from '../cashier/index.ts';
import { registerBannerFeature, registerOfferTermsSource } from '../metadata/index.ts';
import type { TPlayer } from '../players/index.ts';
import { isBrowserPaused, isMarketingPaused } from '../responsible-gaming/index.ts';
import { listCashbacks, payoutCashback, removeCashback, runCashbacks } from './cashback.ts';
import { readCashbackContent, seedCashbackPrograms } from './cashback-content.ts';
import { takePromotions } from './claim-offers.ts';
import { readOffersContent } from './content.ts';
import { depositBonusHandler } from './deposit-bonus.ts';
import { listOffers, liveOfferTermsBySysname } from './offers.ts';
import { listPopups, readPopupsContent, seedPopups } from './popups.ts';
import { activatePromoCode, checkPromoCode } from './promo-codes.ts';
import { readPromoCodesContent, seedPromoCodes } from './promo-codes-content.ts';
import { listPromotions } from './promotions.ts';
import { cashbackPrograms } from './schema.ts';
import { seedOffers } from './seed-offers.ts';

export const CASHBACK_JOB = 'campaigns.cashback';

export const campaignsModule: TModule = {
  name: 'campaigns',
  register(_app, ctx) {
    // Issue 36: no offer, popup or promo code for a player in a time-out or self-exclusion, nor for the browser
    // that met one (responsible-gaming/marketing-pause.ts).
    const isPaused = (request: FastifyRequest) =>
      isMarketingPaused(ctx.db, { playerId: request.player?.id ?? null, request }, ctx.providers.clock.now());
    ctx.api.handle(ZGetOffers, async (params, request) =>
      listOffers(ctx.db, {
        isPaused: await isPaused(request),
        playerId: request.player?.id ?? null,
        country: request.player?.countryCode ?? null,
        locale: request.locale,
        currency: request.player?.currency ?? DEFAULT_CURRENCY,
        offset: params.offset,
        count: params.count,
        fields: params.fields,
        now: ctx.providers.clock.now(),
      }),
    );
    ctx.api.handle(ZPopupsGet, async (params, request) =>
      listPopups(ctx.db, {
        isPaused: await isPaused(request),
        playerId: request.player?.id ?? null,
        country: request.player?.countryCode ?? null,
        page: params.page,
        preview: params.popup,
        locale: request.locale,
        now: ctx.providers.clock.now(),
      }),
    );
    ctx.api.handle(ZGetPromotions, async (_params, request) =>
      listPromotions(ctx.db, {
        isPaused: await isPaused(request),
        locale: request.locale,
        currency: request.player?.currency ?? DEFAULT_CURRENCY,
        now: ctx.providers.clock.now(),
      }),
    );
    ctx.api.handle(
      ZCheckPromocode,
      (params, request) =>
        checkPromoCode(ctx, {
          code: params.promo_code,
          player: request.player,
          isBrowserPaused: isBrowserPaused(request, ctx.providers.clock.now()),
          locale: request.locale,
          currency: request.player?.currency ?? DEFAULT_CURRENCY,
        }),
      // Typed as the player types (a check per pause): enough for that, too few to guess codes.
      { rateLimit: { max: 60, windowSeconds: 600 } },
    );
    ctx.api.handle(
      ZActivateOffer,
      (params, request) => {
        const player = request.player;
        if (!player) throw new Error('activateOffer without a player');
        return activatePromoCode(ctx, {
          code: params.promo_code,
          player,
          isBrowserPaused: isBrowserPaused(request, ctx.providers.clock.now()),
          locale: request.locale,
          currency: player.currency,
        });
      },
      { rateLimit: { max: 30, windowSeconds: 600 } },
    );
    ctx.api.handle(ZTakePromotions, (params, request) =>
      takePromotions(ctx, {
        player: playerOf(request),
        offerId: params.offer_id,
        locale: request.locale,
        isBrowserPaused: isBrowserPaused(request, ctx.providers.clock.now()),
      }),
    );
    onPlayerRegistered(ctx, 'promo-code', async (player, request) => {
      // A new account made on a browser that met a time-out or self-exclusion gets no bonus from it either.
      if (!player.promoCode || isBrowserPaused(request, ctx.providers.clock.now())) return;
      await activatePromoCode(ctx, {
        code: player.promoCode,
        player,
        locale: request.locale,
        currency: player.currency,
      });
    });
    const playerOf = (request: { player: TPlayer | null }) => {
      if (!request.player) throw new AppError('AuthorizationException');
      return request.player;
    };
    ctx.api.handle(ZCashbacksGet, (params, request) => {
      const player = playerOf(request);
      return listCashbacks(ctx.db, {
        ...params,
        playerId: player.id,
        locale: request.locale,
        currency: player.currency,
      });
    });
    ctx.api.handle(ZCashbacksPayout, (params, request) => {
      const player = playerOf(request);
      return payoutCashback(ctx, {
        playerId: player.id,
        cashbackId: params.cashback_id,
        locale: request.locale,
        currency: player.currency,
      });
    });
    ctx.api.handle(ZCashbacksRemove, (params, request) =>
      removeCashback(ctx.db, { playerId: playerOf(request).id, cashbackId: params.cashback_id }),
    );
    ctx.jobs.define(CASHBACK_JOB, async () => {
      // A new cashback changes no balance: the players hear of it from cashbacks.get (the unseen popup).
      await runCashbacks(ctx.db, ctx.providers.clock.now());
    });
    ctx.jobs.every(CASHBACK_JOB, 15 * 60_000, () =>
      ctx.jobs.enqueue(
        CASHBACK_JOB,
        {},
        { singletonKey: `${CASHBACK_JOB}:${ctx.providers.clock.now().toISOString().slice(0, 16)}` },
      ),
    );
    registerDepositOfferHandler(depositBonusHandler);
    registerOfferTermsSource((app) => liveOfferTermsBySysname(app.db, app.providers.clock.now()));
    // The menu banner promises weekly cashback: it shows while a cashback program runs.
    registerBannerFeature('cashback', async (app) => {
      const [live] = await app.db
        .select({ id: cashbackPrograms.id })
        .from(cashbackPrograms)
        .where(eq(cashbackPrograms.isActive, true))
        .limit(1);
      return live !== undefined;
    });
  },
  async seed(ctx) {
    await seedOffers(ctx.db, readOffersContent(ctx.contentDir));
    await seedPromoCodes(ctx.db, readPromoCodesContent(ctx.contentDir));
    await seedCashbackPrograms(ctx.db, readCashbackContent(ctx.contentDir));
    await seedPopups(ctx.db, readPopupsContent(ctx.contentDir));
  },
};
