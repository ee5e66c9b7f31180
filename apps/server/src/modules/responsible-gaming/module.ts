/**
 * Responsible gaming: loss and session-time limits, the reality check, time-outs and self-exclusion. The calls
 * are gated by isResponsibleGamingEnable; the guards (guards.ts) are enforced by sign-in, the cashier and the
 * wallet whatever the flag says, and this module records signed-in activity for session-time limits.
 */
import {
  ZGetResponsibleGaming,
  ZGetSessionStats,
  ZSelfExclude,
  ZSetLossLimit,
  ZSetRealityCheck,
  ZSetSessionLimit,
  ZTakeTimeOut,
} from '@casino/contracts/calls/responsible-gaming';
import type { FastifyRequest } from 'fastify';
import type { TModule } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { registerMarketingPauseRule } from '../metadata/index.ts';
import { recordActivity } from './activity.ts';
import { betRulesOf, RG_CHANGED } from './bet-rules.ts';
import { exclusionView, startExclusion } from './exclusions.ts';
import { assertFeatureEnabled } from './feature-flags.ts';
import { isMarketingPaused, rememberPause, rememberRefusal } from './marketing-pause.ts';
import { sessionStats } from './session-stats.ts';
import { responsibleGamingSettings, setLossLimit, setRealityCheck, setSessionLimit } from './settings.ts';

const playerOf = (request: FastifyRequest) => {
  if (!request.player) throw new AppError('AuthorizationException');
  return request.player;
};

export const responsibleGamingModule: TModule = {
  name: 'responsible-gaming',
  register(app, ctx) {
    const { api, db } = ctx;
    const now = () => ctx.providers.clock.now();
    // The banners (metadata, below this module) are paused by the player's marketing pause or exclusion.
    registerMarketingPauseRule(ctx, isMarketingPaused);
    const gated = async (request: FastifyRequest) => {
      await assertFeatureEnabled(db, 'isResponsibleGamingEnable');
      return playerOf(request);
    };

    // Signed-in play time: every API request of a signed-in player (runs after the session hook of app.ts).
    app.addHook('onRequest', async (request) => {
      if (request.player && request.url.startsWith('/api/'))
        await recordActivity(db, request.player.id, now());
    });
    // A sign-in (or any call) refused for a time-out or self-exclusion leaves this browser without marketing
    // until it ends (marketing-pause.ts): the visitor it becomes is that player.
    app.addHook('onError', async (request, reply, error) =>
      rememberRefusal(request, reply, ctx.config, error, now()),
    );

    api.handle(ZGetResponsibleGaming, async (_params, request) =>
      responsibleGamingSettings(db, (await gated(request)).id, now()),
    );
    // The bet guard's copies of a player's rules (bet-rules.ts) are dropped on every instance when they change.
    const rulesChanged = (uid: number) => ctx.bus.publish(RG_CHANGED, { uid });
    const unsubscribe = ctx.bus.subscribe((event) => {
      if (event.topic === RG_CHANGED) betRulesOf(db).forget(Number((event.payload as { uid: number }).uid));
    });
    app.addHook('onClose', async () => unsubscribe());
    api.handle(ZSetLossLimit, async (params, request) => {
      const player = await gated(request);
      const answer = await setLossLimit(db, player.id, params, now());
      await rulesChanged(player.id);
      return answer;
    });
    api.handle(ZSetSessionLimit, async (params, request) => {
      const player = await gated(request);
      const answer = await setSessionLimit(db, player.id, params, now());
      await rulesChanged(player.id);
      return answer;
    });
    api.handle(ZSetRealityCheck, async (params, request) =>
      setRealityCheck(db, (await gated(request)).id, params.minutes, now()),
    );
    api.handle(ZTakeTimeOut, async (params, request, reply) => {
      const player = await gated(request);
      const exclusion = await startExclusion(ctx, player.id, 'time_out', params.period);
      await rulesChanged(player.id);
      await ctx.sessions.end(request, reply);
      rememberPause(request, reply, ctx.config, exclusion.until, now());
      return exclusionView(exclusion);
    });
    api.handle(ZSelfExclude, async (params, request, reply) => {
      const player = await gated(request);
      const exclusion = await startExclusion(ctx, player.id, 'self_exclusion', params.period);
      await rulesChanged(player.id);
      await ctx.sessions.end(request, reply);
      rememberPause(request, reply, ctx.config, exclusion.until, now());
      return exclusionView(exclusion);
    });
    api.handle(ZGetSessionStats, async (_params, request) =>
      sessionStats(db, await gated(request), request.sessionId, now()),
    );
  },
};
