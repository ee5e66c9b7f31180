/**
 * ledger_post_many (sql/functions/ledger/ledger_post_many.sql, docs/decisions/059): the ledger's set-based posting
 * function. Its fingerprints are ledger_fingerprint's, its entries carry the running balances, and it refuses what
 * ledger_post refuses.
 */
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { queryRows, textArray, toBigInt } from './sql.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TTx = { key: string; kind: string; entries: [code: string, amount: bigint][]; fingerprint?: string };
type TPosted = { n: number; id: string; posted: boolean };

const post = (txs: TTx[], strict = false): Promise<TPosted[]> => {
  const entries = txs.flatMap((tx, i) => tx.entries.map(([code, amount]) => ({ tx: i + 1, code, amount })));
  return queryRows<TPosted>(
    t.app.ctx.db,
    sql`select u.n::int as n, u.id::text as id, u.posted from ledger_post_many(
      ${textArray(txs.map((x) => x.key))}::text[], ${textArray(txs.map((x) => x.kind))}::text[],
      ${textArray(txs.map((x) => `ref:${x.key}`))}::text[], null, null,
      ${txs.some((x) => x.fingerprint) ? textArray(txs.map((x) => x.fingerprint ?? '')) : null}::text[],
      ${`{${entries.map((e) => e.tx).join(',')}}`}::int[], ${textArray(entries.map((e) => e.code))}::text[],
      ${`{${entries.map((e) => e.amount).join(',')}}`}::bigint[], ${strict}) as l,
      unnest(l.o_ids, l.o_posted) with ordinality as u(id, posted, n) order by u.n`,
  );
};

const errorCode = async (run: Promise<unknown>): Promise<string> => {
  try {
    await run;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? 'unknown';
  }
  return 'none';
};

const one = async <R>(query: SQL) => (await queryRows<R>(t.app.ctx.db, query))[0] as R;

const entriesOf = (id: string) =>
  queryRows<{ code: string; amount: unknown; balance_after: unknown }>(
    t.app.ctx.db,
    sql`select a.code, e.amount, e.balance_after from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where e.transaction_id = ${id}::bigint order by e.id`,
  );

const balanceOf = async (code: string) =>
  toBigInt((await one<{ b: unknown }>(sql`select balance as b from ledger_accounts where code = ${code}`)).b);

let seq = 0;
const playerWith = async (cents: bigint) => {
  const { player } = await makePlayer(t.app);
  await queryRows(t.app.ctx.db, sql`select ledger_lock_players(array[${player.id}]::bigint[])`);
  const main = `player:${player.id}:main`;
  if (cents > 0n)
    await post([
      {
        key: `fund-${++seq}`,
        kind: 'test.credit',
        entries: [
          [main, cents],
          ['house:pm-test', -cents],
        ],
      },
    ]);
  return main;
};

describe('ledger_post_many', () => {
  it('seals each transaction with what ledger_fingerprint gives for its entries', async () => {
    const code = fc.constantFrom(
      'house:a',
      'house:B',
      'house:a:b',
      'house:ä',
      'house:"q"',
      'house:a\\b',
      'house:_',
    );
    const tx = fc
      .uniqueArray(
        fc.tuple(
          code,
          fc.bigInt({ min: -1_000_000n, max: 1_000_000n }).filter((a) => a !== 0n),
        ),
        {
          minLength: 1,
          maxLength: 5,
          selector: ([c]) => c,
        },
      )
      .filter((entries) => entries.reduce((s, [, a]) => s + a, 0n) !== 0n);
    await fc.assert(
      fc.asyncProperty(fc.array(tx, { minLength: 1, maxLength: 4 }), async (list) => {
        // Each transaction balanced by a last entry on an account of its own.
        const txs: TTx[] = list.map((entries) => ({
          key: `fp-${++seq}`,
          kind: 'test.fp',
          entries: [...entries, ['house:fp-balance', -entries.reduce((s, [, a]) => s + a, 0n)]],
        }));
        const posted = await post(txs);
        for (const [i, x] of txs.entries()) {
          const row = await one<{ stored: string; expected: string }>(sql`
            select t.fingerprint as stored, ledger_fingerprint('test.fp', ${textArray(x.entries.map(([c]) => c))}::text[],
                     ${`{${x.entries.map(([, a]) => a).join(',')}}`}::bigint[]) as expected
              from ledger_transactions t where t.id = ${posted[i]?.id}::bigint`);
          expect(row.stored).toBe(row.expected);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('counts each player entry’s balance on in input order and moves the balances by the sum', async () => {
    const main = await playerWith(1_000n);
    const posted = await post([
      {
        key: `run-${++seq}`,
        kind: 'game.bet',
        entries: [
          [main, -300n],
          ['house:pm-games', 300n],
        ],
      },
      {
        key: `run-${++seq}`,
        kind: 'game.win',
        entries: [
          [main, 1_200n],
          ['house:pm-games', -1_200n],
        ],
      },
      {
        key: `run-${++seq}`,
        kind: 'game.bet',
        entries: [
          [main, -1_900n],
          ['house:pm-games', 1_900n],
        ],
      },
    ]);
    expect(posted.map((p) => p.posted)).toEqual([true, true, true]);
    const afters = [];
    for (const p of posted) {
      const rows = await entriesOf(p.id);
      afters.push(
        rows.map((r) => [
          r.code,
          toBigInt(r.amount),
          r.balance_after === null ? null : toBigInt(r.balance_after),
        ]),
      );
    }
    expect(afters).toEqual([
      [
        [main, -300n, 700n],
        ['house:pm-games', 300n, null],
      ],
      [
        [main, 1_200n, 1_900n],
        ['house:pm-games', -1_200n, null],
      ],
      [
        [main, -1_900n, 0n],
        ['house:pm-games', 1_900n, null],
      ],
    ]);
    expect(await balanceOf(main)).toBe(0n);
  });

  it('refuses a balance below zero anywhere in the run (LD001) and writes nothing', async () => {
    const main = await playerWith(500n);
    const key = `short-${++seq}`;
    const code = await errorCode(
      post([
        {
          key,
          kind: 'game.bet',
          entries: [
            [main, -600n],
            ['house:pm-games', 600n],
          ],
        },
        {
          key: `${key}-win`,
          kind: 'game.win',
          entries: [
            [main, 1_000n],
            ['house:pm-games', -1_000n],
          ],
        },
      ]),
    );
    expect(code).toBe('LD001');
    expect(await balanceOf(main)).toBe(500n);
    const row = await one<{ n: unknown }>(
      sql`select count(*) as n from ledger_transactions where idempotency_key = ${key}`,
    );
    expect(Number(row.n)).toBe(0);
  });

  it('answers a taken key with its first id and moves nothing; refuses other content (LD002) or, strict, any', async () => {
    const main = await playerWith(1_000n);
    const key = `again-${++seq}`;
    const tx = (amount: bigint): TTx => ({
      key,
      kind: 'game.bet',
      entries: [
        [main, -amount],
        ['house:pm-games', amount],
      ],
    });
    const [first] = await post([tx(100n)]);
    const fresh: TTx = {
      key: `fresh-${++seq}`,
      kind: 'game.bet',
      entries: [
        [main, -50n],
        ['house:pm-games', 50n],
      ],
    };
    const replay = await post([tx(100n), fresh]);
    expect(replay).toEqual([
      { n: 1, id: first?.id, posted: false },
      { n: 2, id: expect.any(String), posted: true },
    ]);
    expect(await balanceOf(main)).toBe(850n);
    expect(await errorCode(post([tx(200n)]))).toBe('LD002');
    expect(await errorCode(post([tx(100n)], true))).toBe('23505');
    expect(await balanceOf(main)).toBe(850n);
  });

  it('takes a given fingerprint as the content, makes a missing house account, refuses a missing player account', async () => {
    const house = `house:pm-new-${++seq}`;
    const [posted] = await post([
      {
        key: `given-${seq}`,
        kind: 'test.given',
        fingerprint: 'given-content',
        entries: [
          [house, 5n],
          ['house:pm-test', -5n],
        ],
      },
    ]);
    const row = await one<{ fingerprint: string }>(
      sql`select fingerprint from ledger_transactions where id = ${posted?.id}::bigint`,
    );
    expect(row.fingerprint).toBe('given-content');
    expect((await entriesOf(posted?.id ?? '')).map((e) => e.code)).toEqual([house, 'house:pm-test']);
    const missing = await errorCode(
      post([
        {
          key: `missing-${seq}`,
          kind: 'test.x',
          entries: [
            ['player:0:main', 5n],
            ['house:pm-test', -5n],
          ],
        },
      ]),
    );
    expect(missing).not.toBe('none');
  });
});
