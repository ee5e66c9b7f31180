/**
 * The sportsbook (issue 15): our own betting product, the game `dgt_sportsbook` of kind betting. Its prices and
 * results arrive through the signed odds feed (POST /feed/sportsbook, feed.ts); its money moves through the wallet
 * like any provider's (placement: one wallet bet of the bet pipeline; settlement and cash-out: wallet wins), see
 * README.md.
 */
import {
  ZCashout,
  ZGetBets,
  ZGetEvent,
  ZGetEvents,
  ZGetSports,
  ZPlaceBet,
} from '@casino/contracts/calls/sportsbook';
import { isSportsbookSimulatorOn, isUofOn } from '../../platform/config.ts';
import type { TModule } from '../../platform/context.ts';
import { notAuthorized } from '../../platform/http/app-error.ts';
import { registerPaidDepositHook } from '../cashier/index.ts';
import { keepSessionsOf } from '../wallet/index.ts';
import { listBets } from './bets-view.ts';
import { cashout } from './cashout.ts';
import { repayDebts } from './debts.ts';
import { getEvent, listEvents, listSports } from './events-query.ts';
import { registerFeedRoute } from './feed.ts';
import { placeBet } from './place-bet.ts';
import { reconcileBets, settleableBets } from './settle.ts';
import { defineSettleJob } from './settle-queue.ts';
import { readMarketDescriptions, SIM_UOF_PREFIX } from './sim-uof.ts';
import { createSimulator, readSimulatorContent, TICK_MS } from './simulator.ts';
import { registerOddsSocket } from './socket.ts';
import { SPORTSBOOK_GAME } from './sportsbook-game.ts';
import { createUofBook } from './uof-book.ts';
import { checkAlive } from './watchdog.ts';

const playerOf = (request: { player: { id: number } | null }) => {
  if (!request.player) throw notAuthorized();
  return request.player.id;
};

export const sportsbookModule: TModule = {
  name: 'sportsbook',
  async register(app, ctx) {
    await registerFeedRoute(app, ctx);
    await registerOddsSocket(app, ctx);
    ctx.api.handle(ZGetSports, () => listSports(ctx.db));
    ctx.api.handle(ZGetEvents, (params, request) => listEvents(ctx.db, params, request.locale));
    ctx.api.handle(ZGetEvent, (params, request) => getEvent(ctx.db, params.id, request.locale));
    ctx.api.handle(ZPlaceBet, (params, request) => placeBet(ctx, playerOf(request), params));
    ctx.api.handle(ZGetBets, (params, request) =>
      listBets(
        ctx.db,
        {
          playerId: playerOf(request),
          status: params.status,
          offset: params.offset,
          count: params.count,
          id: params.id || undefined,
        },
        ctx.config.SPORTSBOOK_CASHOUT_MARGIN,
        request.locale,
      ),
    );
    ctx.api.handle(ZCashout, (params, request) =>
      cashout(ctx, playerOf(request), { betId: params.bet_id, amount: params.amount }),
    );
    registerPaidDepositHook('sportsbook.debts', repayDebts);
    // Its bets settle (and may be settled again) long after their session ended.
    keepSessionsOf(SPORTSBOOK_GAME);
    const uofUrl = ctx.config.UOF_AMQP_URL;
    if (isUofOn(ctx.config) && uofUrl) {
      // The Unified Odds Feed (uof-book.ts): its producers' monitor is the alive watchdog. The broker may be
      // down at the start: the consumer keeps trying, the server starts all the same.
      const book = createUofBook(app, ctx, {
        amqpUrl: uofUrl,
        apiUrl: ctx.config.UOF_API_URL,
        ...(ctx.config.UOF_ACCESS_TOKEN ? { accessToken: ctx.config.UOF_ACCESS_TOKEN } : {}),
        ...(ctx.config.UOF_NODE_ID === undefined ? {} : { nodeId: ctx.config.UOF_NODE_ID }),
      });
      app.addHook('onReady', async () => {
        book.start().catch((error: Error) => app.log.error({ err: error }, 'uof: the adapter did not start'));
      });
      app.addHook('onClose', () => book.close());
    } else {
      ctx.jobs.every('sportsbook.alive-watchdog', 1000, async () => {
        await checkAlive(ctx);
      });
    }
    // Bets whose legs all settled but whose settlement did not run (a restart in between).
    ctx.jobs.every('sportsbook.settle-pending', 30_000, async () => {
      await reconcileBets(ctx, await settleableBets(ctx.db));
    });
    defineSettleJob(ctx);
    if (isSportsbookSimulatorOn(ctx.config)) {
      // With a broker the simulator publishes UOF and serves its REST stand-in under /uof-sim (sim-uof.ts).
      const simulator = createSimulator(
        app,
        ctx,
        readSimulatorContent(ctx.contentDir),
        isUofOn(ctx.config) && uofUrl ? { uofUrl, descriptions: readMarketDescriptions(ctx.contentDir) } : {},
      );
      ctx.jobs.every('sportsbook.simulator', TICK_MS, () => simulator.safeTick());
      app.addHook('onClose', () => simulator.close());
      if (isUofOn(ctx.config))
        app.route({
          method: ['GET', 'POST'],
          url: `${SIM_UOF_PREFIX}/*`,
          helmet: false,
          logLevel: 'warn',
          handler: async (request, reply) => {
            const answer = await simulator.uofRest(
              request.method,
              request.url.slice(SIM_UOF_PREFIX.length),
              request.headers['x-access-token'],
            );
            return reply.status(answer.status).type('application/xml; charset=utf-8').send(answer.body);
          },
        });
    }
  },
};
