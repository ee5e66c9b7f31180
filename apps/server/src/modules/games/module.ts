/**
 * The games module. The catalogue (game hall, studios, categories, favourites) lives in catalogue/; play,
 * fairness and round history are added beside it.
 */
import {
  ZAddLike,
  ZGamesGet,
  ZGetCategories,
  ZGetLikes,
  ZGetProviders,
  ZRemoveLike,
} from '@casino/contracts/calls/games';
import type { FastifyRequest } from 'fastify';
import type { TModule } from '../../platform/context.ts';
import { notAuthorized } from '../../platform/http/app-error.ts';
import { registerBannerFeature } from '../metadata/index.ts';
import { readCatalogueContent } from './catalogue/content.ts';
import { GAMES_CHANGED } from './catalogue/games-changed.ts';
import { addLike, readLikes, removeLike } from './catalogue/likes.ts';
import { listGames } from './catalogue/list-games.ts';
import { listCategories, listProviders } from './catalogue/list-providers.ts';
import { seedCatalogue } from './catalogue/seed-catalogue.ts';
import { forgetCatalogue, isGamePlayable, knownGameKind, refreshCatalogue } from './play/game-lookup.ts';
import { registerPlay } from './play-calls.ts';

const playerOf = (request: FastifyRequest) => {
  if (!request.player) throw notAuthorized();
  return request.player;
};
const LIKE_LIMIT = {
  max: 120,
  windowSeconds: 60,
  by: (_p: unknown, r: FastifyRequest) => String(r.player?.id ?? ''),
};

export const gamesModule: TModule = {
  name: 'games',
  async register(app, ctx) {
    const { api, db } = ctx;
    api.handle(ZGamesGet, (params, request) => listGames(db, params, request.player?.id ?? null));
    api.handle(ZGetProviders, (params) =>
      listProviders(db, { types: params.types, withGameParams: params.fields.includes('game_params') }),
    );
    api.handle(ZGetCategories, () => listCategories(db));
    api.handle(ZGetLikes, (params, request) => readLikes(db, playerOf(request).id, params.sysnames));
    api.handle(
      ZAddLike,
      (params, request) => addLike(db, playerOf(request).id, params.sysname, ctx.providers.clock.now()),
      { rateLimit: LIKE_LIMIT },
    );
    api.handle(ZRemoveLike, (params, request) => removeLike(db, playerOf(request).id, params.sysname), {
      rateLimit: LIKE_LIMIT,
    });
    // The bet pipeline weighs bets by game kind (wagering contributions, points per kind).
    ctx.bets.gameKindOf = (sysname) => knownGameKind(db, sysname);
    ctx.bets.refreshGames = () => refreshCatalogue(db);
    registerBannerFeature('game', (app, sysname) => isGamePlayable(app.db, sysname));
    const unsubscribe = ctx.bus.subscribe((event) => {
      if (event.topic === GAMES_CHANGED) forgetCatalogue(db);
    });
    app.addHook('onClose', async () => unsubscribe());
    await registerPlay(app, ctx);
  },
  async seed(ctx) {
    await seedCatalogue(ctx.db, readCatalogueContent(ctx.contentDir));
    await ctx.bus.publish(GAMES_CHANGED, {});
  },
};
