import { sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';

/**
 * For tests that check a balance to the cent after random rounds: loyalty still earns points and counts quests
 * on every bet, but its level and quest rewards pay points only, so a cash or bonus reward (the demo's "win at
 * 10x" quest pays $5 to main) cannot move the balance under test. Loyalty's money rewards are tested here, in
 * modules/loyalty.
 */
export const loyaltyRewardsInPointsOnly = async (db: TDb) => {
  await db.execute(sql`update loyalty_levels set reward = null`);
  await db.execute(sql`update loyalty_quests set reward = '{"type":"points","amount":100}'::jsonb`);
};
