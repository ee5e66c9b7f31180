/**
 * The Hub88 module: the games aggregator (docs/decisions/060-hub88-aggregator.md). With HUB88_API_URL,
 * HUB88_OPERATOR_ID, HUB88_OPERATOR_PRIVATE_KEY and HUB88_PUBLIC_KEY set it serves our Wallet API to Hub88
 * (`/hub88/wallet/...`), imports Hub88's catalogue at start and every HUB88_IMPORT_MINUTES, and launches the
 * imported games (games.launchAggregator). Without them it is off: the launch answers ApplicationUnavailable.
 */
import { ZLaunchAggregatorGame } from '@casino/contracts/calls/hub88';
import { hasDemoFeatures } from '../../platform/config.ts';
import type { TAppContext, TModule } from '../../platform/context.ts';
import { isHub88On } from '../../platform/hub88-config.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { importHub88Catalogue } from './catalogue-import.ts';
import { createGamesClient, type TGamesClient } from './games-client.ts';
import { launchAggregatorGame } from './launch.ts';
import { publicKeyOf } from './signature.ts';
import { createHub88StandIn } from './stand-in/stand-in.ts';
import { registerHub88WalletRoutes } from './wallet-routes.ts';

export const HUB88_IMPORT_JOB = 'hub88.import';
/** Where the demo's stand-in answers on this server. */
export const STAND_IN_PATH = '/hub88-sim';

export const gamesClientOf = (config: TAppContext['config']): TGamesClient | null =>
  isHub88On(config)
    ? createGamesClient({
        apiUrl: config.HUB88_API_URL ?? '',
        operatorId: config.HUB88_OPERATOR_ID ?? 0,
        privateKeyPem: config.HUB88_OPERATOR_PRIVATE_KEY ?? '',
      })
    : null;

export const hub88Module: TModule = {
  name: 'hub88',
  async register(app, ctx) {
    const { config } = ctx;
    const client = gamesClientOf(config);
    ctx.api.handle(ZLaunchAggregatorGame, (params, request) =>
      launchAggregatorGame(ctx, client, params, request),
    );
    if (!client) return;
    await registerHub88WalletRoutes(app, ctx, config.HUB88_PUBLIC_KEY ?? '');
    const apiUrl = config.HUB88_API_URL ?? '';
    if (hasDemoFeatures(config) && config.HUB88_SIM_PRIVATE_KEY && apiUrl.endsWith(STAND_IN_PATH)) {
      const standIn = createHub88StandIn({
        privateKeyPem: config.HUB88_SIM_PRIVATE_KEY,
        operatorPublicKeyPem: publicKeyOf(config.HUB88_OPERATOR_PRIVATE_KEY ?? ''),
        operatorId: config.HUB88_OPERATOR_ID ?? 0,
        walletUrl: () => `${publicUrl(config)}/hub88/wallet`,
        publicBase: () => apiUrl,
      });
      await app.register(async (scope) => standIn.register(scope), { prefix: STAND_IN_PATH });
    }
    const runImport = async () => {
      const done = await importHub88Catalogue(ctx, client);
      app.log.info(done, 'hub88 catalogue imported');
    };
    ctx.jobs.every(HUB88_IMPORT_JOB, config.HUB88_IMPORT_MINUTES * 60_000, runImport);
    // At start, once the server answers (the demo's stand-in is this server): in the background, a failure logged.
    if (config.NODE_ENV !== 'test')
      app.addHook('onListen', async () => {
        runImport().catch((error) => app.log.error({ err: error }, 'hub88 catalogue import failed'));
      });
  },
};
