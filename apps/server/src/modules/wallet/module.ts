/** The wallet module: the seamless-wallet HTTP API for game providers and the live balance socket. */
import type { TModule } from '../../platform/context.ts';
import { registerWalletRoutes } from './routes.ts';
import { scheduleSessionPurge } from './session-retention.ts';
import { registerSocket } from './socket.ts';

export const walletModule: TModule = {
  name: 'wallet',
  async register(app, ctx) {
    await registerWalletRoutes(app, ctx);
    await registerSocket(app, ctx);
    scheduleSessionPurge(ctx);
  },
};
