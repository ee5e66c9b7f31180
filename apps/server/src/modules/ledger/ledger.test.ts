import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { HOUSE, type TPlayerAccountKind } from './accounts.ts';
import { auditLedger } from './audit.ts';
import { BALANCE_UPDATED, getBalances } from './balances.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  pgConstraint,
  UnbalancedTransactionError,
} from './errors.ts';
import { postTransaction } from './post-transaction.ts';
import { queryRows, textArray } from './sql.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const credit = (playerId: number, amount: bigint, key: string, kind: TPlayerAccountKind = 'main') => ({
  idempotencyKey: key,
  kind: 'test.credit',
  entries: [
    { account: { playerId, kind }, amount },
    { account: HOUSE.adjustments, amount: -amount },
  ],
});

describe('postTransaction', () => {
  it('moves money between a player and the house and publishes the balances after commit', async () => {
    const { player } = await makePlayer(t.app);
    const events: unknown[] = [];
    const stop = t.app.ctx.bus.subscribe((e) => {
      if (e.topic === BALANCE_UPDATED) events.push(e.payload);
    });
    const posted = await postTransaction(t.app.ctx.db, credit(player.id, 12_345n, `c-${player.id}`), {
      bus: t.app.ctx.bus,
    });
    // Through Redis the event arrives a moment after the publish.
    for (let i = 0; i < 100 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    stop();
    expect(posted.replayed).toBe(false);
    expect(posted.entries.find((e) => e.account === `player:${player.id}:main`)?.balanceAfter).toBe(12_345n);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(12_345n);
    expect(events).toEqual([
      expect.objectContaining({
        uid: player.id,
        balance: { amount: 123.45, currency: 'USD' },
      }),
    ]);
  });

  it('answers a retry with the first result and moves nothing; refuses the key with other content', async () => {
    const { player } = await makePlayer(t.app);
    const first = await postTransaction(t.app.ctx.db, credit(player.id, 500n, `r-${player.id}`));
    const again = await postTransaction(t.app.ctx.db, credit(player.id, 500n, `r-${player.id}`));
    expect(again.replayed).toBe(true);
    expect(again.id).toBe(first.id);
    expect(again.entries).toEqual(first.entries);
    await expect(
      postTransaction(t.app.ctx.db, credit(player.id, 501n, `r-${player.id}`)),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(500n);
  });

  it('refuses an overdraft with a typed error and leaves no trace', async () => {
    const { player } = await makePlayer(t.app);
    await postTransaction(t.app.ctx.db, credit(player.id, 100n, `o1-${player.id}`));
    await expect(
      postTransaction(t.app.ctx.db, credit(player.id, -101n, `o2-${player.id}`)),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const rows = await queryRows(
      t.app.ctx.db,
      sql`select 1 from ledger_transactions where idempotency_key = ${`o2-${player.id}`}`,
    );
    expect(rows).toHaveLength(0);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(100n);
  });

  it('refuses unbalanced or malformed transactions before touching the database', async () => {
    const { player } = await makePlayer(t.app);
    const bad = {
      idempotencyKey: `u-${player.id}`,
      kind: 'test',
      entries: [
        { account: { playerId: player.id, kind: 'main' as const }, amount: 10n },
        { account: HOUSE.adjustments, amount: -9n },
      ],
    };
    await expect(postTransaction(t.app.ctx.db, bad)).rejects.toBeInstanceOf(UnbalancedTransactionError);
  });

  it('has database guards: no negative player balance, balanced entries per statement, append-only history', async () => {
    const { player } = await makePlayer(t.app);
    await postTransaction(t.app.ctx.db, credit(player.id, 100n, `g-${player.id}`));
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'no error',
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
    // The code reads the negative balance's constraint name (ledgerErrorOf): it is kept (migration 1056).
    const negative = await t.app.ctx.db
      .execute(sql`update ledger_accounts set balance = -1 where code = ${`player:${player.id}:main`}`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgConstraint(negative)).toBe('ledger_accounts_balance_non_negative');
    // A house account holds no balance; player accounts are only of the player kinds, and a house account of none.
    expect(
      await failure(
        t.app.ctx.db.execute(sql`update ledger_accounts set balance = 0 where player_id is null`),
      ),
    ).toMatch(/ledger_accounts_balance_owner/);
    expect(
      await failure(
        t.app.ctx.db.execute(
          sql`insert into ledger_accounts (code, player_id, kind, balance) values ('x', ${player.id}, 'house', 0)`,
        ),
      ),
    ).toMatch(/ledger_accounts_player_kind/);
    expect(
      await failure(
        t.app.ctx.db.execute(sql`insert into ledger_accounts (code, kind) values ('house:x', 'main')`),
      ),
    ).toMatch(/ledger_accounts_player_kind/);
    expect(
      await failure(
        t.app.ctx.db.execute(
          sql`update ledger_accounts set kind = 'house' where code = ${`player:${player.id}:main`}`,
        ),
      ),
    ).toMatch(/ledger_accounts_player_kind/);
    expect(await failure(t.app.ctx.db.execute(sql`delete from ledger_entries`))).toMatch(/append-only/);
    expect(
      await failure(
        t.app.ctx.db.transaction(async (tx) => {
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`insert into ledger_transactions (idempotency_key, kind, fingerprint) values ('lonely', 'x', 'x') returning id`,
          );
          const [account] = await queryRows<{ id: number }>(tx, sql`select id from ledger_accounts limit 1`);
          await tx.execute(
            sql`insert into ledger_entries (transaction_id, account_id, amount) values (${row?.id}, ${account?.id}, 5)`,
          );
        }),
      ),
    ).toMatch(/does not balance/);
    expect(
      await failure(t.app.ctx.db.execute(sql`delete from ledger_accounts where player_id = ${player.id}`)),
    ).toMatch(/never deleted/);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('reports an entry or wallet record whose transaction is missing (those references are not foreign keys)', async () => {
    const { player } = await makePlayer(t.app);
    await postTransaction(t.app.ctx.db, credit(player.id, 100n, `o-${player.id}`));
    const rolledBack = new Error('rolled back');
    const found = await t.app.ctx.db
      .transaction(async (tx) => {
        const [house] = await queryRows<{ id: number }>(
          tx,
          sql`select id from ledger_accounts where code = 'house:adjustments'`,
        );
        await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount)
          values (-7, ${house?.id}, 5), (-7, -8, -5)`);
        const problems = await auditLedger(tx);
        throw Object.assign(rolledBack, { problems });
      })
      .catch((error: Error & { problems?: string[] }) => error.problems ?? [error.message]);
    expect(found).toHaveLength(2);
    expect(found.every((p) => /^entry \d+ points at a missing row$/.test(p))).toBe(true);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });
});

describe('idempotency fingerprints computed by the database', () => {
  // The formulas the TypeScript code used before posting moved into SQL (0201, 0211): rows written then must
  // still match a retry now, so the database must produce byte for byte the same hashes.
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  it('ledger_fingerprint is sha256 of ["kind",[["code","amount"],…]] in code order', async () => {
    const codes = ['player:7:main', 'house:games', 'house:a"b\\c'];
    const amounts = [-150n, 100n, 50n];
    const expected = sha(
      JSON.stringify([
        'game.bet',
        codes
          .map((code, i) => ({ code, amount: amounts[i] as bigint }))
          .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
          .map((e) => [e.code, e.amount.toString()]),
      ]),
    );
    const [row] = await queryRows<{ f: string }>(
      t.app.ctx.db,
      sql`select ledger_fingerprint('game.bet', array[${sql.join(
        codes.map((c) => sql`${c}::text`),
        sql`, `,
      )}], array[-150, 100, 50]::bigint[]) as f`,
    );
    expect(row?.f).toBe(expected);
  });
  it('wallet_fingerprint is sha256 of ["kind",playerId,"round","amount",reference]', async () => {
    for (const [round, reference] of [
      ['r-1 "quoted" \\ é', null],
      ['', 'bet-9'],
    ] as const) {
      const expected = sha(JSON.stringify(['rollback', 42, round, '1250', reference]));
      const [row] = await queryRows<{ f: string }>(
        t.app.ctx.db,
        sql`select wallet_fingerprint('rollback', 42, ${round}, 1250, ${reference}::text) as f`,
      );
      expect(row?.f).toBe(expected);
    }
  });
});

describe('ledger invariants under random sequences (property)', () => {
  type TOp =
    | { type: 'move'; player: number; kind: TPlayerAccountKind; amount: number; key: number }
    | { type: 'transfer'; from: number; to: number; amount: number; key: number };

  const kinds: TPlayerAccountKind[] = ['main', 'bonus', 'betting_bonus', 'fun'];
  const op: fc.Arbitrary<TOp> = fc.oneof(
    fc.record({
      type: fc.constant('move' as const),
      player: fc.integer({ min: 0, max: 1 }),
      kind: fc.constantFrom(...kinds),
      amount: fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0),
      key: fc.integer({ min: 0, max: 15 }),
    }),
    fc.record({
      type: fc.constant('transfer' as const),
      from: fc.integer({ min: 0, max: 1 }),
      to: fc.integer({ min: 0, max: 1 }),
      amount: fc.integer({ min: 1, max: 3_000 }),
      key: fc.integer({ min: 0, max: 15 }),
    }),
  );

  it('keeps every invariant after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        const db = t.app.ctx.db;
        const players = [(await makePlayer(t.app)).player.id, (await makePlayer(t.app)).player.id];
        const run = `${players[0]}`;
        const model = new Map<string, bigint>();
        const used = new Map<string, string>();
        const get = (code: string) => model.get(code) ?? 0n;
        for (const o of ops) {
          const key = `p-${run}-${o.key}`;
          const entries =
            o.type === 'move'
              ? [
                  { account: { playerId: players[o.player]!, kind: o.kind }, amount: BigInt(o.amount) },
                  { account: HOUSE.adjustments, amount: BigInt(-o.amount) },
                ]
              : o.from === o.to
                ? null
                : [
                    {
                      account: { playerId: players[o.from]!, kind: 'main' as const },
                      amount: BigInt(-o.amount),
                    },
                    {
                      account: { playerId: players[o.to]!, kind: 'main' as const },
                      amount: BigInt(o.amount),
                    },
                  ];
          if (!entries) continue;
          const content = JSON.stringify(entries, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
          const codes = entries.map((e) =>
            typeof e.account === 'string' ? e.account : `player:${e.account.playerId}:${e.account.kind}`,
          );
          try {
            const posted = await postTransaction(db, { idempotencyKey: key, kind: 'prop', entries });
            if (used.has(key)) {
              expect(used.get(key)).toBe(content);
              expect(posted.replayed).toBe(true);
            } else {
              expect(posted.replayed).toBe(false);
              used.set(key, content);
              entries.forEach((e, i) => {
                model.set(codes[i]!, get(codes[i]!) + e.amount);
              });
            }
          } catch (error) {
            if (error instanceof IdempotencyConflictError) expect(used.get(key)).not.toBe(content);
            else if (error instanceof InsufficientFundsError) {
              expect(used.has(key)).toBe(false);
              expect(
                entries.some((e, i) => !codes[i]!.startsWith('house:') && get(codes[i]!) + e.amount < 0n),
              ).toBe(true);
            } else throw error;
          }
          expect(await auditLedger(db)).toEqual([]);
          for (const [index, playerId] of players.entries()) {
            const balances = await getBalances(db, playerId);
            for (const kind of kinds)
              expect(balances[kind], `player ${index} ${kind}`).toBe(get(`player:${playerId}:${kind}`));
          }
          const [{ n }] = (await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from ledger_transactions where idempotency_key like ${`p-${run}-%`}`,
          )) as [{ n: number }];
          expect(n).toBe(used.size);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('textArray', () => {
  it('round-trips any text through one array parameter, quotes and backslashes included', async () => {
    const values = ['plain', 'with "quotes"', 'back\\slash', '{braces}, commas', '', 'NULL', 'ünï'];
    const [row] = await queryRows<{ values: string[] }>(
      t.app.ctx.db,
      sql`select ${textArray(values)}::text[] as values`,
    );
    expect(row?.values).toEqual(values);
  });
});
