/** The wallet module: the seamless-wallet HTTP API for game providers and the live balance socket. */
import type { TAppContext, TModule } from '../../platform/context.ts';
import { ledgerPostingsSoFar } from '../ledger/index.ts';
import { registerWalletRoutes } from './routes.ts';
import { scheduleSessionPurge } from './session-retention.ts';
import { registerSocket } from './socket.ts';

export const walletModule: TModule = {
  name: 'wallet',
  async register(app, ctx) {
    await registerWalletRoutes(app, ctx);
    await registerSocket(app, ctx);
    scheduleSessionPurge(ctx);
    readLedgerPostings(ctx);
  },
};

/** The ledger's postings for the metrics, read at each scrape (the ledger has no register of its own: a base module). */
const readLedgerPostings = (ctx: TAppContext) => {
  for (const part of ['transactions', 'entries'] as const)
    ctx.metrics.readAtScrape({
      name: `ledger_${part}_total`,
      help: `Ledger ${part} posted so far (the highest id: a rolled-back posting's id counts too)`,
      type: 'counter',
      read: async () => [{ value: (await ledgerPostingsSoFar(ctx.db))[part] }],
    });
};
