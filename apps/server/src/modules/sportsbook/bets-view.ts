/**
 * A player's bets as the API shows them (sportsbook.getBets, placeBet's answer, cash-out), with their legs, their
 * results and the cash-out value: stake × Σ over lines of Π (a settled leg's factor; an open leg's taken odds over
 * its current odds) less the configured margin, rounded down to the cent; offered only while every open leg's
 * market and outcome are active.
 */
import { type Cents, toMajor } from '@casino/contracts';
import type { TBet } from '@casino/contracts/calls/sportsbook';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';
import { eventName, marketName, namingOf, outcomeName } from './market-names.ts';
import { factorOf, type TLegRow } from './settle.ts';
import { add, linesOf, mul, ONE, type TFraction } from './settlement-math.ts';

export interface TViewBetRow {
  id: unknown;
  bet_uuid: string;
  type: TBet['type'];
  system_size: number | null;
  system_name: string | null;
  lines: number;
  stake: unknown;
  total_stake: unknown;
  potential_payout: unknown;
  payout: unknown;
  status: TBet['status'];
  is_live: boolean;
  placed_at: string | Date;
  settled_at: string | Date | null;
  currency: string;
}

export interface TViewLegRow extends TLegRow {
  bet_id: unknown;
  event_id: string;
  market_id: number;
  specifiers: string;
  outcome_id: string;
  competitors: { name: string }[] | string;
  current_odds: number | null;
  outcome_active: boolean | null;
  market_status: number | null;
  watchdog_suspended: boolean | null;
  event_status: string | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const legResult = (leg: TViewLegRow): TBet['legs'][number]['result'] => {
  if (leg.cancelled) return 'void';
  if (leg.result === null || leg.result === undefined) return 'open';
  const v = Number(leg.void_halves ?? 0);
  if (v === 2) return 'void';
  if (v === 1) return Number(leg.result) === 1 ? 'half_won' : 'half_lost';
  return Number(leg.result) === 1 ? 'won' : 'lost';
};

/** What cash-out pays now, or null when it is not offered. */
export const cashoutValue = (bet: TViewBetRow, legs: TViewLegRow[], marginPercent: number): Cents | null => {
  if (bet.status !== 'open') return null;
  const factors: TFraction[] = [];
  for (const leg of legs) {
    const settled = factorOf(leg);
    if (settled) {
      factors.push(settled);
      continue;
    }
    const offered =
      Number(leg.market_status) === 1 &&
      !leg.watchdog_suspended &&
      leg.outcome_active === true &&
      leg.event_status !== 'suspended' &&
      leg.current_odds !== null;
    if (!offered) return null;
    factors.push({ num: BigInt(leg.odds), den: BigInt(leg.current_odds as number) });
  }
  let total: TFraction = { num: 0n, den: 1n };
  for (const line of linesOf(bet.type, legs.length, bet.system_size, bet.system_name)) {
    let product = ONE;
    for (const i of line) product = mul(product, factors[i] ?? ONE);
    total = add(total, product);
  }
  const keep = BigInt(Math.round((100 - marginPercent) * 100));
  const exact = mul(mul({ num: toBigInt(bet.stake), den: 1n }, total), { num: keep, den: 10_000n });
  const value = exact.num / exact.den;
  return value > 0n ? value : null;
};

export const loadLegs = async (db: TExecutor, betIds: number[]) => {
  if (betIds.length === 0) return new Map<number, TViewLegRow[]>();
  const rows = await queryRows<TViewLegRow>(
    db,
    sql`select l.bet_id, l.leg, l.event_id, l.market_id, l.specifiers, l.outcome_id, l.odds, l.cancelled,
               o.result, o.void_halves, o.dead_heat, o.odds as current_odds, o.active as outcome_active,
               m.status as market_status, m.watchdog_suspended, e.competitors, e.status as event_status
          from sb_bet_legs l
          join sb_events e on e.id = l.event_id
          left join sb_markets m on m.event_id = l.event_id and m.market_id = l.market_id and m.specifiers = l.specifiers
          left join sb_outcomes o on o.event_id = l.event_id and o.market_id = l.market_id
               and o.specifiers = l.specifiers and o.outcome_id = l.outcome_id
         where l.bet_id in (${sql.join(
           betIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         order by l.bet_id, l.leg`,
  );
  const byBet = new Map<number, TViewLegRow[]>();
  for (const row of rows) {
    const id = Number(row.bet_id);
    byBet.set(id, [...(byBet.get(id) ?? []), row]);
  }
  return byBet;
};

/** One bet as the API shows it (placeBet builds its answer from the rows it wrote). */
export const betView = (
  bet: TViewBetRow,
  legs: TViewLegRow[],
  marginPercent: number,
  locale?: string,
): TBet => {
  const cashout = cashoutValue(bet, legs, marginPercent);
  const odds =
    bet.type === 'system' ? null : legs.reduce((product, leg) => product * (Number(leg.odds) / 1000), 1);
  return {
    id: Number(bet.id),
    bet_uuid: bet.bet_uuid,
    type: bet.type,
    system_size: bet.system_size === null ? null : Number(bet.system_size),
    system_name: bet.system_name,
    lines: Number(bet.lines),
    stake: toMajor(toBigInt(bet.stake)),
    total_stake: toMajor(toBigInt(bet.total_stake)),
    odds: odds === null ? null : Math.round(odds * 1000) / 1000,
    potential_payout: toMajor(toBigInt(bet.potential_payout)),
    payout: toMajor(toBigInt(bet.payout)),
    status: bet.status,
    live: bet.is_live,
    cashout_value: cashout === null ? null : toMajor(cashout),
    currency: bet.currency,
    placed_at: iso(bet.placed_at) as string,
    settled_at: iso(bet.settled_at),
    legs: legs.map((leg) => {
      const competitors = typeof leg.competitors === 'string' ? JSON.parse(leg.competitors) : leg.competitors;
      const naming = namingOf(competitors, leg.specifiers, locale);
      const factor = factorOf(leg);
      return {
        event_id: leg.event_id,
        event_name: eventName(competitors),
        market_id: Number(leg.market_id),
        specifiers: leg.specifiers,
        market_name: marketName(Number(leg.market_id), naming),
        outcome_id: leg.outcome_id,
        outcome_name: outcomeName(Number(leg.market_id), leg.outcome_id, naming),
        odds: Number(leg.odds) / 1000,
        result: legResult(leg),
        factor: factor === null ? null : Number(factor.num) / Number(factor.den),
      };
    }),
  };
};

const BET_COLUMNS = sql`b.id, b.bet_uuid, b.type, b.system_size, b.system_name, b.lines, b.stake, b.total_stake,
  b.potential_payout, b.payout, b.status, b.is_live, b.placed_at, b.settled_at, p.currency`;

export const listBets = async (
  db: TExecutor,
  input: {
    playerId: number;
    status: 'open' | 'settled' | 'all';
    offset: number;
    count: number;
    id?: number;
    betUuid?: string;
  },
  marginPercent: number,
  /** Market and outcome names in this locale where the descriptions have it. */
  locale?: string,
): Promise<{ items: TBet[]; count: number }> => {
  const where = sql`b.player_id = ${input.playerId}
    ${input.status === 'open' ? sql`and b.status = 'open'` : input.status === 'settled' ? sql`and b.status <> 'open'` : sql``}
    ${input.id ? sql`and b.id = ${input.id}` : sql``}
    ${input.betUuid ? sql`and b.bet_uuid = ${input.betUuid}` : sql``}`;
  const rows = await queryRows<TViewBetRow>(
    db,
    sql`select ${BET_COLUMNS} from sb_bets b join players_summary_v p on p.id = b.player_id where ${where}
        order by b.id desc offset ${input.offset} limit ${input.count}`,
  );
  const [total] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from sb_bets b where ${where}`,
  );
  const legs = await loadLegs(
    db,
    rows.map((r) => Number(r.id)),
  );
  return {
    items: rows.map((r) => betView(r, legs.get(Number(r.id)) ?? [], marginPercent, locale)),
    count: Number(total?.n ?? 0),
  };
};
