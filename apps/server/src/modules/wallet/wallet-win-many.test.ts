/**
 * wallet_win_many (sql/functions/wallet/wallet_win_many.sql) must leave exactly what wallet_call('win', …) row by row leaves: two twin pairs
 * of players play the same rounds; one pair's wins go one by one (`move`), the other's in one batch (`moveMany`),
 * and every answer, round, ledger entry, balance and fingerprint is compared.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { queryRows, textArray } from '../ledger/sql.ts';
import { walletService } from './wallet-service.ts';
import { fundedSession } from './wallet-test-helpers.ts';
import { type TMoveInput, walletTransaction } from './wallet-transaction.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const player = async () => {
  const { player, session } = await fundedSession(t.app, 10_000n);
  return { id: player.id, session };
};

/** Two players with the same history so far under the prefix `p`; answers the wins to pay and a normalizer. */
const twins = async (p: string) => {
  const [one, two] = [await player(), await player()];
  for (const [who, round] of [
    [one, 'r1'],
    [one, 'r2'],
    [two, 'r3'],
  ] as const)
    await walletService.bet(t.app.ctx, {
      session: who.session,
      transactionId: `${p}b-${round}`,
      roundId: `${p}${round}`,
      amount: 100n,
    });
  await walletService.win(t.app.ctx, {
    session: one.session,
    transactionId: `${p}w-early`,
    roundId: `${p}r1`,
    amount: 10n,
    roundClosed: false,
  });
  const wins: TMoveInput[] = [
    { session: one.session, transactionId: `${p}w1`, roundId: `${p}r1`, amount: 250n, roundClosed: true },
    { session: two.session, transactionId: `${p}w2`, roundId: `${p}r3`, amount: 40n },
    { session: one.session, transactionId: `${p}w3`, roundId: `${p}r2`, amount: 0n },
    { session: one.session, transactionId: `${p}w4`, roundId: `${p}r9`, amount: 70n },
    // A repeat of a win already paid: answered from its record, nothing moves.
    { session: one.session, transactionId: `${p}w-early`, roundId: `${p}r1`, amount: 10n },
    { session: one.session, transactionId: `${p}w5`, roundId: `${p}r2`, amount: 35n, roundClosed: true },
    { session: two.session, transactionId: `${p}w6`, roundId: `${p}r8`, amount: 15n },
    { session: one.session, transactionId: `${p}w7`, roundId: `${p}r7`, amount: 20n, roundClosed: true },
  ];
  const normal = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value, (k, v) =>
        typeof v === 'bigint' ? v.toString() : k === 'player_id' ? String(v) : v,
      )
        .replaceAll(p, '~')
        .replaceAll(`"${one.id}"`, '"P1"')
        .replaceAll(`"${two.id}"`, '"P2"')
        .replaceAll(`:${one.id}:`, ':P1:')
        .replaceAll(`:${two.id}:`, ':P2:'),
    );
  return { players: [one.id, two.id], wins, normal };
};

/** What the wins left for these players, ids left out (the normalizer maps names). */
const stateOf = async (players: number[]) => {
  const ids = `{${players.join(',')}}`;
  const rounds = await queryRows(
    t.app.ctx.db,
    sql`select round_id, player_id::text, game, mode, bet_total::text, win_total::text, status
          from game_rounds where player_id = any(${ids}::bigint[]) order by round_id`,
  );
  const calls = await queryRows<{
    type: string;
    amount: string;
    fingerprint_ok: boolean;
    ledger_fingerprint_ok: boolean | null;
  }>(
    t.app.ctx.db,
    sql`select w.transaction_id, w.type, w.player_id::text, w.round_id, w.amount::text, w.response, w.bonus_amount::text,
               w.fingerprint = wallet_fingerprint(w.type, w.player_id, w.round_id, w.amount,
                                                  w.reference_transaction_id) as fingerprint_ok,
               l.kind, l.reference, l.meta,
               l.fingerprint = ledger_fingerprint(l.kind,
                 (select array_agg(a.code order by e.id) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                   where e.transaction_id = l.id),
                 (select array_agg(e.amount order by e.id) from ledger_entries e where e.transaction_id = l.id))
                 as ledger_fingerprint_ok,
               (select json_agg(json_build_array(a.code, e.amount::text, e.balance_after::text) order by e.id)
                  from ledger_entries e join ledger_accounts a on a.id = e.account_id
                 where e.transaction_id = l.id) as entries
          from wallet_transactions w left join ledger_transactions l on l.id = w.ledger_transaction_id
         where w.player_id = any(${ids}::bigint[]) order by w.id`,
  );
  const balances = await queryRows(
    t.app.ctx.db,
    sql`select code, balance::text from ledger_accounts where player_id = any(${ids}::bigint[]) order by code`,
  );
  return { rounds, calls, balances };
};

describe('wallet_win_many', () => {
  it('answers and records each win as wallet_call does one by one, the plain ones set-based', async () => {
    const single = await twins('one-');
    const many = await twins('many-');
    const answersOne = await walletTransaction(t.app.ctx, async (_tx, move) => {
      const answers = [];
      for (const w of single.wins) answers.push(await move('win', w));
      return answers;
    });
    // Set-based: the rows alone on their round; a zero, a repeat and the rows sharing its round go one by one.
    const [plain] = await queryRows<{ mask: boolean[] }>(
      t.app.ctx.db,
      sql`select wallet_win_plain(${textArray(many.wins.map((w) => w.session))}::text[],
            ${textArray(many.wins.map((w) => w.transactionId))}::text[],
            ${textArray(many.wins.map((w) => w.roundId))}::text[],
            ${textArray(many.wins.map((w) => String(w.amount)))}::bigint[]) as mask`,
    );
    expect(plain?.mask).toEqual([false, true, false, true, false, false, true, true]);
    const answersMany = await walletTransaction(t.app.ctx, (_tx, _move, moveMany) => moveMany(many.wins));
    expect(many.normal(answersMany)).toEqual(single.normal(answersOne));
    expect(answersMany.map((a) => a.replayed ?? false)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    const [stateOne, stateMany] = [await stateOf(single.players), await stateOf(many.players)];
    expect(many.normal(stateMany)).toEqual(single.normal(stateOne));
    expect(stateMany.calls.every((c) => c.fingerprint_ok && c.ledger_fingerprint_ok !== false)).toBe(true);
    expect(stateMany.calls.filter((c) => c.type === 'win' && c.amount !== '0')).toHaveLength(7);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('refuses a batch as the row-by-row calls would: another player’s round, an unknown session', async () => {
    const a = await player();
    const b = await player();
    await walletService.bet(t.app.ctx, {
      session: b.session,
      transactionId: 'x-b',
      roundId: 'x-r',
      amount: 50n,
    });
    const batch = (rows: TMoveInput[]) =>
      walletTransaction(t.app.ctx, (_tx, _move, moveMany) => moveMany(rows)).then(
        () => 'paid',
        (error: { code?: string }) => error.code,
      );
    const fine = { session: a.session, transactionId: 'x-ok', roundId: 'x-own', amount: 5n };
    expect(
      await batch([fine, { session: a.session, transactionId: 'x-w', roundId: 'x-r', amount: 5n }]),
    ).toBe('ROUND_MISMATCH');
    expect(await batch([fine, { session: 'nope', transactionId: 'x-n', roundId: 'x-n', amount: 5n }])).toBe(
      'SESSION_NOT_FOUND',
    );
    // Nothing of a refused batch stays.
    expect(await stateOf([a.id])).toMatchObject({ rounds: [], calls: [] });
  });
});
