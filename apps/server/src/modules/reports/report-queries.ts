/**
 * The dashboard's questions, answered from the daily aggregates: figures per day, week or month; the totals of the
 * range; RTP per game with its deviation; a player's lifetime value. Money is never added across currencies:
 * every query is for one currency.
 */
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { gameDims } from '../games/index.ts';
import { toBigInt } from '../ledger/index.ts';
import { emptyReconciliation, reconciliationBy, type TReconciliation } from './reconciliation-queries.ts';
import type { TReportFilter } from './report-filter.ts';
import { rtpDeviation, type TRtpDeviation } from './rtp-stats.ts';

export { PERIODS, PRODUCTS, type TPeriod, type TReportFilter } from './report-filter.ts';

export interface TFigures {
  period: string;
  activePlayers: number;
  registrations: number;
  firstDeposits: number;
  /** First depositors per registration, 0..1 (0 without registrations). */
  conversion: number;
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  /** Settled stakes: of bets settled and rounds closed (open ones are `openBets`, voided ones `voidedStakes`). */
  stakes: bigint;
  wins: bigint;
  ggr: bigint;
  /** Stakes still open at the period's end: a liability, never revenue. */
  openBets: bigint;
  /** Stakes of sportsbook bets voided or cancelled (refunded, in neither stakes nor wins). */
  voidedStakes: bigint;
  bonusGranted: bigint;
  bonusConverted: bigint;
  /** GGR − converted bonus (the bonus money that became withdrawable). */
  ngr: bigint;
  /** GGR / stakes, percent. */
  holdPercent: number;
  /** Sportsbook (product betting) GGR / its stakes, percent. */
  sportsbookMargin: number;
  /** The players' balances reconciliation (reconciliation-queries.ts); its figures without a play filter only. */
  balances: TReconciliation;
}

/** Whether a play filter (game, provider, kind, product) is set: cashier figures are then not attributable. */
export const hasPlayFilter = (f: TReportFilter) => Boolean(f.game || f.provider || f.gameKind || f.product);

const conditions = (f: TReportFilter): SQL => {
  const parts: SQL[] = [
    sql`day >= ${f.from}::date`,
    sql`day <= ${f.to}::date`,
    sql`currency = ${f.currency}`,
  ];
  if (f.game) parts.push(sql`game = ${f.game}`);
  if (f.provider) parts.push(sql`provider = ${f.provider}`);
  if (f.gameKind) parts.push(sql`game_kind = ${f.gameKind}`);
  if (f.product) parts.push(sql`product = ${f.product}`);
  if (f.country) parts.push(sql`country = ${f.country}`);
  return sql.join(parts, sql` and `);
};

const percent = (part: bigint, whole: bigint) =>
  whole === 0n ? 0 : Number((part * 1_000_000n) / whole) / 10_000;

interface TSumRow {
  period: string;
  stakes: string;
  wins: string;
  deposits: string;
  deposit_count: number;
  first_deposits: number;
  withdrawals: string;
  bonus_granted: string;
  bonus_converted: string;
  bet_stakes: string;
  bet_wins: string;
  voided_stakes: string;
}

const SUMS = sql`coalesce(sum(stakes), 0)::text as stakes, coalesce(sum(wins), 0)::text as wins,
  coalesce(sum(deposits), 0)::text as deposits, coalesce(sum(deposit_count), 0)::int as deposit_count,
  coalesce(sum(first_deposits), 0)::int as first_deposits, coalesce(sum(withdrawals), 0)::text as withdrawals,
  coalesce(sum(bonus_granted), 0)::text as bonus_granted, coalesce(sum(bonus_converted), 0)::text as bonus_converted,
  coalesce(sum(stakes) filter (where product = 'betting'), 0)::text as bet_stakes,
  coalesce(sum(wins) filter (where product = 'betting'), 0)::text as bet_wins,
  coalesce(sum(voided_stakes), 0)::text as voided_stakes`;

const figuresOf = (
  r: TSumRow,
  active: number,
  registrations: number,
  balances: TReconciliation = emptyReconciliation(),
): TFigures => {
  const stakes = toBigInt(r.stakes);
  const wins = toBigInt(r.wins);
  const ggr = stakes - wins;
  const bonusConverted = toBigInt(r.bonus_converted);
  const betStakes = toBigInt(r.bet_stakes);
  return {
    period: r.period,
    activePlayers: active,
    registrations,
    firstDeposits: Number(r.first_deposits),
    conversion: registrations === 0 ? 0 : Number(r.first_deposits) / registrations,
    deposits: toBigInt(r.deposits),
    depositCount: Number(r.deposit_count),
    withdrawals: toBigInt(r.withdrawals),
    stakes,
    wins,
    ggr,
    openBets: balances.openBets,
    voidedStakes: toBigInt(r.voided_stakes),
    bonusGranted: toBigInt(r.bonus_granted),
    bonusConverted,
    ngr: ggr - bonusConverted,
    holdPercent: percent(ggr, stakes),
    sportsbookMargin: percent(betStakes - toBigInt(r.bet_wins), betStakes),
    balances,
  };
};

const registrationsBy = async (db: TExecutor, f: TReportFilter, grouped: boolean) => {
  const parts = [sql`day >= ${f.from}::date`, sql`day <= ${f.to}::date`, sql`currency = ${f.currency}`];
  if (f.country) parts.push(sql`country = ${f.country}`);
  const rows = await queryRows<{ period: string; n: number }>(
    db,
    grouped
      ? sql`select to_char(date_trunc(${f.period}, day), 'YYYY-MM-DD') as period, sum(registrations)::int as n
            from report_registrations where ${sql.join(parts, sql` and `)} group by 1`
      : sql`select 'total' as period, coalesce(sum(registrations), 0)::int as n
            from report_registrations where ${sql.join(parts, sql` and `)}`,
  );
  return new Map(rows.map((r) => [r.period, Number(r.n)]));
};

/** The level of report_active_players a filter reads: per game, per product ('*' games) or all play. */
const activeLevel = (f: TReportFilter): SQL => {
  const parts: SQL[] = [];
  if (f.game || f.provider || f.gameKind) {
    parts.push(sql`game <> '*'`);
    if (f.game) parts.push(sql`game = ${f.game}`);
    if (f.provider) parts.push(sql`provider = ${f.provider}`);
    if (f.gameKind) parts.push(sql`game_kind = ${f.gameKind}`);
    parts.push(f.product ? sql`product = ${f.product}` : sql`product <> '*'`);
  } else parts.push(sql`product = ${f.product || '*'}`, sql`game = '*'`);
  if (f.country) parts.push(sql`country = ${f.country}`);
  return sql.join(parts, sql` and `);
};

/**
 * Players who staked, once per period and once over the range: the OR of the days' bitmaps (one bit per player,
 * migrations/1010), counted.
 */
const activePlayers = async (db: TExecutor, f: TReportFilter) => {
  const rows = await queryRows<{ period: string; players: Uint8Array }>(
    db,
    sql`select to_char(date_trunc(${f.period}, day), 'YYYY-MM-DD') as period, players from report_active_players
        where day >= ${f.from}::date and day <= ${f.to}::date and currency = ${f.currency} and ${activeLevel(f)}`,
  );
  const periods = new Map<string, Uint8Array[]>();
  for (const r of rows) {
    const maps = periods.get(r.period);
    if (maps) maps.push(r.players);
    else periods.set(r.period, [r.players]);
  }
  const byPeriod = new Map([...periods].map(([period, maps]) => [period, countBits(orBitmaps(maps))]));
  return { byPeriod, total: countBits(orBitmaps(rows.map((r) => r.players))) };
};

const orBitmaps = (maps: Uint8Array[]) => {
  const out = new Uint8Array(Math.max(0, ...maps.map((m) => m.length)));
  for (const m of maps) for (let i = 0; i < m.length; i += 1) out[i] = (out[i] ?? 0) | (m[i] ?? 0);
  return out;
};

const BITS = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let v = b; v > 0; v >>= 1) n += v & 1;
  return n;
});
const countBits = (map: Uint8Array) => {
  let n = 0;
  for (const byte of map) n += BITS[byte] ?? 0;
  return n;
};

/**
 * One row per period (oldest first) and the range's totals. Money sums the daily table; active players (counted
 * once over each period and over the range) come from the days' bitmaps of players who staked.
 */
export const reportFigures = async (db: TExecutor, f: TReportFilter) => {
  const [rows, [total], active, regs, regTotal, balances] = await Promise.all([
    queryRows<TSumRow>(
      db,
      sql`select to_char(date_trunc(${f.period}, day), 'YYYY-MM-DD') as period, ${SUMS}
          from report_daily where ${conditions(f)} group by 1 order by 1`,
    ),
    queryRows<TSumRow>(db, sql`select 'total' as period, ${SUMS} from report_daily where ${conditions(f)}`),
    activePlayers(db, f),
    registrationsBy(db, f, true),
    registrationsBy(db, f, false),
    reconciliationBy(db, f),
  ]);
  const periods = rows.map((r) =>
    figuresOf(r, active.byPeriod.get(r.period) ?? 0, regs.get(r.period) ?? 0, balances.periods.get(r.period)),
  );
  // Periods with registrations or balances but no play still show.
  for (const period of new Set([...regs.keys(), ...balances.periods.keys()]))
    if (!periods.some((p) => p.period === period))
      periods.push(figuresOf({ ...EMPTY, period }, 0, regs.get(period) ?? 0, balances.periods.get(period)));
  periods.sort((a, b) => a.period.localeCompare(b.period));
  return {
    periods,
    total: figuresOf(
      total ?? { ...EMPTY, period: 'total' },
      active.total,
      regTotal.get('total') ?? 0,
      balances.total,
    ),
  };
};
const EMPTY: TSumRow = {
  period: '',
  stakes: '0',
  wins: '0',
  deposits: '0',
  deposit_count: 0,
  first_deposits: 0,
  withdrawals: '0',
  bonus_granted: '0',
  bonus_converted: '0',
  bet_stakes: '0',
  bet_wins: '0',
  voided_stakes: '0',
};

export interface TGameFigures extends TRtpDeviation {
  game: string;
  name: string;
  provider: string;
  kind: string;
  rounds: number;
  stakes: bigint;
  wins: bigint;
  ggr: bigint;
  /** Money-weighted RTP: wins / stakes, percent. */
  rtpActual: number;
  rtpTheoretical: number | null;
}

/** Per game: volume, money-weighted RTP against the catalogue's, and the deviation of the round returns. */
export const gameFigures = async (db: TExecutor, f: TReportFilter): Promise<TGameFigures[]> => {
  const [rows, catalogue] = await Promise.all([
    queryRows<{
      game: string;
      provider: string;
      kind: string;
      rounds: number;
      stakes: string;
      wins: string;
      return_sum: number | string;
      return_sq_sum: number | string;
    }>(
      db,
      sql`select game, max(provider) as provider, max(game_kind) as kind, coalesce(sum(rounds), 0)::int as rounds,
            sum(stakes)::text as stakes, sum(wins)::text as wins,
            sum(return_sum) as return_sum, sum(return_sq_sum) as return_sq_sum
          from report_daily where ${conditions(f)} and game <> ''
          group by game order by sum(stakes) desc, game`,
    ),
    gameDims(db),
  ]);
  return rows.map((r) => {
    const stakes = toBigInt(r.stakes);
    const wins = toBigInt(r.wins);
    const dims = catalogue.get(r.game);
    const rtpTheoretical = dims ? dims.rtp : null;
    return {
      game: r.game,
      name: dims?.name ?? r.game,
      provider: r.provider,
      kind: r.kind,
      rounds: Number(r.rounds),
      stakes,
      wins,
      ggr: stakes - wins,
      rtpActual: percent(wins, stakes),
      rtpTheoretical,
      ...rtpDeviation(Number(r.rounds), Number(r.return_sum), Number(r.return_sq_sum), rtpTheoretical),
    };
  });
};

/** The filter lists: what the aggregates hold. */
export const reportDimensions = async (db: TExecutor) => {
  const [rows] = await queryRows<{
    currencies: string[] | null;
    countries: string[] | null;
    providers: string[] | null;
    kinds: string[] | null;
    games: string[] | null;
    last: string | null;
  }>(
    db,
    sql`select array_agg(distinct currency) as currencies, array_agg(distinct country) as countries,
          array_agg(distinct provider) filter (where provider <> '') as providers,
          array_agg(distinct game_kind) filter (where game_kind <> '') as kinds,
          array_agg(distinct game) filter (where game <> '') as games,
          (select max(computed_at)::text from report_days) as last
        from report_daily`,
  );
  const list = (v: string[] | null | undefined) => [...(v ?? [])].filter((x) => x !== '').sort();
  return {
    currencies: list(rows?.currencies),
    countries: list(rows?.countries),
    providers: list(rows?.providers),
    kinds: list(rows?.kinds),
    games: list(rows?.games),
    lastComputed: rows?.last ? new Date(rows.last) : null,
  };
};

/** A player's lifetime figures (all days aggregated so far). */
export const playerLifetime = async (db: TExecutor, playerId: number) => {
  const [r] = await queryRows<TSumRow & { currency: string | null; first_day: string | null }>(
    db,
    sql`select 'lifetime' as period, max(currency) as currency, to_char(min(day), 'YYYY-MM-DD') as first_day, ${SUMS}
        from report_player_days where player_id = ${playerId}`,
  );
  const figures = figuresOf(r ?? { ...EMPTY, period: 'lifetime' }, 1, 0);
  return { ...figures, currency: r?.currency ?? null, firstDay: r?.first_day ?? null };
};
