/** The bet pipeline joins every module's context from here (the platform imports no module). */
import type { BetPipeline } from './pipeline.ts';

declare module '../../platform/context.ts' {
  interface TAppContext {
    /** The bet pipeline's consequences (wagering, points, scores…), applied inside every bet's transaction. */
    bets: BetPipeline;
  }
}
