/**
 * Jackpot shares are exact (issue 36, migrations/1160, 1161): a share of a stake is kept to a ten-thousandth of a cent
 * (e4), the pool shows it at once, and the ledger moves the whole cents the shares make, the rest carried by the
 * pool. Per tier, always: Σ shares (e4) = 10000 × Σ contribution entries (cents) + Σ carry of its parts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { cents, fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { fundedSession } from '../wallet/wallet-test-helpers.ts';
import { DICE, newJackpot, playDice } from './competitions-test-helpers.ts';
import { exactMajor } from './jackpots.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'jackpots' });
}, 60_000);
afterAll(() => t.close());

const bigintOf = async (query: ReturnType<typeof sql>) =>
  BigInt((await queryRows<{ v: string | null }>(t.app.ctx.db, query))[0]?.v ?? '0');

/** A tier's movements as the ledger holds them (cents) and what its parts carry (e4). */
const tierBooks = async (tierId: number) => ({
  contributed: await bigintOf(
    sql`select sum(e.amount)::text as v from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.code = ${`house:jackpot:${tierId}`}
          join ledger_transactions tr on tr.id = e.transaction_id
         where coalesce(e.kind, tr.kind) = 'jackpot.contribution'`,
  ),
  onLedger: await bigintOf(
    sql`select sum(e.amount)::text as v from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.code = ${`house:jackpot:${tierId}`}`,
  ),
  carried: await bigintOf(
    sql`select sum(carry)::text as v from jackpot_pool_parts where tier_id = ${tierId}`,
  ),
  pool: await bigintOf(sql`select jackpot_pool(${tierId})::text as v`),
  exact: await bigintOf(sql`select jackpot_pool_exact(${tierId})::text as v`),
});

const tiersOf = async (jackpotId: number) =>
  (
    await queryRows<{ id: string; bp: number }>(
      t.app.ctx.db,
      sql`select id::text, contribution_bp as bp from jackpot_tiers where jackpot_id = ${jackpotId} order by id`,
    )
  ).map((r) => ({ id: Number(r.id), bp: BigInt(r.bp) }));

/** A stake's amount (1 to 300 cents), the same in SQL (bulkEvents) and here. */
const amountOf = (i: bigint) => 1n + (((i * 2_654_435_761n) % 4_294_967_296n) % 300n);
const AMOUNT_SQL = sql.raw('1 + ((i * 2654435761) % 4294967296) % 300');
const STAKES = 1_000_000;
/** The tiers' shares of the bulk tests: 0.5 %, 0.3 %, 0.2 %, 0.07 % and 0.01 %. */
const BPS = [50, 30, 20, 7, 1];

/**
 * The stakes' own ledger transactions, which their contributions join (docs/decisions/070), keyed as the wallet keys
 * them (`wallet:<provider>:<transaction id>`): house money only, as these stakes have no wallet. `keys`: a query
 * answering one column of keys.
 */
const postStakes = (keys: ReturnType<typeof sql>) =>
  queryRows(
    t.app.ctx.db,
    sql`with k as (select k.key, row_number() over (order by k.key)::int as n from (${keys}) as k(key)),
             e as (select k.n, v.m, v.code, v.amount from k
                     cross join (values (1, 'house:bulk', -1::bigint), (2, 'house:games', 1::bigint)) as v(m, code, amount))
        select 1 from ledger_post_many(
          (select array_agg(k.key order by k.n) from k), (select array_agg('test.stake'::text order by k.n) from k),
          (select array_agg(k.key order by k.n) from k), (select array_agg('{}'::jsonb order by k.n) from k),
          (select array_agg(now() order by k.n) from k), null::text[],
          (select array_agg(e.n order by e.n, e.m) from e), (select array_agg(e.code order by e.n, e.m) from e),
          (select array_agg(e.amount order by e.n, e.m) from e), true)`,
  );

/** The keys of stakes first..last of bulkEvents (and of their rollbacks). */
const bulkKeys = (first: number, last: number, rollbackEvery = 0) => sql`
  select 'wallet:bulk:m' || i from generate_series(${first}::bigint, ${last}::bigint) as i
  union all
  select 'wallet:bulk:r' || i from generate_series(${first}::bigint, ${last}::bigint) as i
   where ${rollbackEvery} > 0 and i % greatest(${rollbackEvery}, 1) = 0`;

/** Stakes first..last as jackpot_apply's events, made in the database (a million never cross the wire). */
const bulkEvents = (kind: string, players: number[], first: number, last: number, rollbackEvery = 0) => sql`
  select jsonb_agg(x.e) from (
    select jsonb_build_object('kind', 'bet', 'player_id', (${`{${players.join(',')}}`}::bigint[])[1 + i % ${players.length}],
             'provider', 'bulk', 'game', 'bulk_game', 'game_kind', ${kind}::text, 'transaction_id', 'm' || i,
             'amount', ${AMOUNT_SQL}, 'at', now()) as e
      from generate_series(${first}::bigint, ${last}::bigint) as i
    union all
    select jsonb_build_object('kind', 'rollback', 'player_id', (${`{${players.join(',')}}`}::bigint[])[1 + i % ${players.length}],
             'provider', 'bulk', 'game', 'bulk_game', 'game_kind', ${kind}::text, 'transaction_id', 'r' || i,
             'amount', ${AMOUNT_SQL}, 'at', now())
      from generate_series(${first}::bigint, ${last}::bigint) as i
     where ${rollbackEvery} > 0 and i % greatest(${rollbackEvery}, 1) = 0) x`;

describe('exact jackpot shares', () => {
  it('forty 1.00 spins grow a 0.5 % mini tier by 0.20, every spin visible, the whole cents on the ledger', async () => {
    const id = await newJackpot(t.app, {
      name: { en: 'Small stakes pot' },
      games: [DICE],
      tiers: [
        { name: 'mini', contributionBp: 50, seed: 1_000n, mustDropBy: 10_000_000n },
        { name: 'grand', contributionBp: 20, seed: 100_000n, mustDropBy: 1_000_000_000n },
      ],
    });
    const { client } = await fundedClient(t.app, 100_000n);
    const listed = async () => (await client.get('Jackpots.get', { id })).data[0];
    expect((await listed()).tiers[0]).toMatchObject({ name: 'mini', amount: 10, amount_exact: '10.000000' });
    for (let i = 1n; i <= 40n; i++) {
      await playDice(client, '1.00');
      const [mini, grand] = (await listed()).tiers;
      // 0.5 % of 1.00 is half a cent: the pool shows it after every spin.
      expect(mini.amount_exact, `spin ${i}`).toBe(exactMajor(1_000n * 10_000n + i * 5_000n));
      expect(grand.amount_exact, `spin ${i}`).toBe(exactMajor(100_000n * 10_000n + i * 2_000n));
      // The first half cent moves no whole cent on the ledger: it is carried.
      if (i === 1n) expect(mini.amount).toBe(10);
    }
    const after = await listed();
    expect(after.tiers[0].amount_exact).toBe('10.200000');
    expect(after.amount_exact).toBe('1010.280000');
    expect((await client.get('Jackpots.getWinners', { jackpot_id: id })).data.count).toBe(0);
    const [mini, grand] = await tiersOf(id);
    if (!mini || !grand) throw new Error('no tiers');
    for (const [tier, shares] of [
      [mini, 40n * 5_000n],
      [grand, 40n * 2_000n],
    ] as const) {
      const books = await tierBooks(tier.id);
      expect(books.contributed * 10_000n + books.carried, 'Σ shares = 10000 × cents moved + carry').toBe(
        shares,
      );
      expect(books.pool).toBe(books.onLedger);
      expect(books.exact).toBe(books.pool * 10_000n + books.carried);
    }
    // The ledger moved whole cents as the halves added up (the carry: at most 0.99 cent a pool part).
    expect(cents(after.tiers[0].amount)).toBeGreaterThan(1_000n);
    expect((await tierBooks(mini.id)).carried).toBeLessThan(16n * 10_000n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a million small stakes lose nothing: Σ shares = 10000 × the cents moved + the carry, tier by tier', async () => {
    const id = await newJackpot(t.app, {
      name: { en: 'Million pot' },
      gameKinds: ['million_kind'],
      tiers: BPS.map((bp, i) => ({
        name: `t${bp}`,
        contributionBp: bp,
        seed: 1_000n * BigInt(i + 1),
        mustDropBy: 1_000_000_000_000n,
      })),
    });
    const tiers = await tiersOf(id);
    // The stakes in contributions of 1 to 399 stakes, each the share of one stake transaction:
    // ~5,000 calls of jackpot_contribute, each adding Σ amount × bp of its stakes, per tier.
    const firsts: number[] = [];
    const lasts: number[] = [];
    for (let first = 1, n = 0; first <= STAKES; n++) {
      const last = Math.min(STAKES, first + ((n * 7_919) % 399));
      firsts.push(first);
      lasts.push(last);
      first = last + 1;
    }
    const CHUNK = 250;
    const calls: Promise<unknown>[] = [];
    // Each chunk's stake transactions first (ledger_post_many is planned for batches of a few dozen).
    for (let c = 0; c < firsts.length; c += CHUNK)
      await postStakes(
        sql`select 'million:' || ${id}::bigint || ':' || f
              from unnest(${`{${firsts.slice(c, c + CHUNK)}}`}::bigint[]) as f`,
      );
    for (let c = 0; c < firsts.length; c += CHUNK)
      calls.push(
        queryRows(
          t.app.ctx.db,
          sql`select count(jackpot_contribute('million:' || ${id}::bigint || ':' || b.first,
                 ${`{${tiers.map((x) => x.id)}}`}::bigint[],
                 ${`{${tiers.map((x) => `house:jackpot:${x.id}`)}}`}::text[],
                 (select array_agg(s.amount * u.bp order by u.n)::bigint[]
                    from (select sum(${AMOUNT_SQL})::bigint as amount
                            from generate_series(b.first, b.last) as i) s,
                         unnest(${`{${tiers.map((x) => x.bp)}}`}::bigint[]) with ordinality as u(bp, n))))
                 as n
                from unnest(${`{${firsts.slice(c, c + CHUNK)}}`}::bigint[], ${`{${lasts.slice(c, c + CHUNK)}}`}::bigint[])
                  as b(first, last)`,
        ),
      );
    // Several statements at once: on PostgreSQL they run on several connections, so several pool parts carry.
    await Promise.all(calls);

    let staked = 0n;
    for (let i = 1n; i <= BigInt(STAKES); i++) staked += amountOf(i);
    for (const tier of tiers) {
      const books = await tierBooks(tier.id);
      expect(books.contributed * 10_000n + books.carried, `tier ${tier.bp} bp`).toBe(staked * tier.bp);
      expect(books.exact - books.pool * 10_000n).toBe(books.carried);
      expect(books.carried).toBeLessThan(16n * 10_000n);
    }
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  }, 180_000);

  it("jackpot_apply's batches take every stake's exact share: 1 to 300 cents at 0.01 % to 0.5 %", async () => {
    const id = await newJackpot(t.app, {
      name: { en: 'Batch pot' },
      gameKinds: ['bulk_kind'],
      tiers: BPS.map((bp, i) => ({
        name: `t${bp}`,
        contributionBp: bp,
        seed: 1_000n * BigInt(i + 1),
        mustDropBy: 1_000_000_000_000n,
      })),
    });
    const tiers = await tiersOf(id);
    const players = (await Promise.all([1, 2, 3].map(() => fundedSession(t.app, 0n)))).map(
      (p) => p.player.id,
    );
    const [first, last, batch] = [1_000_001, 1_010_000, 500];
    for (let from = first; from <= last; from += batch) {
      await postStakes(bulkKeys(from, from + batch - 1));
      await queryRows(
        t.app.ctx.db,
        sql`select jackpot_apply((${bulkEvents('bulk_kind', players, from, from + batch - 1)})) as changes`,
      );
    }
    let staked = 0n;
    const perStakeFloor = new Map(tiers.map((x) => [x.id, 0n]));
    for (let i = BigInt(first); i <= BigInt(last); i++) {
      const amount = amountOf(i);
      staked += amount;
      for (const x of tiers)
        perStakeFloor.set(x.id, (perStakeFloor.get(x.id) ?? 0n) + (amount * x.bp) / 10_000n);
    }
    for (const tier of tiers) {
      const books = await tierBooks(tier.id);
      expect(books.contributed * 10_000n + books.carried, `tier ${tier.bp} bp`).toBe(staked * tier.bp);
      // Rounded down stake by stake, as before, the pools got less (0.01 % of a stake under 1.00: nothing).
      expect(books.contributed).toBeGreaterThan(perStakeFloor.get(tier.id) ?? 0n);
    }
    expect(perStakeFloor.get(tiers.at(-1)?.id ?? 0)).toBe(0n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  }, 120_000);

  it('stake by stake, with rollbacks and drops, nothing is lost either', async () => {
    const id = await newJackpot(t.app, {
      name: { en: 'Each pot' },
      gameKinds: ['each_kind'],
      tiers: [
        // Drops every few hundred stakes: payouts among the contributions.
        { name: 'mini', contributionBp: 50, seed: 1_000n, mustDropBy: 1_200n },
        { name: 'mega', contributionBp: 3, seed: 5_000n, mustDropBy: 1_000_000_000_000n },
      ],
    });
    const tiers = await tiersOf(id);
    const players = (await Promise.all([1, 2].map(() => fundedSession(t.app, 0n)))).map((p) => p.player.id);
    // Stakes 2,000,001 to 2,001,500 in batches of 15, every third rolled back: a batch with a rollback goes stake by
    // stake.
    const [first, last, batch] = [2_000_001, 2_001_500, 15];
    for (let from = first; from <= last; from += 300) await postStakes(bulkKeys(from, from + 299, 3));
    for (let from = first; from <= last; from += batch) {
      await queryRows(
        t.app.ctx.db,
        sql`select jackpot_apply((${bulkEvents('each_kind', players, from, from + batch - 1, 3)})) as changes`,
      );
    }
    let net = 0n;
    for (let i = BigInt(first); i <= BigInt(last); i++) net += i % 3n === 0n ? 0n : amountOf(i);
    const drops = await bigintOf(
      sql`select count(*)::text as v from jackpot_winners where tier_id = ${tiers[0]?.id ?? 0}`,
    );
    expect(drops).toBeGreaterThan(0n);
    for (const tier of tiers) {
      const books = await tierBooks(tier.id);
      expect(books.contributed * 10_000n + books.carried, `tier ${tier.bp} bp`).toBe(net * tier.bp);
      expect(books.pool).toBe(books.onLedger);
    }
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  }, 120_000);
});
