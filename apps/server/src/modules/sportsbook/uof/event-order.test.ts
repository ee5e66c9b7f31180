/**
 * Each event's messages apply once and in order: redelivered and older messages change nothing, in memory and in
 * the sportsbook's table (where the claim commits with the apply, and a failed apply leaves no claim).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import {
  createEventSequencer,
  judge,
  memoryOrderStore,
  sqlOrderStore,
  type TOrderStore,
} from './event-order.ts';
import type { TUofEventMessage } from './message-types.ts';

const odds = (eventId: string, timestamp: number): TUofEventMessage => ({
  type: 'odds_change',
  product: 1,
  eventId,
  timestamp,
  markets: [],
});
const stop = (eventId: string, timestamp: number): TUofEventMessage => ({
  type: 'bet_stop',
  product: 1,
  eventId,
  timestamp,
  groups: ['all'],
  marketStatus: -1,
});
const settle = (eventId: string, timestamp: number): TUofEventMessage => ({
  type: 'bet_settlement',
  product: 1,
  eventId,
  timestamp,
  markets: [],
});
const rollback = (eventId: string, timestamp: number): TUofEventMessage => ({
  type: 'rollback_bet_settlement',
  product: 1,
  eventId,
  timestamp,
  markets: [],
});

it('judges by stream: newer applies, older is stale, the same type at the same time is a duplicate', () => {
  const key = { eventId: 'e', stream: 'odds', type: 'odds_change', timestamp: 10 };
  expect(judge(undefined, key)).toBe('apply');
  expect(judge({ ts: 9, types: ['odds_change'] }, key)).toBe('apply');
  expect(judge({ ts: 11, types: ['bet_stop'] }, key)).toBe('stale');
  expect(judge({ ts: 10, types: ['odds_change'] }, key)).toBe('duplicate');
  expect(judge({ ts: 10, types: ['bet_stop'] }, key)).toBe('apply');
});

/** The same story for either store: what applies, in which order. */
const story = <C>(name: string, makeStore: () => TOrderStore<C>) =>
  describe(name, () => {
    it('applies in order, ignores redelivered and older messages, per event and stream', async () => {
      const sequencer = createEventSequencer(makeStore());
      const applied: string[] = [];
      const submit = (m: TUofEventMessage) =>
        sequencer.submit(m, async (message) => {
          applied.push(`${message.eventId} ${message.type} ${message.timestamp}`);
        });
      const event = `sr:match:${name.length}${Date.now()}`;
      const other = `${event}9`;
      expect(await submit(odds(event, 100))).toBe('apply');
      expect(await submit(odds(event, 100))).toBe('duplicate'); // redelivered
      expect(await submit(stop(event, 100))).toBe('apply'); // same instant, another type
      expect(await submit(odds(event, 90))).toBe('stale'); // older than what the odds stream applied
      expect(await submit(stop(event, 95))).toBe('stale');
      expect(await submit(odds(other, 50))).toBe('apply'); // another event keeps its own order
      expect(await submit(settle(event, 80))).toBe('apply'); // another stream: settlements keep theirs
      expect(await submit(rollback(event, 120))).toBe('apply');
      expect(await submit(settle(event, 80))).toBe('stale'); // the settlement the rollback undid, redelivered
      expect(await submit(settle(event, 130))).toBe('apply'); // a re-settlement
      expect(applied).toEqual([
        `${event} odds_change 100`,
        `${event} bet_stop 100`,
        `${other} odds_change 50`,
        `${event} bet_settlement 80`,
        `${event} rollback_bet_settlement 120`,
        `${event} bet_settlement 130`,
      ]);
    });

    it("applies an event's messages one after the other, in the order they were submitted", async () => {
      const sequencer = createEventSequencer(makeStore());
      const event = `sr:match:7${Date.now()}`;
      const log: string[] = [];
      const slow = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const runs = [30, 1, 10].map((delay, i) =>
        sequencer.submit(odds(event, 1000 + i), async (m) => {
          log.push(`start ${m.timestamp}`);
          await slow(delay);
          log.push(`end ${m.timestamp}`);
        }),
      );
      expect(await Promise.all(runs)).toEqual(['apply', 'apply', 'apply']);
      expect(log).toEqual(['start 1000', 'end 1000', 'start 1001', 'end 1001', 'start 1002', 'end 1002']);
      expect(sequencer.pending()).toBe(0);
    });

    it('a failed apply leaves no claim: the message applies when it comes again', async () => {
      const sequencer = createEventSequencer(makeStore());
      const event = `sr:match:8${Date.now()}`;
      await expect(
        sequencer.submit(odds(event, 5), async () => {
          throw new Error('the book could not apply it');
        }),
      ).rejects.toThrow('the book could not apply it');
      let applied = 0;
      expect(
        await sequencer.submit(odds(event, 5), async () => {
          applied += 1;
        }),
      ).toBe('apply');
      expect(applied).toBe(1);
    });
  });

story('in memory', memoryOrderStore);

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

story('in the sportsbook table', () => sqlOrderStore(t.app.ctx.db, t.clock));

describe('in the sportsbook table', () => {
  it('survives a restart (a new sequencer on the same table), and the claim is in the apply transaction', async () => {
    const event = `sr:match:9${Date.now()}`;
    const first = createEventSequencer(sqlOrderStore(t.app.ctx.db, t.clock));
    expect(
      await first.submit(odds(event, 10), async (_m, tx) => {
        // The claim is visible inside the transaction that applies the message…
        const rows = await tx.execute(sql`select ts from sb_uof_event_order where event_id = ${event}`);
        expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      }),
    ).toBe('apply');
    const second = createEventSequencer(sqlOrderStore(t.app.ctx.db, t.clock));
    expect(await second.submit(odds(event, 10), async () => undefined)).toBe('duplicate');
    expect(await second.submit(odds(event, 9), async () => undefined)).toBe('stale');
    const rows = await t.app.ctx.db.execute(
      sql`select stream, ts, types from sb_uof_event_order where event_id = ${event}`,
    );
    // bigint comes as text from pg and as a number from PGlite
    const found = (rows as unknown as { rows: { stream: string; ts: string | number; types: string[] }[] })
      .rows;
    expect(found.map((r) => ({ ...r, ts: Number(r.ts) }))).toEqual([
      { stream: 'odds', ts: 10, types: ['odds_change'] },
    ]);
  });
});
