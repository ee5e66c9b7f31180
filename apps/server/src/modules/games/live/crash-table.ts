/**
 * The shared crash tables' clock: one table per visible crash game, a round every ~10 s plus its flight
 * (7 s betting window, the flight up to the crash point, a 3 s pause). A round opens with a fresh server seed
 * whose SHA-256 is published at once; client seed = the table's name, nonce = the round number, crash point =
 * crashPoint(float₀); the seed is revealed at the crash. Each tick, on every instance: start the flight when
 * betting closes, pay the auto cash-outs the flight has reached, crash and settle at the crash time, open the
 * next round after the pause. Every change is a conditional update, so instances never do a step twice.
 * Events go on the bus (`live.crash.round`, `live.crash.bet`) and out to /ws/live.
 *
 * The restart rule: the timeline is in the row, so a restarted table resumes where the clock is. Auto cash-outs
 * the flight reached while it was down are paid on return; a round that crashed while no instance ticked it
 * (no heartbeat in the CRASH_OUTAGE_MS before its crash time) is `interrupted`: auto cash-outs at or below its
 * crash point are paid and every other open bet is returned (nobody could cash out); otherwise they lose.
 */
import { crashTimeFor, hashServerSeed, serverSeedFromBytes } from '@casino/games';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows } from '../../../platform/db/database.ts';
import type { TPlayableGame } from '../play/game-lookup.ts';
import { findPlayableGame } from '../play/game-lookup.ts';
import type { TPlayCtx } from '../play/round-steps.ts';
import {
  CRASH_BETTING_MS,
  CRASH_OUTAGE_MS,
  CRASH_PAUSE_MS,
  CRASH_ROUND_TOPIC,
  crashAtOf,
  crashBetsOf,
  crashBetView,
  crashPointOf,
  crashRoundById,
  crashRoundEvent,
  flightStartOf,
  latestCrashRound,
  multiplierAt,
  type TCrashRow,
} from './crash-round.ts';
import { returnCrashBet, settleCrashBet } from './crash-settle.ts';
import { startTableClock } from './table-clock.ts';
import type { TTableInterest } from './table-interest.ts';

export const CRASH_TICK = 'games.crash.tick';
/** How often the timer looks at the clock; the tables are read when a deadline is due, or every FULL_TICK_MS. */
export const CRASH_TICK_MS = 100;
const FULL_TICK_MS = 1_000;
/** A server writes the round's heartbeat at most this often. */
const HEARTBEAT_MS = 1_000;

const ms = (v: string | Date) => new Date(v).getTime();
/** The table's name (the client seed of its rounds): the catalogue's `table` parameter, else the sysname. */
export const tableOf = (game: { sysname: string; engineParams: Record<string, unknown> }) =>
  String(game.engineParams.table ?? game.sysname);

const publishRound = (ctx: TPlayCtx, row: TCrashRow, extra: Record<string, unknown> = {}) =>
  ctx.bus.publish(CRASH_ROUND_TOPIC, { ...crashRoundEvent(row, ctx.providers.clock.now()), ...extra });

/** Opens round `seq` of a table (idempotent across instances by the unique round number). */
export const openCrashRound = async (ctx: TPlayCtx, game: TPlayableGame, seq: number) => {
  const serverSeed = serverSeedFromBytes(new Uint8Array(ctx.providers.random.bytes(32)));
  const now = ctx.providers.clock.now();
  const table = tableOf(game);
  const [inserted] = await queryRows<TCrashRow>(
    ctx.db,
    sql`insert into live_table_rounds (id, sysname, table_name, seq, server_seed, server_seed_hash, client_seed,
          phase, opened_at, closes_at, heartbeat_at)
        values (${ctx.providers.random.uuid()}, ${game.sysname}, ${table}, ${seq}, ${serverSeed},
          ${hashServerSeed(serverSeed)}, ${table}, 'betting', ${now}, ${new Date(now.getTime() + CRASH_BETTING_MS)},
          ${now})
        on conflict (sysname, seq) do nothing returning *`,
  );
  if (inserted) await publishRound(ctx, inserted, { bets: [] });
  return inserted ?? (await latestCrashRound(ctx.db, game.sysname));
};

const heartbeat = (ctx: TPlayCtx, row: TCrashRow, now: Date) =>
  ctx.db.execute(
    sql`update live_table_rounds set heartbeat_at = ${now}
        where id = ${row.id} and (heartbeat_at is null or heartbeat_at <= ${new Date(now.getTime() - HEARTBEAT_MS)})`,
  );

/** Betting has closed: the flight starts (its time is closes_at whenever this runs). */
const startFlight = async (ctx: TPlayCtx, row: TCrashRow) => {
  const [flying] = await queryRows<TCrashRow>(
    ctx.db,
    sql`update live_table_rounds set phase = 'flying', crash_point = ${crashPointOf(row)}
        where id = ${row.id} and phase = 'betting' returning *`,
  );
  if (flying) await publishRound(ctx, flying);
  return flying ?? (await crashRoundById(ctx.db, row.id)) ?? row;
};

/**
 * Pays every open bet whose auto cash-out the flight has reached by `now` (before the crash). A bet that fails
 * (the wallet unavailable) does not hold up the others or the flight; the first failure is answered.
 */
const payReachedAutos = async (ctx: TPlayCtx, row: TCrashRow, now: number) => {
  const reached = multiplierAt(row, now);
  const due = await queryRows<{ round_id: string }>(
    ctx.db,
    sql`select round_id from crash_bets where table_round_id = ${row.id} and status = 'open'
          and auto_cashout is not null and auto_cashout <= ${reached}
        order by auto_cashout, seq`,
  );
  let failure: unknown = null;
  for (const bet of due)
    await settleCrashBet(ctx, bet.round_id, { type: 'end' }).catch((error: unknown) => {
      failure ??= error;
    });
  return failure;
};

/** The flight reached its crash point: reveal, then settle every bet left (the restart rule if it was down). */
const crash = async (ctx: TPlayCtx, row: TCrashRow) => {
  const crashAt = crashAtOf(row);
  const lastSeen = row.heartbeat_at ? ms(row.heartbeat_at) : ms(row.opened_at);
  const [crashed] = await queryRows<TCrashRow>(
    ctx.db,
    sql`update live_table_rounds set phase = 'crashed', crash_point = ${crashPointOf(row)},
          crashed_at = ${new Date(crashAt)}, interrupted = ${crashAt - lastSeen > CRASH_OUTAGE_MS}
        where id = ${row.id} and phase = 'flying' returning *`,
  );
  if (crashed) await publishRound(ctx, crashed);
  return crashed ?? (await crashRoundById(ctx.db, row.id)) ?? row;
};

/**
 * Settles every bet of a crashed round still open: `end` (a reached auto cash-out wins, the rest lose), or the
 * restart rule. A bet that fails (the wallet unavailable) does not stop the others; the first failure is answered.
 */
const settleOpenBets = async (ctx: TPlayCtx, row: TCrashRow) => {
  const point = crashPointOf(row);
  const open = await queryRows<{ round_id: string; auto_cashout: number | null }>(
    ctx.db,
    sql`select round_id, auto_cashout from crash_bets where table_round_id = ${row.id} and status = 'open'
        order by seq`,
  );
  let failure: unknown = null;
  for (const bet of open) {
    const paid = bet.auto_cashout !== null && bet.auto_cashout <= point;
    try {
      if (row.interrupted && !paid) await returnCrashBet(ctx, bet.round_id);
      else await settleCrashBet(ctx, bet.round_id, { type: 'end' });
    } catch (error) {
      failure ??= error;
    }
  }
  return failure;
};

/** The crash's settlement; the table goes on even when a bet failed (it is retried at the next round's open). */
const settleCrashed = async (ctx: TPlayCtx, row: TCrashRow) => {
  const failure = await settleOpenBets(ctx, row);
  const [settled] = await queryRows<TCrashRow>(
    ctx.db,
    sql`update live_table_rounds set phase = 'settled' where id = ${row.id} and phase = 'crashed' returning *`,
  );
  if (settled)
    await publishRound(ctx, settled, { bets: (await crashBetsOf(ctx.db, settled.id)).map(crashBetView) });
  if (failure) throw failure;
  return settled ?? (await crashRoundById(ctx.db, row.id)) ?? row;
};

/** Bets a failure left open in the table's settled rounds, settled by the same rule; answers the first failure. */
const retryOpenBets = async (ctx: TPlayCtx, sysname: string) => {
  const rounds = await queryRows<TCrashRow>(
    ctx.db,
    sql`select * from live_table_rounds r where r.sysname = ${sysname} and r.phase = 'settled'
          and exists (select 1 from crash_bets b where b.table_round_id = r.id and b.status = 'open')
        order by r.seq limit 10`,
  );
  let failure: unknown = null;
  for (const round of rounds) failure ??= await settleOpenBets(ctx, round);
  return failure;
};

/**
 * One turn of a table's clock. Answers when it next has something to do (ms since the epoch): the close of
 * betting, the next auto cash-out or the crash, or the next round.
 */
export const tickCrashTable = async (ctx: TPlayCtx, game: TPlayableGame): Promise<number> => {
  const now = ctx.providers.clock.now();
  const t = now.getTime();
  let row = await latestCrashRound(ctx.db, game.sysname);
  if (!row) row = await openCrashRound(ctx, game, 1);
  if (!row) return t + 1_000;
  // Seen before its crash time: the table is up (the crash judges the restart rule on the beat before it).
  if ((row.phase === 'betting' || row.phase === 'flying') && t < crashAtOf(row))
    await heartbeat(ctx, row, now);
  if (row.phase === 'betting') {
    if (t < ms(row.closes_at)) return ms(row.closes_at);
    row = await startFlight(ctx, row);
  }
  if (row.phase === 'flying') {
    if (t < crashAtOf(row)) {
      const failure = await payReachedAutos(ctx, row, t);
      if (failure) throw failure;
      const [next] = await queryRows<{ auto: number | null }>(
        ctx.db,
        sql`select min(auto_cashout) as auto from crash_bets where table_round_id = ${row.id} and status = 'open'`,
      );
      const auto = next?.auto === null || next?.auto === undefined ? null : Number(next.auto);
      const autoAt = auto === null ? Number.POSITIVE_INFINITY : flightStartOf(row) + crashTimeFor(auto);
      return Math.min(crashAtOf(row), autoAt);
    }
    row = await crash(ctx, row);
  }
  if (row.phase === 'crashed') row = await settleCrashed(ctx, row);
  if (row.phase === 'settled') {
    const nextAt = (row.crashed_at ? ms(row.crashed_at) : crashAtOf(row)) + CRASH_PAUSE_MS;
    if (t < nextAt) return nextAt;
    const failure = await retryOpenBets(ctx, game.sysname);
    const opened = await openCrashRound(ctx, game, Number(row.seq) + 1);
    if (failure) throw failure;
    return opened ? ms(opened.closes_at) : t + 1_000;
  }
  return t + 1_000;
};

const crashGames = async (ctx: TPlayCtx) => {
  const rows = await queryRows<{ sysname: string }>(
    ctx.db,
    sql`select sysname from games where engine = 'crash' and not is_hidden order by sysname`,
  );
  return Promise.all(rows.map((r) => findPlayableGame(ctx.db, r.sysname)));
};

/** One turn of every crash table (one table's failure does not stop the others); answers the next deadline. */
export const tickCrashTables = async (ctx: TPlayCtx) => {
  let next = Number.POSITIVE_INFINITY;
  let failure: unknown = null;
  for (const game of await crashGames(ctx))
    next = Math.min(
      next,
      await tickCrashTable(ctx, game).catch((error: unknown) => {
        failure ??= error;
        return ctx.providers.clock.now().getTime() + FULL_TICK_MS;
      }),
    );
  if (failure) throw failure;
  return next;
};

/**
 * Whether a table has bets in play: a bet still open (a failed settlement included), or a round in betting or in
 * flight with bets (all cashed out, it still flies to its crash on time). Then the tables must not sleep.
 */
const hasCrashBetsInPlay = async (ctx: TPlayCtx) =>
  (
    await queryRows<{ busy: boolean }>(
      ctx.db,
      sql`with tables as (select sysname from games where engine = 'crash' and not is_hidden)
          select exists (select 1 from crash_bets where status = 'open' and sysname in (select sysname from tables))
            or exists (
              select 1 from tables t cross join lateral (
                select id, phase from live_table_rounds r where r.sysname = t.sysname order by seq desc limit 1
              ) r
              where r.phase in ('betting', 'flying') and exists (select 1 from crash_bets b where b.table_round_id = r.id)
            ) as busy`,
    )
  )[0]?.busy === true;

/**
 * The tables' timer on this instance (like the roulette tables'): every 100 ms it looks at the clock, and ticks
 * when a deadline it knows of is due (the crash is published within ~100 ms) or every second (another instance's
 * changes, the heartbeat). It sleeps while nobody watches and no bet is in play (table-clock.ts).
 */
export const startCrashTables = (ctx: TAppContext, interest: TTableInterest) =>
  startTableClock(ctx, interest, {
    name: CRASH_TICK,
    intervalMs: CRASH_TICK_MS,
    fullTickMs: FULL_TICK_MS,
    tick: () => tickCrashTables(ctx),
    hasBetsInPlay: () => hasCrashBetsInPlay(ctx),
  });
