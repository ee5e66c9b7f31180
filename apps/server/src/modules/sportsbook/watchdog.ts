/**
 * The alive watchdog: when no `alive` message came for SPORTSBOOK_ALIVE_TIMEOUT_MS, every market of a live event
 * is suspended (watchdog_suspended, kept apart from the feed's own status) until one does; then they are lifted.
 * Runs every second on each instance; both steps are single idempotent updates.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../ledger/index.ts';
import { ODDS_CHANGED } from './feed.ts';

export const checkAlive = async (ctx: Pick<TAppContext, 'db' | 'bus' | 'providers' | 'config'>) => {
  const now = ctx.providers.clock.now();
  const since = new Date(now.getTime() - ctx.config.SPORTSBOOK_ALIVE_TIMEOUT_MS);
  const [state] = await queryRows<{ at: string | Date }>(
    ctx.db,
    sql`select at from sb_feed_state where key = 'alive'`,
  );
  const alive = state !== undefined && new Date(state.at).getTime() > since.getTime();
  const changed = await queryRows<{ event_id: string; market_id: number; specifiers: string }>(
    ctx.db,
    alive
      ? sql`update sb_markets set watchdog_suspended = false where watchdog_suspended
            returning event_id, market_id, specifiers`
      : sql`update sb_markets m set watchdog_suspended = true
              from sb_events e
             where e.id = m.event_id and e.status in ('live', 'suspended') and not m.watchdog_suspended
               and m.status = 1
            returning m.event_id, m.market_id, m.specifiers`,
  );
  const byEvent = new Map<string, { id: number; specifiers: string }[]>();
  for (const row of changed)
    byEvent.set(row.event_id, [
      ...(byEvent.get(row.event_id) ?? []),
      { id: Number(row.market_id), specifiers: row.specifiers },
    ]);
  for (const [eventId, markets] of byEvent)
    await ctx.bus.publish(ODDS_CHANGED, { event_id: eventId, markets });
  return { alive, changed: changed.length };
};
