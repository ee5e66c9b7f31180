/** What the back-office reads of tournaments: every tournament with its counts, and standings with the players. */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { TOURNAMENT_COLUMNS, type TTournamentRow, toTournamentRow } from './tournament-rows.ts';

export const OPERATOR_PAGE_SIZE = 50;

export interface TOperatorTournament extends TTournamentRow {
  entries: number;
  /** Minor units of entry fees paid and not refunded. */
  feesHeld: bigint;
}

const withCounts = (r: Record<string, unknown>): TOperatorTournament => ({
  ...toTournamentRow(r),
  entries: Number(r.entries ?? 0),
  feesHeld: BigInt(String(r.fees_held ?? 0)),
});

const COUNTS = sql`(select count(*) from tournament_entries e where e.tournament_id = t.id) as entries,
  (select coalesce(sum(e.fee_paid), 0)::text from tournament_entries e
    where e.tournament_id = t.id and e.fee_refund_transaction_id is null) as fees_held`;

/** Newest first, one page (and whether there is another). */
export const listTournamentsForOperator = async (db: TExecutor, page: number) => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${TOURNAMENT_COLUMNS}, ${COUNTS} from tournaments t order by t.starts_at desc, t.id desc
        offset ${page * OPERATOR_PAGE_SIZE} limit ${OPERATOR_PAGE_SIZE + 1}`,
  );
  return {
    items: rows.slice(0, OPERATOR_PAGE_SIZE).map(withCounts),
    hasMore: rows.length > OPERATOR_PAGE_SIZE,
  };
};

export const tournamentForOperator = async (db: TExecutor, id: number) => {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${TOURNAMENT_COLUMNS}, ${COUNTS} from tournaments t where t.id = ${id}`,
  );
  return row ? withCounts(row) : null;
};

export interface TOperatorStanding {
  place: number;
  playerId: number;
  login: string;
  fakename: string | null;
  /** Raw points (minor units, hundredths of a multiplier or a count, per the scoring rule). */
  points: bigint;
  reachedAt: Date;
  feePaid: bigint;
  refunded: boolean;
  /** A closed tournament's prize for this place (minor units) and whether it is paid. */
  prize: bigint | null;
  prizePaid: boolean;
}

/** The standings in rank order (ties: who reached the score first), with each player's login and fee. */
export const standingsForOperator = async (db: TExecutor, id: number, page: number) => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select e.player_id, p.login, p.fakename, e.points::text as points, e.reached_at, e.fee_paid::text as fee_paid,
               e.fee_refund_transaction_id is not null as refunded, w.prize::text as prize,
               w.paid_at is not null as prize_paid
          from tournament_entries e join players_summary_v p on p.id = e.player_id
          left join tournament_winners w on w.tournament_id = e.tournament_id and w.player_id = e.player_id
         where e.tournament_id = ${id}
         order by e.points desc, e.reached_at, e.player_id
        offset ${page * OPERATOR_PAGE_SIZE} limit ${OPERATOR_PAGE_SIZE + 1}`,
  );
  const items: TOperatorStanding[] = rows.slice(0, OPERATOR_PAGE_SIZE).map((r, i) => ({
    place: page * OPERATOR_PAGE_SIZE + i + 1,
    playerId: Number(r.player_id),
    login: String(r.login),
    fakename: (r.fakename as string | null) ?? null,
    points: BigInt(String(r.points)),
    reachedAt: new Date(r.reached_at as string),
    feePaid: BigInt(String(r.fee_paid)),
    refunded: Boolean(r.refunded),
    prize: r.prize === null || r.prize === undefined ? null : BigInt(String(r.prize)),
    prizePaid: Boolean(r.prize_paid),
  }));
  return { items, hasMore: rows.length > OPERATOR_PAGE_SIZE };
};

/** Whether anyone paid an entry fee (then the fee is fixed: changing it would leave entries paid at two prices). */
export const hasPaidEntries = async (db: TExecutor, id: number) =>
  (
    await queryRows(
      db,
      sql`select 1 from tournament_entries where tournament_id = ${id} and fee_paid > 0 limit 1`,
    )
  ).length > 0;
