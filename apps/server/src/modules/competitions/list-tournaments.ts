/** tournaments.get: tournaments by public status with the §3 fields, and the signed-in player's standing. */
import type { TTournament, TTournamentField, TTournamentStatus } from '@casino/contracts/calls/competitions';
import { toMajor } from '@casino/contracts/money';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { gameDims, type TGameDims } from '../games/index.ts';
import { pointsOut, wordsIn } from './points.ts';
import { placeOf } from './standings.ts';
import {
  statusOf,
  TOURNAMENT_COLUMNS,
  type TTournamentRow,
  toTournamentRow,
  totalPrize,
} from './tournament-rows.ts';
import { winnersOf } from './winners.ts';

export interface TListTournamentsInput {
  status: TTournamentStatus;
  ids: number[];
  offset: number;
  count: number;
  fields: TTournamentField[];
  locale: string;
  playerId: number | null;
  now: Date;
  /** The catalogue's games (read once, only when a tournament names providers). */
  catalogue?: () => Promise<Map<string, TGameDims>>;
}

const whereStatus = (status: TTournamentStatus, now: Date): SQL => {
  const ended = sql`(t.state in ('closing', 'finished') or t.ends_at <= ${now})`;
  if (status === 'future') return sql`t.state = 'open' and t.starts_at > ${now}`;
  if (status === 'active') return sql`t.state = 'open' and t.starts_at <= ${now} and t.ends_at > ${now}`;
  if (status === 'finished') return sql`t.state <> 'cancelled' and ${ended}`;
  return sql`t.state <> 'cancelled'`;
};

/** Active first (ending soonest), then future (starting soonest), then finished (newest). */
const ORDER = (
  now: Date,
) => sql`case when t.state = 'open' and t.ends_at > ${now} and t.starts_at <= ${now} then 0
  when t.state = 'open' and t.starts_at > ${now} then 1 else 2 end,
  case when t.state = 'open' and t.ends_at > ${now} then t.ends_at end asc, t.ends_at desc, t.id`;

interface TTotals {
  participants: number;
  points: bigint;
}

const totalsOf = async (db: TExecutor, ids: number[]) => {
  const totals = new Map<number, TTotals>();
  if (ids.length === 0) return totals;
  const rows = await queryRows<{ id: string; n: string; points: string }>(
    db,
    sql`select tournament_id as id, count(*)::text as n, coalesce(sum(points), 0)::text as points
          from tournament_entries where tournament_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) group by tournament_id`,
  );
  for (const r of rows) totals.set(Number(r.id), { participants: Number(r.n), points: BigInt(r.points) });
  return totals;
};

const present = async (
  db: TExecutor,
  t: TTournamentRow,
  totals: TTotals | undefined,
  input: TListTournamentsInput,
): Promise<TTournament> => {
  const want = (f: TTournamentField) => input.fields.length === 0 || input.fields.includes(f);
  const out: TTournament = { id: t.id };
  const status = statusOf(t, input.now);
  if (want('title')) out.title = wordsIn(t.title, input.locale);
  if (want('status')) out.status = status;
  if (want('starts_at')) out.starts_at = t.starts_at.toISOString();
  if (want('ends_at')) out.ends_at = t.ends_at.toISOString();
  if (want('scoring')) out.scoring = t.scoring;
  if (want('min_bet')) out.min_bet = toMajor(t.min_bet);
  if (want('currency')) out.currency = t.currency;
  if (want('prizes'))
    out.prizes = t.prizes.map((p) => ({ place: p.place, type: p.type, amount: toMajor(BigInt(p.amount)) }));
  if (want('games')) out.games = t.games;
  if (want('games_count'))
    out.games_count = t.providers.length
      ? [...((await input.catalogue?.()) ?? new Map()).values()].filter(
          (g) =>
            t.providers.includes(g.provider) && (t.game_kinds.length === 0 || t.game_kinds.includes(g.kind)),
        ).length
      : t.games.length;
  if (want('total_prize')) out.total_prize = toMajor(totalPrize(t));
  if (want('user_info')) {
    const mine = input.playerId === null ? null : await placeOf(db, t, input.playerId);
    out.user_info = mine
      ? { place: mine.place, points: mine.points, participating: true }
      : { place: null, points: 0, participating: false };
  }
  if (want('winners')) out.winners = status === 'finished' ? await winnersOf(db, t, input.playerId) : [];
  if (want('restrictions'))
    out.restrictions = {
      countries: t.countries,
      currency: t.currency,
      opt_in: t.opt_in,
      game_kinds: t.game_kinds,
      providers: t.providers,
      entry_fee: toMajor(t.entry_fee),
    };
  if (want('total_participants')) out.total_participants = totals?.participants ?? 0;
  if (want('total_points')) out.total_points = pointsOut(t.scoring, totals?.points ?? 0n);
  if (want('reset_on_cashout')) out.reset_on_cashout = t.reset_on_cashout;
  if (want('provider')) out.provider = t.provider;
  if (want('image_url')) out.image_url = t.image_url;
  if (want('tags')) out.tags = t.tags;
  if (want('description')) out.description = wordsIn(t.description, input.locale);
  if (want('extra')) out.extra = t.extra;
  return out;
};

export const listTournaments = async (db: TExecutor, input: TListTournamentsInput) => {
  const where = sql.join(
    [
      whereStatus(input.status, input.now),
      ...(input.ids.length
        ? [
            sql`t.id in (${sql.join(
              input.ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ]
        : []),
    ],
    sql` and `,
  );
  const [rows, counted] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select ${TOURNAMENT_COLUMNS} from tournaments t where ${where} order by ${ORDER(input.now)}
          offset ${input.offset} limit ${input.count}`,
    ),
    queryRows<{ n: string }>(db, sql`select count(*)::text as n from tournaments t where ${where}`),
  ]);
  const tournaments = rows.map(toTournamentRow);
  const totals = await totalsOf(
    db,
    tournaments.map((t) => t.id),
  );
  let dims: Promise<Map<string, TGameDims>> | null = null;
  const catalogue = () => {
    dims ??= gameDims(db);
    return dims;
  };
  const items: TTournament[] = [];
  for (const t of tournaments) items.push(await present(db, t, totals.get(t.id), { ...input, catalogue }));
  return { items, count: Number(counted[0]?.n ?? 0) };
};
