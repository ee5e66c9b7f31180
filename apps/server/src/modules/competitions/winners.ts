/** A finished tournament's prize winners, as recorded by its closing (close-tournament.ts). */
import type { TStandingRow } from '@casino/contracts/calls/competitions';
import { toMajor } from '@casino/contracts/money';
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { pointsOut, publicName } from './points.ts';
import type { TTournamentRow } from './tournament-rows.ts';

export const winnersOf = async (
  db: TExecutor,
  t: TTournamentRow,
  me: number | null,
): Promise<TStandingRow[]> => {
  const rows = await queryRows<{
    place: number;
    player_id: string | number;
    points: string;
    prize: string;
    fakename: string | null;
    login: string;
  }>(
    db,
    sql`select w.place, w.player_id, w.points::text as points, w.prize::text as prize, p.fakename, p.login
          from tournament_winners w join players_summary_v p on p.id = w.player_id
         where w.tournament_id = ${t.id} order by w.place`,
  );
  return rows.map((r) => ({
    place: Number(r.place),
    player: publicName(r.fakename, r.login),
    points: pointsOut(t.scoring, r.points),
    prize: toMajor(BigInt(r.prize)),
    is_me: me !== null && Number(r.player_id) === me,
  }));
};
