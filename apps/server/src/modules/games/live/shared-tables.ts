/**
 * The shared tables of this instance (live roulette, crash): their clocks and the interest that keeps them awake.
 * `wake()` is what a table call or a bet does first: interest now, and the tables caught up if they slept.
 */
import type { TAppContext } from '../../../platform/context.ts';
import { startCrashTables } from './crash-table.ts';
import { startLiveTables } from './live-table.ts';
import { createTableInterest } from './table-interest.ts';

export const startSharedTables = (ctx: TAppContext) => {
  const interest = createTableInterest(ctx);
  const clocks = [startLiveTables(ctx, interest), startCrashTables(ctx, interest)];
  return {
    interest,
    async wake() {
      interest.touch();
      await Promise.all(clocks.map((clock) => clock.wake()));
    },
  };
};
