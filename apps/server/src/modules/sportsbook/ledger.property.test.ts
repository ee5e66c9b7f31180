/**
 * A property test of random feeds and bets, all over HTTP: random events and odds, random singles, combos and
 * system bets, then a random sequence of settlements (with void and dead-heat factors), corrections, rollbacks,
 * cancels, redeliveries, cash-outs and the player spending money; finally every event is settled. Each bet's
 * status and payout must equal an independent reference computation, and the player's balance must equal
 * funds − spent − stakes + payouts + debts to the cent, with the ledger's own audit clean. Between the steps, the
 * running totals of open stakes per event that the per-event limit reads stay equal to the open bets.
 */

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { feedClient } from './sportsbook-test-helpers.ts';

let t: TTestApp;
let feed: ReturnType<typeof feedClient>;
let run = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  feed = feedClient(t.app);
}, 180_000);
afterAll(() => t.close());

/**
 * The running totals of open stakes per event (sb_open_stakes, kept by triggers) equal the player's open bets
 * summed again, in one statement (one snapshot, so a settlement in flight cannot tell them apart).
 */
const expectOpenStakesTrue = async (playerId: number) => {
  const mismatches = await queryRows<Record<string, unknown>>(
    t.app.ctx.db,
    sql`select coalesce(k.event_id, o.event_id) as event_id, k.staked as kept, o.staked as summed
          from (select event_id, staked from sb_open_stakes where player_id = ${playerId}) k
          full join (select l.event_id, sum(b.total_stake) as staked
                       from sb_bets b join sb_bet_legs l on l.bet_id = b.id
                      where b.player_id = ${playerId} and b.status = 'open'
                      group by l.event_id) o on o.event_id = k.event_id
         where k.staked is distinct from o.staked`,
  );
  expect(mismatches).toEqual([]);
};

const ODDS = [1.01, 1.5, 1.85, 2, 2.37, 3.1, 4.5, 6] as const;
const VOIDS = [0, 0.5, 1] as const;
const DEAD_HEATS = [1, 0.5, 0.25] as const;

interface TBetSpec {
  type: 'single' | 'combo' | 'system';
  events: number[];
  outcomes: number[];
  stake: number;
  size: string;
}
type TOp =
  | { op: 'settle'; event: number; winner: number; v: number; d: number }
  | { op: 'rollback'; event: number }
  | { op: 'cancel'; event: number }
  | { op: 'redeliver' }
  | { op: 'cashout'; bet: number }
  | { op: 'spend'; cents: number };

const betSpec = (events: number) =>
  fc
    .record({
      type: fc.constantFrom('single', 'combo', 'system'),
      events: fc.uniqueArray(fc.nat(events - 1), { minLength: 1, maxLength: events }),
      outcomes: fc.array(fc.nat(2), { minLength: 4, maxLength: 4 }),
      stake: fc.integer({ min: 50, max: 2_000 }),
      sizeSeed: fc.nat(10),
    })
    .map(({ sizeSeed, ...b }): TBetSpec => {
      const n = b.events.length;
      if (b.type !== 'single' && n < 2) return { ...b, type: 'single', size: '' };
      if (b.type === 'system') {
        if (n === 3 && sizeSeed % 3 === 0) return { ...b, size: 'trixie' };
        if (n === 4 && sizeSeed % 3 === 0) return { ...b, size: 'lucky15' };
        if (n < 3) return { ...b, type: 'combo', size: '' };
        return { ...b, size: String(1 + (sizeSeed % (n - 1))) };
      }
      return { ...b, size: '' };
    });

const opArb = (events: number, bets: number): fc.Arbitrary<TOp> =>
  fc.oneof(
    fc.record({
      op: fc.constant('settle' as const),
      event: fc.nat(events - 1),
      winner: fc.nat(2),
      v: fc.constantFrom(...VOIDS),
      d: fc.constantFrom(...DEAD_HEATS),
    }),
    fc.record({ op: fc.constant('rollback' as const), event: fc.nat(events - 1) }),
    fc.record({ op: fc.constant('cancel' as const), event: fc.nat(events - 1) }),
    fc.record({ op: fc.constant('redeliver' as const) }),
    fc.record({ op: fc.constant('cashout' as const), bet: fc.nat(Math.max(0, bets - 1)) }),
    fc.record({ op: fc.constant('spend' as const), cents: fc.integer({ min: 1, max: 5_000 }) }),
  );

const scenario = fc.integer({ min: 2, max: 4 }).chain((events) =>
  fc.record({
    events: fc.constant(events),
    odds: fc.array(fc.array(fc.constantFrom(...ODDS), { minLength: 3, maxLength: 3 }), {
      minLength: events,
      maxLength: events,
    }),
    bets: fc.array(betSpec(events), { minLength: 1, maxLength: 5 }),
    ops: fc.array(opArb(events, 5), { maxLength: 8 }),
    funds: fc.integer({ min: 2_000, max: 20_000 }),
  }),
);

/** The reference: a leg's factor × 800 (odds in hundredths, v in halves, d in quarters), lines over 800^k. */
const referencePayout = (
  stake: bigint,
  lines: number[][],
  legs: { odds: number; cancelled: boolean; settled: { r: number; v: number; d: number } | null }[],
): bigint | null => {
  if (legs.some((l) => !l.cancelled && !l.settled)) return null;
  const n = legs.length;
  const scaled = legs.map((l) => {
    if (l.cancelled || !l.settled) return 800n;
    const v2 = BigInt(Math.round(l.settled.v * 2));
    const d4 = BigInt(Math.round(l.settled.d * 4));
    return v2 * 400n + (2n - v2) * BigInt(l.settled.r) * d4 * BigInt(Math.round(l.odds * 100));
  });
  let numerator = 0n;
  for (const line of lines) {
    let product = 1n;
    for (const i of line) product *= scaled[i] as bigint;
    numerator += product * 800n ** BigInt(n - line.length);
  }
  return (stake * numerator) / 800n ** BigInt(n);
};

const combos = (n: number, k: number): number[][] =>
  k === 0 ? [[]] : n < k ? [] : [...combos(n - 1, k - 1).map((c) => [...c, n - 1]), ...combos(n - 1, k)];
const linesFor = (type: string, n: number, size: string) => {
  if (type !== 'system') return [Array.from({ length: n }, (_, i) => i)];
  const sizes = size === 'trixie' ? [2, 3] : size === 'lucky15' ? [1, 2, 3, 4] : [Number(size)];
  return sizes.flatMap((k) => combos(n, k));
};

describe('the ledger under random feeds and bets', () => {
  it('stays exact: every payout equals the reference, balance = funds − spent − stakes + payouts + debts', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const r = run++;
        const id = (e: number) => `p${r}-${e}`;
        const { client, player } = await fundedClient(t.app, BigInt(s.funds));
        for (let e = 0; e < s.events; e++) await feed.football(id(e), s.odds[e] as [number, number, number]);
        const settled = new Map<number, { winner: number; v: number; d: number }>();
        const placed: { id: number; spec: TBetSpec; cancelled: Set<number> }[] = [];
        for (const [i, spec] of s.bets.entries()) {
          const selections = spec.events.map((e, j) => ({
            event_id: id(e),
            market_id: 1,
            specifiers: '',
            outcome_id: String(1 + (spec.outcomes[j] ?? 0)),
            odds: s.odds[e]?.[spec.outcomes[j] ?? 0],
          }));
          const answer = await client.post('sportsbook.placeBet', {
            selections: JSON.stringify(selections),
            type: spec.type,
            stake: (spec.stake / 100).toFixed(2),
            system_size: spec.size,
            bet_uuid: `p${r}-${i}`,
          });
          if (answer.error) {
            expect(answer.error.type).toBe('UserNeedDepositException');
            continue;
          }
          const bets = answer.data.bets as { id: number }[];
          if (spec.type === 'single')
            for (const [j, b] of bets.entries())
              placed.push({
                id: b.id,
                spec: { ...spec, events: [spec.events[j] as number], outcomes: [spec.outcomes[j] as number] },
                cancelled: new Set(),
              });
          else placed.push({ id: (bets[0] as { id: number }).id, spec, cancelled: new Set() });
        }
        let spent = 0n;
        const cashedOut = new Map<number, bigint>();
        let last: Record<string, unknown> | null = null;
        let settleCount = 0;
        const settle = async (e: number, winner: number, v: number, d: number) => {
          last = {
            type: 'bet_settlement',
            message_id: `settle-${r}-${e}-${settleCount++}`,
            timestamp: feed.nextTimestamp(),
            event_id: id(e),
            markets: [
              {
                id: 1,
                specifiers: '',
                outcomes: [0, 1, 2].map((o) => ({
                  id: String(o + 1),
                  result: o === winner ? 1 : 0,
                  void_factor: o === winner ? v : 0,
                  dead_heat_factor: o === winner ? d : 1,
                })),
              },
            ],
          };
          await feed.ok(last);
          settled.set(e, { winner, v, d });
        };
        for (const op of s.ops) {
          await expectOpenStakesTrue(player.id);
          if (op.op === 'settle') await settle(op.event, op.winner, op.v, op.d);
          else if (op.op === 'rollback') {
            await feed.ok({
              type: 'rollback_bet_settlement',
              event_id: id(op.event),
              markets: [{ id: 1, specifiers: '' }],
            });
            settled.delete(op.event);
          } else if (op.op === 'cancel') {
            await feed.ok({
              type: 'bet_cancel',
              event_id: id(op.event),
              markets: [{ id: 1, specifiers: '' }],
            });
            for (const p of placed) {
              if (cashedOut.has(p.id)) continue;
              for (const [j, e] of p.spec.events.entries()) if (e === op.event) p.cancelled.add(j);
            }
          } else if (op.op === 'redeliver') {
            // The same message again, with its id and timestamp: acknowledged and ignored.
            if (last) await feed.ok(last);
          } else if (op.op === 'cashout') {
            const target = placed[op.bet];
            if (!target) continue;
            const view = (await client.get('sportsbook.getBets', { id: target.id })).data.items[0];
            if (view?.cashout_value === null || view === undefined) continue;
            const done = await client.post('sportsbook.cashout', {
              bet_id: target.id,
              amount: view.cashout_value.toFixed(2),
            });
            expect(done.error).toBeNull();
            cashedOut.set(target.id, BigInt(Math.round(view.cashout_value * 100)));
          } else if (op.op === 'spend') {
            const { main } = await getBalances(t.app.ctx.db, player.id);
            const cents = BigInt(op.cents) < main ? BigInt(op.cents) : main;
            if (cents === 0n) continue;
            await postTransaction(t.app.ctx.db, {
              idempotencyKey: `spend-${r}-${spent}-${cents}`,
              kind: 'test.spend',
              entries: [
                { account: { playerId: player.id, kind: 'main' }, amount: -cents },
                { account: HOUSE.payments, amount: cents },
              ],
            });
            spent += cents;
          }
        }
        for (let e = 0; e < s.events; e++) if (!settled.has(e)) await settle(e, e % 3, 0, 1);

        const rows = await queryRows<{ id: unknown; status: string; payout: unknown; total_stake: unknown }>(
          t.app.ctx.db,
          sql`select id, status, payout, total_stake from sb_bets where player_id = ${player.id}`,
        );
        const byId = new Map(rows.map((row) => [Number(row.id), row]));
        for (const p of placed) {
          const row = byId.get(p.id);
          const cashed = cashedOut.get(p.id);
          if (cashed !== undefined) {
            expect(row?.status).toBe('cashed_out');
            expect(toBigInt(row?.payout)).toBe(cashed);
            continue;
          }
          const legs = p.spec.events.map((e, j) => {
            const result = settled.get(e);
            const outcome = p.spec.outcomes[j] as number;
            return {
              odds: s.odds[e]?.[outcome] as number,
              cancelled: p.cancelled.has(j),
              settled: result
                ? {
                    r: result.winner === outcome ? 1 : 0,
                    v: result.winner === outcome ? result.v : 0,
                    d: result.winner === outcome ? result.d : 1,
                  }
                : null,
            };
          });
          const stake =
            toBigInt(row?.total_stake) / BigInt(linesFor(p.spec.type, legs.length, p.spec.size).length);
          const expected = referencePayout(stake, linesFor(p.spec.type, legs.length, p.spec.size), legs);
          expect(expected).not.toBeNull();
          expect(toBigInt(row?.payout)).toBe(expected);
          expect(row?.status).not.toBe('open');
        }
        const [debts] = await queryRows<{ total: unknown }>(
          t.app.ctx.db,
          sql`select coalesce(sum(amount), 0) as total from sb_debts where player_id = ${player.id}`,
        );
        const stakes = rows.reduce((sum, row) => sum + toBigInt(row.total_stake), 0n);
        const payouts = rows.reduce((sum, row) => sum + toBigInt(row.payout), 0n);
        const { main } = await getBalances(t.app.ctx.db, player.id);
        expect(main).toBe(BigInt(s.funds) - spent - stakes + payouts + toBigInt(debts?.total));
        expect(await auditLedger(t.app.ctx.db)).toEqual([]);
        await expectOpenStakesTrue(player.id);
      }),
      { numRuns: 12, seed: 15 },
    );
  }, 600_000);
});
