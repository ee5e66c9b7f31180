/** Registers the play calls, the export download, the socket of the live tables and the background work. */

import { ZFreespinsGet } from '@casino/contracts/calls/freespins';
import { ZGetCrashRound } from '@casino/contracts/calls/games-crash';
import {
  ZCreateHistoryExportRequest,
  ZGetFairness,
  ZGetFreespinsPacks,
  ZGetHistory,
  ZGetHistoryExportRequest,
  ZGetLiveRound,
  ZGetRound,
  ZGetWinners,
  ZPlay,
  ZRotateSeed,
} from '@casino/contracts/calls/games-play';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { notAuthorized } from '../../platform/http/app-error.ts';
import { assertFeatureEnabled } from '../responsible-gaming/index.ts';
import { getCrashRound } from './live/crash-play.ts';
import { registerLiveSocket } from './live/live-socket.ts';
import { getLiveRound, playLiveTable } from './live/live-table.ts';
import { startSharedTables } from './live/shared-tables.ts';
import { activePair, fairnessView, rotateSeed } from './play/fairness.ts';
import { listFreespins, listFreespinsPacks } from './play/freespins.ts';
import {
  assertExportEnabled,
  createExport,
  defineExportJob,
  getExport,
  getHistory,
  getRound,
  registerExportRoute,
} from './play/history.ts';
import { ownerOf } from './play/owner.ts';
import { playGame, type TPlayLive } from './play/play-round.ts';
import { defineSettleJob } from './play/settle-stale.ts';
import { listWinners } from './play/winners.ts';

const playerIdOf = (request: FastifyRequest) => {
  if (!request.player) throw notAuthorized();
  return request.player.id;
};

const byOwner = (_p: unknown, r: FastifyRequest) => String(r.player?.id ?? r.cookies.vid ?? '');

export const registerPlay = async (app: FastifyInstance, ctx: TAppContext) => {
  const { api, db } = ctx;
  // The shared tables sleep while nobody is interested; a table call or a bet wakes them first.
  const tables = startSharedTables(ctx);
  app.addHook('onClose', async () => tables.interest.close());
  const playTable: TPlayLive = async (...args) => {
    await tables.wake();
    return playLiveTable(...args);
  };
  api.handle(ZGetFairness, async (_params, request, reply) => {
    const owner = ownerOf(ctx, request, reply);
    if (!owner) throw notAuthorized();
    return fairnessView(await activePair(ctx, db, owner));
  });
  api.handle(
    ZRotateSeed,
    (params, request, reply) => {
      const owner = ownerOf(ctx, request, reply);
      if (!owner) throw notAuthorized();
      return rotateSeed(ctx, owner, params.client_seed);
    },
    { rateLimit: { max: 30, windowSeconds: 60, by: byOwner } },
  );
  api.handle(
    ZPlay,
    (params, request, reply) => {
      const owner = ownerOf(ctx, request, reply);
      if (!owner) throw notAuthorized();
      return playGame(ctx, owner, params, playTable);
    },
    { rateLimit: { max: 1200, windowSeconds: 60, by: byOwner } },
  );
  api.handle(ZGetRound, (params, request) => getRound(db, ownerOf(ctx, request, null), params.round_id));
  // Bet history and its export are gated by the operator's bet-history flag (spec §3), on the server too.
  api.handle(ZGetHistory, async (params, request) => {
    await assertFeatureEnabled(db, 'isBetHistoryEnable');
    return getHistory(db, playerIdOf(request), params);
  });
  api.handle(
    ZCreateHistoryExportRequest,
    async (params, request) => {
      await assertFeatureEnabled(db, 'isBetHistoryEnable');
      await assertExportEnabled(db);
      return createExport(ctx, playerIdOf(request), params);
    },
    { rateLimit: { max: 10, windowSeconds: 3600, by: byOwner } },
  );
  api.handle(ZGetHistoryExportRequest, (params, request) => getExport(db, playerIdOf(request), params.id));
  api.handle(ZGetWinners, (params) => listWinners(db, params.count, params.sysnames));
  api.handle(ZGetFreespinsPacks, (params, request) =>
    listFreespinsPacks(db, playerIdOf(request), params.sysnames, ctx.providers.clock.now()),
  );
  api.handle(ZFreespinsGet, (params, request) =>
    listFreespins(db, { ...params, playerId: playerIdOf(request), now: ctx.providers.clock.now() }),
  );
  api.handle(ZGetLiveRound, async (params) => {
    await tables.wake();
    return getLiveRound(ctx, params.sysname);
  });
  api.handle(ZGetCrashRound, async (params, request) => {
    await tables.wake();
    return getCrashRound(ctx, params.sysname, ownerOf(ctx, request, null));
  });

  registerExportRoute(app, ctx);
  await registerLiveSocket(app, ctx, tables.interest);
  defineExportJob(ctx);
  defineSettleJob(ctx);
};
