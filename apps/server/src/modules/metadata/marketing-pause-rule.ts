/**
 * Whether marketing (the banners) is paused for a request: responsible gaming registers its rule at start (it sits
 * above the metadata module, whose settings it reads, so metadata does not import it).
 */
import type { FastifyRequest } from 'fastify';
import { contextSlot, type TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';

export type TMarketingPauseRule = (
  db: TExecutor,
  input: { playerId: number | null; request: FastifyRequest },
  now: Date,
) => Promise<boolean>;

const rule = contextSlot<TMarketingPauseRule>(
  'no marketing pause rule: responsible gaming registers it at start',
);

export const registerMarketingPauseRule = rule.fill;

export const isMarketingPausedFor = (ctx: TAppContext, request: FastifyRequest) =>
  rule.get(ctx)(ctx.db, { playerId: request.player?.id ?? null, request }, ctx.providers.clock.now());
