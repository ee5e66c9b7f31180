/** The demo content: one active, one future and one finished tournament, two jackpots with committed cycles. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
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
});
