/**
 * wallet_round (sql/functions/wallet/wallet_round.sql) writes exactly what wallet_apply('bet') then wallet_apply('win') write for a round
 * of one of our games: each case runs both ways on the same player from the same state (the first way rolled
 * back), and every row the calls touch must come out the same, the answers included. The fast way must really be
 * taken where it applies: in those cases wallet_round_in_two_calls (the two calls) is made to fail inside the transaction.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExecutor } from '../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { grantBonus } from '../bonuses/engine.ts';
import { auditLedger } from '../ledger/audit.ts';
import { queryRows } from '../ledger/sql.ts';
import { openText, roundText as roundAloneText, roundManyText, type TRoundCall } from './statements.ts';
import { fundedSession } from './wallet-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = '2026-11-27T10:00:00.000Z';
const EXPIRES = '2026-11-27T10:30:00.000Z';
const lit = (value: string) => pg.escapeLiteral(value);

interface TRound {
  session: string;
  playerId: number;
  roundId: string;
  bet: number;
  win: number;
}

class Rollback {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

/** Runs `work` in a transaction that is always rolled back; answers what `work` answered or the error it threw. */
const rolledBack = async (work: (tx: TExecutor) => Promise<unknown>) => {
  try {
    await t.app.ctx.db.transaction(async (tx) => {
      throw new Rollback(await work(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value;
    const failure = error as { code?: string; cause?: { code?: string } };
    return { error: failure.code ?? failure.cause?.code ?? String(error) };
  }
  throw new Error('unreachable');
};

type TRow = Record<string, unknown>;
const rows = (tx: TExecutor, text: string) => queryRows<TRow>(tx, sql.raw(text));

/**
 * Every row a round's calls write or change, without the serial ids (their order is kept by sorting on them); the
 * amounts as text (PGlite answers numbers, pg strings).
 */
const snapshot = async (tx: TExecutor, round: TRound, result: unknown) => {
  const keys = `array['wallet:acme:${round.roundId}-bet', 'wallet:acme:${round.roundId}-win']`;
  return {
    result,
    round: await rows(
      tx,
      `select provider, round_id, player_id, game, mode, bet_total::text, win_total::text, status, bonus_id,
              bonus_bet_total::text,
              created_at, updated_at from game_rounds where round_id = ${lit(round.roundId)}`,
    ),
    walletRecords: await rows(
      tx,
      `select w.provider, w.transaction_id, w.type, w.player_id, w.round_id, w.amount, w.reference_transaction_id,
              w.status, l.idempotency_key as ledger_key, w.fingerprint, w.response, w.created_at, w.bonus_id,
              w.bonus_amount, w.bonus_wagered
         from wallet_transactions w left join ledger_transactions l on l.id = w.ledger_transaction_id
        where w.round_id = ${lit(round.roundId)} order by w.id`,
    ),
    ledger: await rows(
      tx,
      `select idempotency_key, kind, reference, fingerprint, meta, created_at from ledger_transactions
        where idempotency_key = any (${keys}) order by id`,
    ),
    entries: await rows(
      tx,
      `select l.idempotency_key, a.code, e.amount::text, e.balance_after::text from ledger_entries e
         join ledger_transactions l on l.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
        where l.idempotency_key = any (${keys}) order by e.id`,
    ),
    accounts: await rows(
      tx,
      `select code, balance::text from ledger_accounts where player_id = ${round.playerId} order by id`,
    ),
    bonuses: await rows(tx, `select * from player_bonuses where player_id = ${round.playerId} order by id`),
    session: await rows(tx, `select expires_at from wallet_sessions where token = ${lit(round.session)}`),
  };
};

const args = (round: TRound) =>
  `${lit(round.session)}, ${lit(round.roundId)}, ${lit(`${round.roundId}-bet`)}, ${round.bet}::bigint,
   ${lit(`${round.roundId}-win`)}, ${round.win}::bigint, ${lit(NOW)}::timestamptz, ${lit(EXPIRES)}::timestamptz`;

const play = (fn: 'wallet_round' | 'wallet_round_in_two_calls', round: TRound, fast: boolean) =>
  rolledBack(async (tx) => {
    if (fast)
      await rows(
        tx,
        `create or replace function wallet_round_in_two_calls(p_token text, p_round_id text, p_bet_transaction_id text,
           p_bet bigint, p_win_transaction_id text, p_win bigint, p_now timestamptz, p_session_expires_at timestamptz)
         returns jsonb language plpgsql as $$ begin raise exception 'the round went apart'; end $$`,
      );
    await rows(
      tx,
      `select wallet_open('bet', ${lit(round.session)}, ${lit(`${round.roundId}-bet`)}, ${lit(round.roundId)},
         ${round.bet}::bigint, null)`,
    );
    const [answer] = await rows(tx, `select ${fn}(${args(round)}) as result`);
    return snapshot(tx, round, answer?.result);
  });

/** Both ways from the same state; `fast`: wallet_round must not fall back to the two calls. */
const expectSameRows = async (round: TRound, fast: boolean) => {
  const apart = await play('wallet_round_in_two_calls', round, false);
  const together = await play('wallet_round', round, fast);
  expect(together).toEqual(apart);
  return together as Awaited<ReturnType<typeof snapshot>> & { error?: string };
};

let seq = 0;
const roundOf = async (
  cents: bigint,
  bet: number,
  win: number,
  options: { mode?: 'real' | 'demo'; bonus?: 'active' | 'completing' } = {},
): Promise<TRound> => {
  const { player, session } = await fundedSession(t.app, cents, { mode: options.mode });
  if (options.bonus) {
    const { bonusId } = await grantBonus(t.app.ctx.db, {
      playerId: player.id,
      template: 'demo10',
      source: 'operator',
      sourceRef: 'wallet-round test',
      grantKey: `wallet-round:${player.id}`,
      now: new Date(NOW),
    });
    if (options.bonus === 'completing')
      await t.app.ctx.db.execute(
        sql`update player_bonuses set wagered = wager_requirement - 1 where id = ${bonusId}`,
      );
  }
  return { session, playerId: player.id, roundId: `wr-${player.id}-${seq++}`, bet, win };
};

describe('wallet_round', () => {
  it('writes what the stake and the win write, for a win, a loss and a demo round', async () => {
    const won = await expectSameRows(await roundOf(1_000n, 250, 600), true);
    expect(won.entries).toHaveLength(4);
    expect(won.round[0]).toMatchObject({ status: 'closed', bet_total: '250', win_total: '600' });
    const lost = await expectSameRows(await roundOf(1_000n, 250, 0), true);
    expect(lost.ledger).toHaveLength(1);
    expect(lost.walletRecords).toHaveLength(2);
    // A demo session starts with 1,000.00 of fun money.
    const demo = await expectSameRows(await roundOf(0n, 300, 120, { mode: 'demo' }), true);
    expect(demo.accounts.find((a) => String(a.code).endsWith(':fun'))?.balance).toBe('99820');
  });

  it('splits a stake and its win between main and an active bonus, and counts the wagering', async () => {
    // 3.00 on main, the bonus's 10.00: a 4.00 stake takes 1.00 of bonus money; the win's bonus share rounds up.
    const split = await expectSameRows(await roundOf(300n, 400, 250, { bonus: 'active' }), true);
    expect(split.entries.map((e) => [String(e.code).split(':').pop(), e.amount])).toEqual([
      ['main', '-300'],
      ['games', '400'],
      ['bonus', '-100'],
      ['main', '187'],
      ['games', '-250'],
      ['bonus', '63'],
    ]);
    expect(split.bonuses[0]).toMatchObject({ status: 'active' });
  });

  it('goes the two calls’ way when the stake completes its bonus, or the round exists', async () => {
    const completing = await expectSameRows(await roundOf(300n, 400, 250, { bonus: 'completing' }), false);
    expect(completing.bonuses[0]).toMatchObject({ status: 'completed' });
    const round = await roundOf(1_000n, 100, 50);
    await t.app.ctx.db.transaction(async (tx) => {
      await rows(
        tx,
        `select wallet_open('bet', ${lit(round.session)}, 'first-bet', ${lit(round.roundId)}, 100, null)`,
      );
      await rows(
        tx,
        `select wallet_apply('bet', ${lit(round.session)}, 'first-bet', ${lit(round.roundId)}, 100, null,
           ${lit(NOW)}::timestamptz, ${lit(EXPIRES)}::timestamptz, false)`,
      );
    });
    const existing = await expectSameRows(round, false);
    expect(existing.round[0]).toMatchObject({ bet_total: '200', win_total: '50', status: 'closed' });
  });

  it("takes a bonus's terms as bonus_stake does: its maximum bet, isolated bonus money, a game's own contribution", async () => {
    // Over the bonus's 5.00 maximum with bonus money in the stake: refused, both ways alike.
    const over = await expectSameRows(await roundOf(300n, 600, 0, { bonus: 'active' }), true);
    expect(over).toEqual({ error: 'WA000' });
    const db = t.app.ctx.db;
    const isolation = (on: boolean) =>
      db.execute(sql`update site_settings set value = value || jsonb_build_object('is_bonus_isolation_enabled', ${on}::boolean)
                      where key = 'general-info'`);
    await isolation(true);
    await db.execute(
      sql`insert into bonus_game_contributions (game, percent, updated_at) values ('test-slot', 50, now())`,
    );
    try {
      // Isolated: the stake is bonus money first though main could pay it; the game's own 50 % counts it.
      const isolated = await expectSameRows(await roundOf(1_000n, 300, 120, { bonus: 'active' }), true);
      expect(isolated.entries.map((e) => [String(e.code).split(':').pop(), e.amount])).toEqual([
        ['games', '300'],
        ['bonus', '-300'],
        ['games', '-120'],
        ['bonus', '120'],
      ]);
      expect(isolated.bonuses[0]).toMatchObject({ wagered: expect.anything() });
      expect(String(isolated.bonuses[0]?.wagered)).toBe('150');
    } finally {
      await isolation(false);
      await db.execute(sql`delete from bonus_game_contributions where game = 'test-slot'`);
    }
  });

  it('refuses a stake short of money as the ledger does, writing nothing', async () => {
    const short = await expectSameRows(await roundOf(100n, 250, 600), true);
    expect(short).toEqual({ error: 'LD001' });
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });
});

/**
 * A round as the batch's code calls it (wallet-pool.ts): the stake's and the win's ids, at NOW; `open`: the round
 * does not end with its stake (no win).
 */
const callOf = (round: TRound, open = false): TRoundCall => ({
  session: round.session,
  roundId: round.roundId,
  transactionId: `${round.roundId}-bet`,
  amount: BigInt(round.bet),
  win: open ? null : { transactionId: `${round.roundId}-win`, amount: BigInt(round.win) },
  now: new Date(NOW),
});

/**
 * The rounds opened in one transaction, then played one by one (wallet_round, or the stake's wallet_apply for a
 * round left open) or by one wallet_round_many. `open`: the indexes of the rounds left open.
 */
const playBatch = (rounds: TRound[], many: boolean, open: number[] = []) =>
  rolledBack(async (tx) => {
    const calls = rounds.map((round, i) => callOf(round, open.includes(i)));
    for (const call of calls) await rows(tx, openText(call));
    const results: unknown[] = [];
    if (many) results.push(...(((await rows(tx, roundManyText(calls)))[0]?.result ?? []) as unknown[]));
    else
      for (const call of calls) {
        // A stake alone answers its result bare; wallet_round_many answers it in an array of one.
        const result = (await rows(tx, roundAloneText(call)))[0]?.result;
        results.push(call.win ? result : [result]);
      }
    const snapshots = [];
    for (const [i, round] of rounds.entries()) snapshots.push(await snapshot(tx, round, results[i]));
    return snapshots;
  });

describe('wallet_round_many', () => {
  it("writes for a batch's rounds what wallet_round writes for each: wins, losses, bonus money, a demo round", async () => {
    const rounds = [
      await roundOf(1_000n, 250, 600),
      await roundOf(1_000n, 250, 0),
      await roundOf(300n, 400, 250, { bonus: 'active' }),
      await roundOf(0n, 300, 120, { mode: 'demo' }),
      await roundOf(2_000n, 500, 0, { bonus: 'active' }),
    ];
    const many = (await playBatch(rounds, true)) as { entries: unknown[]; bonuses: unknown[] }[];
    expect(many).toEqual(await playBatch(rounds, false));
    expect(many.map((r) => r.entries.length)).toEqual([4, 2, 6, 4, 2]);
  });

  it("writes for a batch's stakes whose rounds stay open what wallet_apply('bet') writes for each", async () => {
    const rounds = [
      await roundOf(1_000n, 250, 0),
      await roundOf(1_000n, 250, 600),
      await roundOf(300n, 400, 0, { bonus: 'active' }),
      await roundOf(0n, 300, 0, { mode: 'demo' }),
      await roundOf(2_000n, 500, 0, { bonus: 'active' }),
    ];
    const open = [0, 2, 3, 4];
    const many = (await playBatch(rounds, true, open)) as {
      result: unknown[];
      round: Record<string, unknown>[];
      walletRecords: unknown[];
    }[];
    expect(many).toEqual(await playBatch(rounds, false, open));
    // The open rounds: one answer, one wallet record, the stake as the round's bet total; the second round ended.
    expect(many.map((r) => [r.result.length, r.walletRecords.length, r.round[0]?.status])).toEqual([
      [1, 1, 'open'],
      [2, 2, 'closed'],
      [1, 1, 'open'],
      [1, 1, 'open'],
      [1, 1, 'open'],
    ]);
    expect(many[2]?.round[0]).toMatchObject({ bet_total: '400', win_total: '0', bonus_bet_total: '100' });
  });

  it('makes the house accounts a new database lacks instead of sending the batch apart', async () => {
    const rounds = [await roundOf(1_000n, 250, 600), await roundOf(0n, 300, 0, { mode: 'demo' })];
    const made = await rolledBack(async (tx) => {
      // As on a new database: no account has the house's codes yet.
      await rows(
        tx,
        `update ledger_accounts set code = code || ':before' where code in ('house:games', 'house:fun')`,
      );
      const calls = rounds.map((round, i) => callOf(round, i === 1));
      for (const call of calls) await rows(tx, openText(call));
      const [answer] = await rows(tx, roundManyText(calls));
      const house = await rows(
        tx,
        `select a.code, a.kind, a.balance::text, (select sum(e.amount)::text from ledger_entries e where e.account_id = a.id) as moved
           from ledger_accounts a where a.code in ('house:games', 'house:fun') order by a.code`,
      );
      return { answers: ((answer?.result ?? []) as unknown[]).length, house };
    });
    expect(made).toEqual({
      answers: 2,
      house: [
        { code: 'house:fun', kind: 'house:fun', balance: null, moved: '300' },
        { code: 'house:games', kind: 'house:games', balance: null, moved: '-350' },
      ],
    });
  });

  it('raises WA900 and writes nothing when a round would go apart or be refused', async () => {
    const fine = await roundOf(1_000n, 250, 600);
    for (const odd of [
      await roundOf(100n, 250, 0),
      await roundOf(300n, 400, 250, { bonus: 'completing' }),
      await roundOf(300n, 600, 0, { bonus: 'active' }),
    ])
      expect(await playBatch([fine, odd], true)).toEqual({ error: 'WA900' });
  });
});
