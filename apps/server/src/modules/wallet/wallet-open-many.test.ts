/**
 * wallet_open_many (sql/functions/wallet/wallet_open_many.sql) answers, for the bets of a batch, exactly what wallet_open answers for each
 * (a repeat's stored answer included), and raises, writing nothing, where wallet_open would raise or repair.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExecutor } from '../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { queryRows } from '../ledger/sql.ts';
import { openManyText, openText, type TOpenCall } from './statements.ts';
import { walletService } from './wallet-service.ts';
import { fundedSession } from './wallet-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = (tx: TExecutor, text: string) => queryRows<Record<string, unknown>>(tx, sql.raw(text));

/** Runs `work` in a transaction that is rolled back; answers its value or the error's code. */
const rolledBack = async (work: (tx: TExecutor) => Promise<unknown>) => {
  const marker = { value: undefined as unknown };
  try {
    await t.app.ctx.db.transaction(async (tx) => {
      marker.value = await work(tx);
      throw marker;
    });
  } catch (error) {
    if (error === marker) return marker.value;
    const failure = error as { code?: string; cause?: { code?: string } };
    return { error: failure.code ?? failure.cause?.code ?? String(error) };
  }
  throw new Error('unreachable');
};

const one = (calls: TOpenCall[]) =>
  rolledBack(async (tx) => {
    const answers = [];
    for (const call of calls) answers.push((await rows(tx, openText(call)))[0]?.result);
    return answers;
  });
const many = (calls: TOpenCall[]) =>
  rolledBack(async (tx) => (await rows(tx, openManyText(calls)))[0]?.result);

/** A bet's opening for a new player; `played`: after an earlier bet (which made all four of its accounts). */
const callOf = async (cents: bigint, played = true): Promise<TOpenCall> => {
  const { session } = await fundedSession(t.app, cents);
  const id = session.slice(0, 8);
  if (played)
    await walletService.bet(t.app.ctx, {
      session,
      transactionId: `${id}-b0`,
      roundId: `r0-${id}`,
      amount: 0n,
    });
  return { session, transactionId: `${id}-b1`, roundId: `r-${id}`, amount: 100n };
};

describe('wallet_open_many', () => {
  it("answers each bet as wallet_open does, a repeat's stored answer included", async () => {
    const calls = [await callOf(1_000n), await callOf(100n), await callOf(500n)];
    const repeated = calls[2] as TOpenCall;
    const placed = await walletService.bet(t.app.ctx, { ...repeated });
    expect(placed).toMatchObject({ transaction_id: repeated.transactionId });
    const answers = (await many(calls)) as Record<string, unknown>[];
    expect(answers).toEqual(await one(calls));
    expect(answers.map((a) => a.response === null)).toEqual([true, true, false]);
  });

  it("raises, so the batch opens alone, for a missing session or a reused id; makes a new player's accounts", async () => {
    const fine = await callOf(1_000n);
    expect(await many([fine, { ...fine, session: 'no-such-session' }])).toEqual({ error: 'WA900' });
    const used = await callOf(1_000n);
    await walletService.bet(t.app.ctx, { ...used });
    expect(await many([fine, { ...used, amount: 200n }])).toEqual({ error: 'WA900' });
    expect(await one([{ ...used, amount: 200n }])).toEqual({ error: 'WA000' });
    // A player's first bet makes the accounts it lacks, as wallet_open does.
    const first = await callOf(0n, false);
    const opened = await many([fine, first]);
    expect(opened).toEqual(await one([fine, first]));
    expect(opened).toHaveLength(2);
    const accounts = await rolledBack(async (tx) => {
      const [answer] = await rows(tx, openManyText([fine, first]));
      const ids = ((answer?.result ?? []) as { player_id: number }[]).map((a) => Number(a.player_id));
      const counted = await rows(
        tx,
        `select count(*)::int as n from ledger_accounts where player_id in (${ids.join(', ')})
          group by player_id order by player_id`,
      );
      return counted.map((r) => Number(r.n));
    });
    expect(accounts).toEqual([4, 4]);
  });
});
