/**
 * Freespins packs (spec §3: game.sysname, remaining_count), defined here until the promotions work grants them:
 * `grantFreespinsPack` is the call it will make. A pack is played at once by games.play with
 * params `{"freespins":true}` on its slot (the slot engine's free-spins feature, nothing debited).
 */
import { toMajor } from '@casino/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows, type TExecutor } from '../../../platform/db/database.ts';

export const grantFreespinsPack = async (
  ctx: Pick<TAppContext, 'db' | 'providers'>,
  input: { playerId: number; sysname: string; count: number; stake: bigint; source?: string },
) => {
  const now = ctx.providers.clock.now();
  const [row] = await queryRows<{ id: unknown }>(
    ctx.db,
    sql`insert into game_freespins_packs (player_id, sysname, remaining_count, stake, source, created_at, updated_at)
        values (${input.playerId}, ${input.sysname}, ${input.count}, ${input.stake}, ${input.source ?? ''}, ${now}, ${now})
        returning id`,
  );
  return Number(row?.id);
};

export const listFreespinsPacks = async (db: TExecutor, playerId: number, sysnames: string[]) => {
  const filter: SQL = sysnames.length
    ? sql`and sysname in (${sql.join(
        sysnames.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<{ id: unknown; sysname: string; remaining_count: unknown; stake: unknown }>(
    db,
    sql`select id, sysname, remaining_count, stake from game_freespins_packs
        where player_id = ${playerId} and remaining_count > 0 ${filter} order by id`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    sysname: r.sysname,
    remaining_count: Number(r.remaining_count),
    bet: toMajor(BigInt(String(r.stake))),
  }));
};
