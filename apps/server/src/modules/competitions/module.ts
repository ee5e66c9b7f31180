/**
 * The competitions module: tournaments (scored by the bet pipeline's `tournament_points` and `tournament_win_points`
 * consequences, closed by a job that pays prizes through the ledger exactly once), their leaderboards, and the
 * site-wide win lists.
 */
import {
  ZGetLeaderboard,
  ZGetLiveWins,
  ZGetTopWins,
  ZGetTournaments,
  ZParticipateTournament,
} from '@casino/contracts/calls/competitions';
import { ZGetJackpots, ZGetJackpotWinners } from '@casino/contracts/calls/jackpots';
import type { TModule } from '../../platform/context.ts';
import { notAuthorized } from '../../platform/http/app-error.ts';
import { registerWithdrawalCheck } from '../cashier/index.ts';
import { listWinners, liveBroadcastTopics, topWinners } from '../games/index.ts';
import {
  CLOSE_TOURNAMENT_JOB,
  closeTournament,
  enqueueDueClosings,
  TOURNAMENT_FINISHED,
} from './close-tournament.ts';
import { jackpotConsequence } from './jackpot-contribution.ts';
import { ensureJackpotCycles, JACKPOT_CYCLES_TASK } from './jackpot-cycles.ts';
import { forgetJackpotRulesOf, JACKPOTS_CHANGED } from './jackpot-rules.ts';
import { listJackpots, listJackpotWinners } from './jackpots.ts';
import { listTournaments } from './list-tournaments.ts';
import { JACKPOTS_TOPIC, STANDINGS_TOPIC, throttledPublisher } from './live.ts';
import { participate } from './participate.ts';
import { resetOnCashout } from './reset-on-cashout.ts';
import { seedCompetitions } from './seed.ts';
import { getLeaderboard } from './standings.ts';
import { forgetTournamentRulesOf, TOURNAMENTS_CHANGED } from './tournament-eligibility.ts';
import { tournamentPointsConsequence, tournamentWinPointsConsequence } from './tournament-points.ts';

const PERIOD_MS = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 } as const;
export const CLOSE_DUE_TASK = 'competitions.close_due';

export const competitionsModule: TModule = {
  name: 'competitions',
  register(app, ctx) {
    const now = () => ctx.providers.clock.now();
    ctx.api.handle(ZGetTournaments, (params, request) =>
      listTournaments(ctx.db, {
        status: params.status,
        ids: params.ids.map(Number),
        offset: params.offset,
        count: params.count,
        fields: params.fields,
        locale: request.locale,
        playerId: request.player?.id ?? null,
        now: now(),
      }),
    );
    ctx.api.handle(ZParticipateTournament, (params, request) => {
      if (!request.player) throw notAuthorized();
      return participate(ctx, request.player, params.tournament_id, now());
    });
    ctx.api.handle(ZGetLeaderboard, (params, request) =>
      getLeaderboard(ctx.db, {
        tournamentId: params.tournament_id,
        offset: params.offset,
        count: params.count,
        playerId: request.player?.id ?? null,
      }),
    );
    ctx.api.handle(ZGetLiveWins, (params) => listWinners(ctx.db, params.count, []));
    ctx.api.handle(ZGetTopWins, (params) =>
      topWinners(ctx.db, new Date(now().getTime() - PERIOD_MS[params.period]), params.count),
    );
    ctx.api.handle(ZGetJackpots, (params, request) => listJackpots(ctx.db, params.id, request.locale));
    ctx.api.handle(ZGetJackpotWinners, (params, request) =>
      listJackpotWinners(ctx.db, {
        jackpotId: params.jackpot_id,
        offset: params.offset,
        count: params.count,
        locale: request.locale,
      }),
    );
    const report = (error: unknown) => app.log.error({ err: error }, 'competitions live update failed');
    const standings = throttledPublisher(ctx.bus, STANDINGS_TOPIC, report);
    const pools = throttledPublisher(ctx.bus, JACKPOTS_TOPIC, report);
    app.addHook('onClose', async () => {
      standings.stop();
      pools.stop();
    });
    for (const topic of [STANDINGS_TOPIC, JACKPOTS_TOPIC, TOURNAMENT_FINISHED])
      liveBroadcastTopics.add(topic);
    ctx.bets.register(tournamentPointsConsequence(standings, ctx.db));
    ctx.bets.register(tournamentWinPointsConsequence(standings, ctx.db));
    ctx.bets.register(jackpotConsequence(pools, ctx.db));
    const unsubscribe = ctx.bus.subscribe((event) => {
      if (event.topic === JACKPOTS_CHANGED) forgetJackpotRulesOf(ctx.db);
      if (event.topic === TOURNAMENTS_CHANGED) forgetTournamentRulesOf(ctx.db);
    });
    app.addHook('onClose', async () => unsubscribe());
    ctx.jobs.every(JACKPOT_CYCLES_TASK, 5_000, () => ensureJackpotCycles(ctx));
    registerWithdrawalCheck('tournament_reset_on_cashout', resetOnCashout);
    ctx.jobs.define(CLOSE_TOURNAMENT_JOB, (payload) => closeTournament(ctx, Number(payload.tournament_id)));
    ctx.jobs.every(CLOSE_DUE_TASK, 30_000, () => enqueueDueClosings(ctx));
  },
  async seed(ctx) {
    // Demo content for a fresh start; tests make their own competitions (a demo jackpot's drop would pay players
    // of every other test's money model). seed.test.ts seeds it on purpose.
    if (ctx.config.NODE_ENV !== 'test') await seedCompetitions(ctx);
  },
};
