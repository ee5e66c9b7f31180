/** The demo content: one active, one future and one finished tournament, two jackpots with committed cycles. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { ensureJackpotCycles, PENDING_CYCLES } from './jackpot-cycles.ts';
import { createJackpot } from './jackpots.ts';
import { seedCompetitions } from './seed.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'competitions-seed' });
}, 60_000);
afterAll(() => t.close());

describe('the demo competitions', () => {
  it('seed once: tournaments in every status and two live jackpots', async () => {
    await seedCompetitions(t.app.ctx);
    await seedCompetitions(t.app.ctx); // a restart adds nothing
    const get = async (status: string) =>
      (await t.app.inject(`/api/tournaments.get?status=${status}&locale=de`)).json().data;
    const [active, future, finished] = [await get('active'), await get('future'), await get('finished')];
    expect(active.items.map((i: { title: string }) => i.title)).toEqual(['Wöchentliches Slot-Rennen']);
    expect(future.count).toBe(1);
    expect(finished.count).toBe(1);
    expect(active.items[0]).toMatchObject({ total_prize: 925, scoring: 'wagered', min_bet: 0.2 });
    const jackpots = (await t.app.inject('/api/Jackpots.get?locale=ar')).json().data;
    expect(jackpots).toHaveLength(2);
    expect(jackpots[0]).toMatchObject({ name: 'جاكبوت ميغا سلوتس', amount: 10_510 });
    expect(jackpots[0].tiers.map((tier: { name: string }) => tier.name)).toEqual(['mini', 'major', 'grand']);
    expect(jackpots.every((j: { tiers: { seed_hash: string }[] }) => j.tiers.every((x) => x.seed_hash))).toBe(
      true,
    );
  });

  it("several instances' refills at once leave each tier one current cycle and its pending ones, no more", async () => {
    const id = await createJackpot(t.app.ctx.db, {
      sysname: 'refilled_at_once',
      name: { en: 'Refilled at once' },
      games: [],
      gameKinds: [],
      minBet: 10n,
      tiers: [
        { name: 'mini', contributionBp: 50, seed: 1_000n, mustDropBy: 5_000n },
        { name: 'major', contributionBp: 25, seed: 10_000n, mustDropBy: 50_000n },
      ],
    });
    await Promise.all(Array.from({ length: 4 }, () => ensureJackpotCycles(t.app.ctx)));
    const cycles = await queryRows<{ current: string; pending: string }>(
      t.app.ctx.db,
      sql`select count(*) filter (where c.status = 'current')::text as current,
                 count(*) filter (where c.status = 'pending')::text as pending
            from jackpot_tiers x join jackpot_cycles c on c.tier_id = x.id
           where x.jackpot_id = ${id} group by x.id`,
    );
    expect(cycles).toEqual([
      { current: '1', pending: String(PENDING_CYCLES) },
      { current: '1', pending: String(PENDING_CYCLES) },
    ]);
  });
});
