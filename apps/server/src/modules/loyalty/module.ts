/**
 * The loyalty module: points and quest progress as consequences of every bet (modules/bets), levels on lifetime
 * points, programs and quests, the shop, characters and notices; the eight loyalty calls of spec §7. The site
 * config's isLoyaltyEnable (and isCharactersEnable for characters) gates the calls.
 */
import {
  ZBuyProduct,
  ZGetCharacters,
  ZGetLoyaltyInfo,
  ZGetNotifications,
  ZGetPointsHistory,
  ZGetProducts,
  ZGetProgram,
  ZGetPrograms,
  ZSetCharacter,
} from '@casino/contracts/calls/loyalty';
import type { FastifyRequest } from 'fastify';
import type { TModule } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { listCharacters, setCharacter } from './characters.ts';
import { claimQueue } from './claim-queue.ts';
import { settleClaimsIfDue } from './claims.ts';
import { assertLoyaltyFlag } from './flags.ts';
import { historyEntries } from './history.ts';
import { loyaltyInfo } from './info.ts';
import { takeNotices } from './notifications.ts';
import { pointsConsequence } from './points-consequence.ts';
import { getProgram, listPrograms } from './programs.ts';
import { questConsequence } from './quest-consequence.ts';
import { readLoyaltyContent, seedLoyalty } from './seed.ts';
import { buyProduct, listProducts } from './shop.ts';
import { sportsbookPointsConsequence } from './sportsbook-points.ts';

const playerOf = (request: FastifyRequest) => {
  if (!request.player) throw new AppError('AuthorizationException');
  return request.player;
};

export const loyaltyModule: TModule = {
  name: 'loyalty',
  register(_app, ctx) {
    const on = () => assertLoyaltyFlag(ctx.db, 'isLoyaltyEnable');
    const now = () => ctx.providers.clock.now();

    const settleOne = claimQueue((id) => settleClaimsIfDue(ctx, id));
    const settleDue = async (playerIds: readonly number[]) => {
      await Promise.all(playerIds.map(settleOne));
    };
    ctx.bets.register(pointsConsequence(settleDue));
    ctx.bets.settlements.register(sportsbookPointsConsequence(settleDue));
    ctx.bets.register(questConsequence(settleDue));

    ctx.api.handle(ZGetLoyaltyInfo, async (_params, request) => {
      await on();
      return loyaltyInfo(ctx, playerOf(request), request.locale);
    });
    ctx.api.handle(ZGetPrograms, async (_params, request) => {
      await on();
      const items = await listPrograms(ctx.db, {
        playerId: request.player?.id ?? null,
        locale: request.locale,
        now: now(),
      });
      return { items };
    });
    ctx.api.handle(ZGetProgram, async (params, request) => {
      await on();
      return getProgram(ctx.db, {
        playerId: request.player?.id ?? null,
        locale: request.locale,
        now: now(),
        sysname: params.sysname,
      });
    });
    ctx.api.handle(ZGetProducts, async (params, request) => {
      await on();
      return listProducts(ctx.db, {
        playerId: request.player?.id ?? null,
        locale: request.locale,
        offset: params.offset,
        limit: params.limit,
      });
    });
    ctx.api.handle(ZBuyProduct, async (params, request) => {
      await on();
      return buyProduct(ctx, playerOf(request), params.id, request.locale);
    });
    ctx.api.handle(ZGetCharacters, async (params, request) => {
      await assertLoyaltyFlag(ctx.db, 'isCharactersEnable');
      return listCharacters(ctx.db, request.locale, params.offset, params.limit);
    });
    ctx.api.handle(ZSetCharacter, async (params, request) => {
      await on();
      await assertLoyaltyFlag(ctx.db, 'isCharactersEnable');
      const character = await setCharacter(ctx.db, playerOf(request).id, params.id, request.locale, now());
      return { character };
    });
    ctx.api.handle(ZGetNotifications, async (_params, request) => {
      await on();
      const player = playerOf(request);
      return {
        items: await takeNotices(ctx.db, {
          playerId: player.id,
          locale: request.locale,
          currency: player.currency,
          now: now(),
        }),
      };
    });
    ctx.api.handle(ZGetPointsHistory, async (params, request) => {
      await on();
      return { items: await historyEntries(ctx.db, playerOf(request).id, request.locale, params.limit) };
    });
  },
  async seed(ctx) {
    await seedLoyalty(ctx.db, readLoyaltyContent(ctx.contentDir));
  },
};
