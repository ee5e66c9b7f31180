/**
 * Freespins packs (spec §3: game.sysname, remaining_count): granted by promo codes, offers, loyalty or an operator
 * (`grantFreespinsPack`, once per grant key), each with a slot, a count, the stake of each spin and an expiry. A pack
 * is played at once by games.play with params `{"freespins":true}` on its slot (the slot engine's free-spins
 * feature, nothing debited); its winnings become a bonus with wagering (play-round.ts, template freespins_winnings).
 */
import { toMajor } from '@casino/contracts';
import type { TFreespinsItem } from '@casino/contracts/calls/freespins';
import { getEngine } from '@casino/games';
import { type SQL, sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows, type TExecutor } from '../../../platform/db/database.ts';

/** A pack nobody says otherwise about lasts this long. */
export const FREESPINS_VALID_DAYS = 7;
const DAY_MS = 86_400_000;

export const grantFreespinsPack = async (
  ctx: { db: TExecutor } & ({ providers: TAppContext['providers'] } | { now: Date }),
  input: {
    playerId: number;
    sysname: string;
    count: number;
    stake: bigint;
    source?: string;
    /** One pack per key (a promo code's use, an offer taken). */
    grantKey?: string;
    validDays?: number;
  },
) => {
  const now = 'now' in ctx ? ctx.now : ctx.providers.clock.now();
  const expires = new Date(now.getTime() + (input.validDays ?? FREESPINS_VALID_DAYS) * DAY_MS);
  const [row] = await queryRows<{ id: unknown }>(
    ctx.db,
    sql`insert into game_freespins_packs (player_id, sysname, remaining_count, initial_count, stake, source,
          expires_at, grant_key, created_at, updated_at)
        values (${input.playerId}, ${input.sysname}, ${input.count}, ${input.count}, ${input.stake},
          ${input.source ?? ''}, ${expires}, ${input.grantKey ?? null}, ${now}, ${now})
        on conflict (grant_key) where grant_key is not null do nothing
        returning id`,
  );
  if (row) return Number(row.id);
  const [existing] = await queryRows<{ id: unknown }>(
    ctx.db,
    sql`select id from game_freespins_packs where grant_key = ${input.grantKey ?? ''}`,
  );
  return Number(existing?.id);
};

/** A pack's spins can still be played at `now`. */
export const livePackSql = (now: Date) =>
  sql`remaining_count > 0 and (expires_at is null or expires_at > ${now})`;

export const listFreespinsPacks = async (db: TExecutor, playerId: number, sysnames: string[], now: Date) => {
  const filter: SQL = sysnames.length
    ? sql`and sysname in (${sql.join(
        sysnames.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<{ id: unknown; sysname: string; remaining_count: unknown; stake: unknown }>(
    db,
    sql`select id, sysname, remaining_count, stake from game_freespins_packs
        where player_id = ${playerId} and ${livePackSql(now)} ${filter} order by id`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    sysname: r.sysname,
    remaining_count: Number(r.remaining_count),
    bet: toMajor(BigInt(String(r.stake))),
  }));
};

/** freespins.get: the player's packs (active: spins left and not expired; used: played or lapsed), newest first. */
export const listFreespins = async (
  db: TExecutor,
  input: { playerId: number; status: string; offset: number; count: number; now: Date },
) => {
  const where =
    input.status === 'active'
      ? sql`p.player_id = ${input.playerId} and ${livePackSql(input.now)}`
      : sql`p.player_id = ${input.playerId}`;
  const [total] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from game_freespins_packs p where ${where}`,
  );
  const rows = await queryRows<{
    id: unknown;
    sysname: string;
    name: string | null;
    remaining_count: unknown;
    initial_count: unknown;
    stake: unknown;
    expires_at: unknown;
    created_at: unknown;
  }>(
    db,
    sql`select p.id, p.sysname, g.name, p.remaining_count, p.initial_count, p.stake, p.expires_at, p.created_at
          from game_freespins_packs p left join games g on g.sysname = p.sysname
         where ${where} order by p.id desc offset ${input.offset} limit ${input.count}`,
  );
  const items: TFreespinsItem[] = rows.map((r) => {
    const expires = r.expires_at === null ? null : new Date(String(r.expires_at));
    const live =
      Number(r.remaining_count) > 0 && (expires === null || expires.getTime() > input.now.getTime());
    return {
      id: Number(r.id),
      status: live ? 'active' : 'used',
      game: { sysname: r.sysname, name: r.name ?? r.sysname },
      remaining_count: Number(r.remaining_count),
      count: Number(r.initial_count),
      bet: toMajor(BigInt(String(r.stake))),
      expires_at: expires?.toISOString() ?? null,
      created_at: new Date(String(r.created_at)).toISOString(),
    };
  });
  return { count: Number(total?.n ?? 0), items };
};

/** The games a freespins pack can be played on (slot engines, shown in the lobby): sysname, name, bet range. */
export const freespinsGames = async (db: TExecutor) => {
  const rows = await queryRows<{
    sysname: string;
    name: string;
    engine: string;
    min_bet: unknown;
    max_bet: unknown;
  }>(
    db,
    sql`select sysname, name, engine, min_bet, max_bet from games
        where type = 'slot' and not is_hidden order by name`,
  );
  return rows
    .filter((r) => getEngine(r.engine).kind === 'slot')
    .map((r) => ({
      sysname: r.sysname,
      name: r.name,
      minBet: BigInt(String(r.min_bet)),
      maxBet: BigInt(String(r.max_bet)),
    }));
};
