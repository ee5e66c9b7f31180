/** The winners feed: big real-money wins, stored and published on the bus as `games.winner`. */
import { toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows, type TExecutor } from '../../../platform/db/database.ts';
import { gameNames } from './game-lookup.ts';
import type { TOwner } from './owner.ts';
import type { TRoundRow } from './rounds.ts';

export const WINNER_TOPIC = 'games.winner';
/** A win enters the feed at 50.00 or more, or at 20× the stake or more when it is at least 5.00. */
export const WINNERS_MIN_WIN = 5_000n;
export const WINNERS_MIN_MULTIPLE = 20n;
export const WINNERS_MULTIPLE_MIN_WIN = 500n;

export const isBigWin = (staked: bigint, win: bigint) =>
  win >= WINNERS_MIN_WIN || (win >= WINNERS_MULTIPLE_MIN_WIN && win >= staked * WINNERS_MIN_MULTIPLE);

/** "johnny" → "jo***": enough to recognise oneself, not enough to find someone. */
export const maskName = (name: string) => `${[...name.split('@')[0]!].slice(0, 2).join('')}***`;

const multiple = (bet: bigint, win: bigint) => (bet > 0n ? Number((win * 100n) / bet) / 100 : 0);

export const recordWinner = async (
  ctx: Pick<TAppContext, 'db' | 'bus'>,
  round: TRoundRow,
  owner: Extract<TOwner, { kind: 'player' }>,
) => {
  if (!isBigWin(round.staked, round.win)) return;
  const at = round.finishedAt ?? round.updatedAt;
  const inserted = await queryRows(
    ctx.db,
    sql`insert into game_winners (round_id, player_id, player_name, sysname, bet, win, currency, created_at)
        values (${round.id}, ${owner.playerId}, ${owner.name}, ${round.sysname}, ${round.staked}, ${round.win},
          ${round.currency}, ${at}) on conflict do nothing returning round_id`,
  );
  if (inserted.length === 0) return;
  const names = await gameNames(ctx.db, [round.sysname]);
  await ctx.bus.publish(WINNER_TOPIC, {
    round_id: round.id,
    player: maskName(owner.name),
    sysname: round.sysname,
    game_name: names.get(round.sysname) ?? round.sysname,
    bet: toMajor(round.staked),
    win: toMajor(round.win),
    multiplier: multiple(round.staked, round.win),
    currency: round.currency,
    created_at: at.toISOString(),
  });
};

export const listWinners = async (db: TExecutor, count: number, sysnames: string[]) => {
  const rows = await queryRows<{
    round_id: string;
    player_name: string;
    sysname: string;
    bet: unknown;
    win: unknown;
    currency: string;
    created_at: string | Date;
  }>(
    db,
    sql`select round_id, player_name, sysname, bet, win, currency, created_at from game_winners
        ${
          sysnames.length
            ? sql`where sysname in (${sql.join(
                sysnames.map((s) => sql`${s}`),
                sql`, `,
              )})`
            : sql``
        }
        order by created_at desc, round_id limit ${count}`,
  );
  return presentWinners(db, rows);
};

/** The biggest wins since a time, biggest first (leaderboard.top: day, week, month). */
export const topWinners = async (db: TExecutor, since: Date, count: number) =>
  presentWinners(
    db,
    await queryRows<TWinnerRow>(
      db,
      sql`select round_id, player_name, sysname, bet, win, currency, created_at from game_winners
          where created_at >= ${since} order by win desc, created_at, round_id limit ${count}`,
    ),
  );

interface TWinnerRow {
  round_id: string;
  player_name: string;
  sysname: string;
  bet: unknown;
  win: unknown;
  currency: string;
  created_at: string | Date;
}

const presentWinners = async (db: TExecutor, rows: TWinnerRow[]) => {
  const names = await gameNames(
    db,
    rows.map((r) => r.sysname),
  );
  return rows.map((r) => {
    const bet = BigInt(String(r.bet));
    const win = BigInt(String(r.win));
    return {
      round_id: r.round_id,
      player: maskName(r.player_name),
      sysname: r.sysname,
      game_name: names.get(r.sysname) ?? r.sysname,
      bet: toMajor(bet),
      win: toMajor(win),
      multiplier: multiple(bet, win),
      currency: r.currency,
      created_at: new Date(r.created_at).toISOString(),
    };
  });
};
