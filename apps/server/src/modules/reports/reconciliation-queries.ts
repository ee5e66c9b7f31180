/**
 * The players' balances reconciliation per period: the balances at the period's start, each kind of movement of
 * player money, the balances at its end (each measured from the ledger when its day was aggregated) and the
 * difference opening + movements − closing, which is 0 when every movement is in the report. Also the stakes open
 * at the period's end (a liability apart from GGR). Only days aggregated with balances count (report_days.reconciled).
 */
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { toBigInt } from '../ledger/index.ts';
import { lineOf, lineOrder, type TLineGroup } from './movement-lines.ts';
import type { TReportFilter } from './report-filter.ts';

export interface TMovementLine {
  key: string;
  kind: string;
  group: TLineGroup;
  label: string;
  /** What the players' real money (main) and bonus money (bonus + betting_bonus) gained, cents. */
  real: bigint;
  bonus: bigint;
  total: bigint;
  count: number;
}

export interface TReconciliation {
  /** The balances at the start of the period's first aggregated day and at the end of its last, cents. */
  opening: bigint;
  closing: bigint;
  /** Σ of the lines. */
  movements: bigint;
  /** opening + movements − closing: 0 when reconciled. */
  difference: bigint;
  lines: TMovementLine[];
  /** House money beside the players' (withdrawals paid, jackpot contributions): in no balance. */
  house: TMovementLine[];
  /** Stakes still open at the end of the period's last aggregated day (all products, or the filter's). */
  openBets: bigint;
  /** The days aggregated with balances. */
  days: string[];
}

export const emptyReconciliation = (): TReconciliation => ({
  opening: 0n,
  closing: 0n,
  movements: 0n,
  difference: 0n,
  lines: [],
  house: [],
  openBets: 0n,
  days: [],
});

const periodOf = (f: TReportFilter): SQL => sql`to_char(date_trunc(${f.period}, day), 'YYYY-MM-DD')`;

const scope = (f: TReportFilter, country = true): SQL =>
  sql.join(
    [
      sql`day >= ${f.from}::date`,
      sql`day <= ${f.to}::date`,
      sql`currency = ${f.currency}`,
      ...(country && f.country ? [sql`country = ${f.country}`] : []),
    ],
    sql` and `,
  );

const playFilter = (f: TReportFilter): SQL[] => [
  ...(f.game ? [sql`game = ${f.game}`] : []),
  ...(f.provider ? [sql`provider = ${f.provider}`] : []),
  ...(f.gameKind ? [sql`game_kind = ${f.gameKind}`] : []),
  ...(f.product ? [sql`product = ${f.product}`] : []),
];

const addLine = (
  lines: Map<string, TMovementLine>,
  r: { kind: string; detail: string; account: string; amount: bigint; count: number },
) => {
  const l = lineOf(r.kind, r.detail);
  let line = lines.get(l.key);
  if (!line) {
    line = { ...l, kind: r.kind, real: 0n, bonus: 0n, total: 0n, count: 0 };
    lines.set(l.key, line);
  }
  if (r.account === 'main' || r.account === 'house') line.real += r.amount;
  else line.bonus += r.amount;
  line.total += r.amount;
  line.count += r.count;
};

/** Per period (day, week or month start) and over the range. */
export const reconciliationBy = async (db: TExecutor, f: TReportFilter) => {
  const [days, balances, movements, open] = await Promise.all([
    queryRows<{ day: string; period: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, ${periodOf(f)} as period from report_days
          where day >= ${f.from}::date and day <= ${f.to}::date and reconciled order by day`,
    ),
    queryRows<{ day: string; opening: string; closing: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(opening)::text as opening, sum(closing)::text as closing
          from report_balances where ${scope(f)} group by day`,
    ),
    queryRows<{ period: string; kind: string; detail: string; account: string; amount: string; n: number }>(
      db,
      sql`select ${periodOf(f)} as period, kind, detail, account, sum(amount)::text as amount, sum(count)::int as n
          from report_movements where ${scope(f)} group by 1, 2, 3, 4`,
    ),
    queryRows<{ day: string; open: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(open_stakes)::text as open from report_daily
          where ${sql.join([scope(f), ...playFilter(f)], sql` and `)} group by day`,
    ),
  ]);
  const balanceOf = new Map(balances.map((b) => [b.day, b]));
  const openOf = new Map(open.map((o) => [o.day, toBigInt(o.open)]));
  const periods = new Map<string, TReconciliation>();
  const total = emptyReconciliation();
  for (const d of days) {
    let p = periods.get(d.period);
    if (!p) {
      p = emptyReconciliation();
      periods.set(d.period, p);
    }
    for (const r of [p, total]) {
      if (r.days.length === 0) r.opening = toBigInt(balanceOf.get(d.day)?.opening);
      r.closing = toBigInt(balanceOf.get(d.day)?.closing);
      r.openBets = openOf.get(d.day) ?? 0n;
      r.days.push(d.day);
    }
  }
  const linesOf = new Map<TReconciliation, Map<string, TMovementLine>>();
  const houseOf = new Map<TReconciliation, Map<string, TMovementLine>>();
  for (const m of movements) {
    const p = periods.get(m.period);
    const row = { ...m, amount: toBigInt(m.amount), count: Number(m.n) };
    for (const r of p ? [p, total] : [total]) {
      const target = m.account === 'house' ? houseOf : linesOf;
      let lines = target.get(r);
      if (!lines) {
        lines = new Map();
        target.set(r, lines);
      }
      addLine(lines, row);
    }
  }
  for (const r of [...periods.values(), total]) {
    r.lines = [...(linesOf.get(r)?.values() ?? [])].sort(lineOrder);
    r.house = [...(houseOf.get(r)?.values() ?? [])].sort(lineOrder);
    r.movements = r.lines.reduce((s, l) => s + l.total, 0n);
    r.difference = r.opening + r.movements - r.closing;
  }
  return { periods, total };
};
