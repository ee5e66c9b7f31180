/**
 * Whether marketing (the banners) is paused for a request: responsible gaming registers its rule at start (it sits
 * above the metadata module, whose settings it reads, so metadata does not import it).
 */
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';

export type TMarketingPauseRule = (
  db: TExecutor,
  input: { playerId: number | null; request: FastifyRequest },
  now: Date,
) => Promise<boolean>;

const ruleOf = new WeakMap<TAppContext, TMarketingPauseRule>();

export const registerMarketingPauseRule = (ctx: TAppContext, rule: TMarketingPauseRule) => {
  ruleOf.set(ctx, rule);
};

export const isMarketingPausedFor = (ctx: TAppContext, request: FastifyRequest) => {
  const rule = ruleOf.get(ctx);
  if (!rule) throw new Error('no marketing pause rule: responsible gaming registers it at start');
  return rule(ctx.db, { playerId: request.player?.id ?? null, request }, ctx.providers.clock.now());
};
