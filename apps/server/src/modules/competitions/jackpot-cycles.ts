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
  const tiers = await queryRows<{ id: string; seed: string; must_drop_by: string }>(
    ctx.db,
    sql`select t.id, t.seed::text as seed, t.must_drop_by::text as must_drop_by
          from jackpot_tiers t join jackpots j on j.id = t.jackpot_id where j.state = 'active'`,
  );
  for (const tier of tiers) await ensureTierCycles(ctx, tier);
};

/**
 * One tier's refill, holding the tier's row: every instance runs this task (and the seed), and two refilling a
 * tier at once drew twice the pending cycles or both started one (jackpot_cycles_current, a duplicate key).
 */
const ensureTierCycles = (
  ctx: Pick<TAppContext, 'db' | 'providers'>,
  tier: { id: string; seed: string; must_drop_by: string },
) =>
  ctx.db.transaction(async (tx) => {
    const id = Number(tier.id);
    await tx.execute(sql`select id from jackpot_tiers where id = ${id} for no key update`);
    // Counted after the lock, in a statement of its own: it sees what the instance before us committed.
    const [counts] = await queryRows<{ pending: string; current: string }>(
      tx,
      sql`select count(*) filter (where status = 'pending')::text as pending,
                 count(*) filter (where status = 'current')::text as current
            from jackpot_cycles where tier_id = ${id}`,
    );
    const starting = counts?.current === '0';
    // A tier without a current cycle starts one of its pending ones: drawn here too, so PENDING_CYCLES remain.
    for (let i = Number(counts?.pending ?? 0); i < PENDING_CYCLES + (starting ? 1 : 0); i++) {
      const serverSeed = serverSeedFromBytes(ctx.providers.random.bytes(32));
      const dropAt = jackpotDropAt(
        hmacSha256Node(serverSeed, jackpotDropMessage(id)),
        BigInt(tier.seed),
        BigInt(tier.must_drop_by),
      );
      await tx.execute(
        sql`insert into jackpot_cycles (tier_id, status, server_seed, seed_hash, drop_at, created_at)
            values (${id}, 'pending', ${serverSeed}, ${hashServerSeed(serverSeed)}, ${dropAt.toString()}::bigint,
              ${ctx.providers.clock.now()})`,
      );
    }
    if (starting)
      await tx.execute(
        sql`select jackpot_start_cycle(${id}::bigint, ${ctx.providers.clock.now()}::timestamptz)`,
      );
  });
