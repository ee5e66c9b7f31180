/**
 * games.launchAggregator: a game imported from Hub88 opens at the URL Hub88's /game/url gives, which the game page
 * frames. Real play opens our wallet session for the game (its token is what Hub88's Wallet API calls name) and
 * sends the player's id, currency and country; demo play sends neither user nor token, as documented, and plays
 * Hub88's own play money.
 */
import type { TParsedParams } from '@casino/contracts/call';
import type { ZLaunchAggregatorGame } from '@casino/contracts/calls/hub88';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { AppError, invalidParameters, notAuthorized } from '../../platform/http/app-error.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { importedGameLaunch } from '../games/index.ts';
import { findPlayerById } from '../players/index.ts';
import { walletService } from '../wallet/index.ts';
import { HUB88_ENGINE } from './catalogue-import.ts';
import { Hub88ApiError, type TGamesClient } from './games-client.ts';
import { userOf } from './protocol.ts';
import { HUB88_PROVIDER } from './wallet-api.ts';

type TLaunchParams = TParsedParams<typeof ZLaunchAggregatorGame>;

export const launchAggregatorGame = async (
  ctx: TAppContext,
  client: TGamesClient | null,
  params: TLaunchParams,
  request: FastifyRequest,
) => {
  if (!client) throw new AppError('ApplicationUnavailableException');
  const game = await importedGameLaunch(ctx.db, HUB88_ENGINE, params.sysname);
  const gameCode = game?.launch.game_code;
  if (!game || typeof gameCode !== 'string') throw invalidParameters({ sysname: 'wrongField' });
  const site = publicUrl(ctx.config);
  const common = {
    game_code: gameCode,
    platform: params.mobile === '1' ? ('GPL_MOBILE' as const) : ('GPL_DESKTOP' as const),
    lang: request.locale.slice(0, 2),
    ip: request.ip,
    lobby_url: `${site}/${request.locale}/gamehall`,
  };
  try {
    if (params.mode === 'demo') {
      if (!game.hasDemo) throw invalidParameters({ mode: 'wrongField' });
      return { url: await client.gameUrl({ ...common, currency: 'XXX', country: 'XX' }) };
    }
    if (!request.player) throw notAuthorized();
    const player = await findPlayerById(ctx.db, request.player.id);
    if (!player) throw notAuthorized();
    const { token } = await walletService.openSession(ctx, {
      playerId: player.id,
      game: params.sysname,
      mode: 'real',
      provider: HUB88_PROVIDER,
    });
    const url = await client.gameUrl({
      ...common,
      user: userOf(player.id),
      token,
      currency: player.currency,
      country: player.countryCode ?? 'XX',
      deposit_url: `${site}/${request.locale}/cashier/deposit`,
    });
    return { url };
  } catch (error) {
    if (error instanceof Hub88ApiError) {
      request.log.warn({ err: error }, 'hub88 game/url failed');
      throw new AppError('ApplicationUnavailableException');
    }
    throw error;
  }
};
