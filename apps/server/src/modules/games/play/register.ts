/** Registers the play calls, the export download, the socket of the live tables and the background work. */

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
import type { TAppContext } from '../../../platform/context.ts';
import { notAuthorized } from '../../../platform/http/app-error.ts';
import { assertFeatureEnabled } from '../../responsible-gaming/feature-flags.ts';
import { getCrashRound } from '../live/crash-play.ts';
import { startCrashTables } from '../live/crash-table.ts';
import { registerLiveSocket } from '../live/live-socket.ts';
import { getLiveRound, playLiveTable, startLiveTables } from '../live/live-table.ts';
import { activePair, fairnessView, rotateSeed } from './fairness.ts';
import { listFreespinsPacks } from './freespins.ts';
import {
  createExport,
  defineExportJob,
  getExport,
  getHistory,
  getRound,
  registerExportRoute,
} from './history.ts';
import { ownerOf } from './owner.ts';
import { playGame } from './play-round.ts';
import { defineSettleJob } from './settle-stale.ts';
import { listWinners } from './winners.ts';

const playerIdOf = (request: FastifyRequest) => {
  if (!request.player) throw notAuthorized();
  return request.player.id;
};

const byOwner = (_p: unknown, r: FastifyRequest) => String(r.player?.id ?? r.cookies.vid ?? '');

export const registerPlay = async (app: FastifyInstance, ctx: TAppContext) => {
  const { api, db } = ctx;
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
      return playGame(ctx, owner, params, playLiveTable);
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
      return createExport(ctx, playerIdOf(request), params);
    },
    { rateLimit: { max: 10, windowSeconds: 3600, by: byOwner } },
  );
  api.handle(ZGetHistoryExportRequest, (params, request) => getExport(db, playerIdOf(request), params.id));
  api.handle(ZGetWinners, (params) => listWinners(db, params.count, params.sysnames));
  api.handle(ZGetFreespinsPacks, (params, request) =>
    listFreespinsPacks(db, playerIdOf(request), params.sysnames),
  );
  api.handle(ZGetLiveRound, (params) => getLiveRound(ctx, params.sysname));
  api.handle(ZGetCrashRound, (params, request) =>
    getCrashRound(ctx, params.sysname, ownerOf(ctx, request, null)),
  );

  registerExportRoute(app, ctx);
  await registerLiveSocket(app, ctx);
  defineExportJob(ctx);
  defineSettleJob(ctx);
  startLiveTables(ctx);
  startCrashTables(ctx);
};
