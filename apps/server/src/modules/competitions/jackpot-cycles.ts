/**
 * Jackpot cycles ahead of time: each tier keeps a few pending cycles, each with a server seed drawn now, its
 * SHA-256 published (seed_hash) and the drop point the seed gives (packages/games fair/jackpot-drop.ts). The bet
 * pipeline's jackpot consequence starts the next pending cycle inside the bet that drops the pool, so a drop needs
 * no randomness in SQL; this task refills what was used and starts a tier that has no current cycle.
 */
import {
  hashServerSeed,
  hmacSha256Node,
  jackpotDropAt,
  jackpotDropMessage,
  serverSeedFromBytes,
} from '@casino/games';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/database.ts';

export const PENDING_CYCLES = 3;
export const JACKPOT_CYCLES_TASK = 'competitions.jackpot_cycles';

export const ensureJackpotCycles = async (ctx: Pick<TAppContext, 'db' | 'providers'>) => {
  const tiers = await queryRows<{
    id: string;
    seed: string;
    must_drop_by: string;
    pending: string;
    current: string;
  }>(
    ctx.db,
    sql`select t.id, t.seed::text as seed, t.must_drop_by::text as must_drop_by,
               (select count(*) from jackpot_cycles c where c.tier_id = t.id and c.status = 'pending')::text as pending,
               (select count(*) from jackpot_cycles c where c.tier_id = t.id and c.status = 'current')::text as current
          from jackpot_tiers t join jackpots j on j.id = t.jackpot_id where j.state = 'active'`,
  );
  for (const tier of tiers) {
    const id = Number(tier.id);
    for (let i = Number(tier.pending); i < PENDING_CYCLES; i++) {
      const serverSeed = serverSeedFromBytes(ctx.providers.random.bytes(32));
      const dropAt = jackpotDropAt(
        hmacSha256Node(serverSeed, jackpotDropMessage(id)),
        BigInt(tier.seed),
        BigInt(tier.must_drop_by),
      );
      await ctx.db.execute(
        sql`insert into jackpot_cycles (tier_id, status, server_seed, seed_hash, drop_at, created_at)
            values (${id}, 'pending', ${serverSeed}, ${hashServerSeed(serverSeed)}, ${dropAt.toString()}::bigint,
              ${ctx.providers.clock.now()})`,
      );
    }
    if (tier.current === '0')
      await ctx.db.transaction((tx) =>
        tx.execute(sql`select jackpot_start_cycle(${id}::bigint, ${ctx.providers.clock.now()}::timestamptz)`),
      );
  }
};
