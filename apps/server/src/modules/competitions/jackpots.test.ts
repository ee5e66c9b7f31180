/**
 * Jackpots on real rounds: each eligible real stake feeds the tiers in the bet's transaction; a rollback takes its
 * share back; a pool that reaches its committed drop point pays the player and restarts at its seed; the drop is
 * verifiable from the revealed seed; and pool = seeds + contributions − payouts, always (the conservation test).
 */
import { createHash } from 'node:crypto';
import { hmacSha256Node, jackpotDropAt, jackpotDropMessage } from '@casino/games';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import type { TBetEvent } from '../bets/bet-event.ts';
import { balancesOf, cents, fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { fundedSession } from '../wallet/wallet-test-helpers.ts';
import { DICE, newJackpot, playDice } from './competitions-test-helpers.ts';
import { JACKPOTS_CHANGED, mayFeedJackpot, refreshJackpotRules } from './jackpot-rules.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'jackpots' });
}, 60_000);
afterAll(() => t.close());

/** Sum of a house account's entries by line kind (a contribution line's own, else its transaction's: ADR 070). */
const poolMovements = async (tierId: number) => {
  const rows = await queryRows<{ kind: string; total: string }>(
    t.app.ctx.db,
    sql`select coalesce(e.kind, tr.kind) as kind, sum(e.amount)::text as total from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.code = ${`house:jackpot:${tierId}`}
          join ledger_transactions tr on tr.id = e.transaction_id group by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.kind, BigInt(r.total)]));
};

/** A tier's pool in e4 (ten-thousandths of a cent): its whole cents on the ledger and the cents' parts carried. */
const exactPool = async (tierId: number) =>
  BigInt(
    (await queryRows<{ p: string }>(t.app.ctx.db, sql`select jackpot_pool_exact(${tierId})::text as p`))[0]
      ?.p ?? '0',
  );

describe('jackpots', () => {
  it('grow by the stakes, drop at the committed point, restart at the seed; conservation holds', async () => {
    const id = await newJackpot(t.app, {
      name: { en: 'Dice pot' },
      games: [DICE],
      minBet: 100n,
      tiers: [
        { name: 'mini', contributionBp: 500, seed: 1_000n, mustDropBy: 1_400n },
        { name: 'grand', contributionBp: 100, seed: 100_000n, mustDropBy: 500_000n },
      ],
    });
    const [listed] = (await t.app.inject(`/api/Jackpots.get?id=${id}`)).json().data;
    expect(listed).toMatchObject({ id, name: 'Dice pot', amount: 1_010, currency: 'USD' });
    const [mini, grand] = listed.tiers;
    expect(mini).toMatchObject({
      name: 'mini',
      amount: 10,
      seed: 10,
      must_drop_by: 14,
      contribution_percent: 5,
    });
    expect(mini.seed_hash).toMatch(/^[0-9a-f]{64}$/);

    const { client, player } = await fundedClient(t.app, 1_000_000n);
    let staked = 0n;
    let won = 0n;
    for (let i = 0; i < 10; i++) {
      const round = await playDice(client, '10.00');
      staked += cents(round.bet);
      won += cents(round.win);
    }
    won += cents((await playDice(client, '0.50')).win); // below the minimum: feeds nothing
    await playDice(client, '2.00', 'demo'); // play money: feeds nothing
    // 10 × 10.00 at 5 % = 5.00 into mini: from 10.00 it must have dropped once by 14.00.
    const winners = (await client.get('Jackpots.getWinners', { jackpot_id: id })).data;
    expect(winners.count).toBeGreaterThanOrEqual(1);
    const w = winners.items.at(-1);
    expect(w).toMatchObject({ tier: 'mini', jackpot_id: id, game: DICE, currency: 'USD' });
    expect(w.amount).toBeGreaterThanOrEqual(w.drop_at);
    expect(w.amount).toBeLessThan(14 + 0.5);
    // The proof: the revealed seed hashes to the commitment and gives the drop point.
    expect(createHash('sha256').update(w.server_seed).digest('hex')).toBe(w.seed_hash);
    const dropAt = jackpotDropAt(
      hmacSha256Node(w.server_seed, jackpotDropMessage(w.tier_id)),
      1_000n,
      1_400n,
    );
    expect(Number(dropAt) / 100).toBe(w.drop_at);
    expect(w.server_seed).not.toBe(mini.seed_hash);

    // The money: the player got every stake back as wins plus the jackpot; each pool is exactly its movements.
    const balances = await balancesOf(t.app, player.id);
    const jackpotWins = winners.items.reduce((s: bigint, x: { amount: number }) => s + cents(x.amount), 0n);
    expect(balances.main).toBe(1_000_000n - staked - 50n + won + jackpotWins);
    for (const tier of [mini, grand]) {
      const m = await poolMovements(tier.id);
      const contributions = m['jackpot.contribution'] ?? 0n;
      const payouts = -(m['jackpot.payout'] ?? 0n);
      const rate = BigInt(tier.contribution_percent * 100);
      expect(contributions, tier.name).toBe(((1_000n * rate) / 10_000n) * 10n);
      const [now] = (await client.get('Jackpots.get', { id })).data[0].tiers.filter(
        (x: { id: number }) => x.id === tier.id,
      );
      expect(cents(now.amount), `${tier.name}: pool = seeds + contributions − payouts`).toBe(
        (m['jackpot.seed'] ?? 0n) + contributions - payouts,
      );
    }
    expect(-((await poolMovements(mini.id))['jackpot.payout'] ?? 0n)).toBe(
      winners.items
        .filter((x: { tier: string }) => x.tier === 'mini')
        .reduce((s: bigint, x: { amount: number }) => s + cents(x.amount), 0n),
    );
    // The grand pool never dropped: 1 % of 10 × 10.00 on top of its seed.
    expect(cents(grand.amount) + 100n).toBe(
      cents((await client.get('Jackpots.get', { id })).data[0].tiers[1].amount),
    );
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it("a provider's rollback takes its stake's share back", async () => {
    const id = await newJackpot(t.app, {
      name: { en: 'Slots pot' },
      gameKinds: ['slot'],
      tiers: [{ name: 'major', contributionBp: 200, seed: 50_000n, mustDropBy: 900_000n }],
    });
    const { session, player } = await fundedSession(t.app, 100_000n, {
      game: 'copperfox_cherry_flare',
      provider: (id) => `acme${id}`,
    });
    const pool = async () => cents((await t.app.inject(`/api/Jackpots.get?id=${id}`)).json().data[0].amount);
    await walletService.bet(t.app.ctx, { session, transactionId: 'b1', roundId: 'r1', amount: 5_000n });
    await walletService.bet(t.app.ctx, { session, transactionId: 'b1', roundId: 'r1', amount: 5_000n });
    expect(await pool()).toBe(50_100n);
    await walletService.rollback(t.app.ctx, { session, transactionId: 'rb1', referenceTransactionId: 'b1' });
    expect(await pool()).toBe(50_000n);

    // jackpot_apply handed a stake it already took (the pipeline never does that): its transaction carries its
    // contribution, so nothing moves, whatever amount it is handed with.
    const apply = (amount: bigint) =>
      queryRows<{ changes: number }>(
        t.app.ctx.db,
        sql`select jackpot_apply(${JSON.stringify([
          {
            kind: 'bet',
            player_id: player.id,
            provider: `acme${player.id}`,
            game: 'copperfox_cherry_flare',
            game_kind: 'slot',
            transaction_id: 'b1',
            amount: Number(amount),
            at: new Date().toISOString(),
          },
        ])}::jsonb) as changes`,
      );
    await expect(apply(5_000n)).resolves.toEqual([{ changes: 0 }]);
    expect(await pool()).toBe(50_000n);
    await expect(apply(6_000n)).resolves.toEqual([{ changes: 0 }]);
    expect(await pool()).toBe(50_000n);
    // The stake's contribution is in the stake's own transaction, as lines of their own kind; none of its own.
    const lines = await queryRows<{ key: string; code: string; amount: string }>(
      t.app.ctx.db,
      sql`select tr.idempotency_key as key, a.code, e.amount::text from ledger_entries e
            join ledger_transactions tr on tr.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
           where e.kind = 'jackpot.contribution' and tr.idempotency_key like ${`wallet:acme${player.id}:%`}
           order by e.id`,
    );
    expect(lines.map((l) => [l.key.split(':').at(-1), l.code.replace(/\d+$/, 'N'), l.amount])).toEqual([
      ['b1', 'house:games', '-100'],
      ['b1', 'house:jackpot:N', '100'],
      ['rb1', 'house:games', '100'],
      ['rb1', 'house:jackpot:N', '-100'],
    ]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
    const bad = (await t.app.inject('/api/Jackpots.getWinners?count=0')).json();
    expect(bad.error.error_data.invalid_parameters).toEqual({ count: 'wrongField' });
  });

  it("joins a batch's stakes' contributions to their transactions while no tier can drop, stake by stake when one can", async () => {
    const id = await newJackpot(t.app, {
      name: { en: 'Batch pot' },
      gameKinds: ['batch_kind'],
      tiers: [
        { name: 'mini', contributionBp: 150, seed: 1_000n, mustDropBy: 3_000n },
        { name: 'major', contributionBp: 50, seed: 50_000n, mustDropBy: 900_000n },
      ],
    });
    const tiers = await queryRows<{ id: string; drop_at: string }>(
      t.app.ctx.db,
      sql`select t.id::text, c.drop_at::text from jackpot_tiers t
            join jackpot_cycles c on c.tier_id = t.id and c.status = 'current'
           where t.jackpot_id = ${id} order by t.id`,
    );
    const [mini, major] = tiers.map((x) => ({ id: Number(x.id), dropAt: BigInt(x.drop_at) }));
    if (!mini || !major) throw new Error('no cycles');
    const players = await Promise.all([1, 2, 3].map(() => fundedSession(t.app, 100_000_000n)));
    let seq = 0;
    const stake = (playerId: number, amount: bigint, kind = 'bet') => ({
      kind,
      player_id: playerId,
      provider: 'batchprov',
      game: 'batch_game',
      game_kind: 'batch_kind',
      transaction_id: `jb-${kind === 'bet' ? seq++ : `rb-${seq}`}`,
      amount: Number(amount),
      at: new Date().toISOString(),
    });
    // A stake's (or rollback's) own ledger transaction, as the wallet posts it: its contribution joins it.
    const posted = async (s: ReturnType<typeof stake>) => {
      const sign = s.kind === 'bet' ? 1 : -1;
      await queryRows(
        t.app.ctx.db,
        sql`select 1 from ledger_post(${`wallet:batchprov:${s.transaction_id}`}, ${`game.${s.kind}`},
              ${`batchprov:${s.transaction_id}`}, '{}'::jsonb, now(),
              array[${`player:${s.player_id}:main`}, 'house:games'],
              array[${-sign * s.amount}::bigint, ${sign * s.amount}::bigint])`,
      );
      return s;
    };
    const apply = (events: unknown[]) =>
      queryRows<{ changes: number }>(
        t.app.ctx.db,
        sql`select jackpot_apply(${JSON.stringify(events)}::jsonb) as changes`,
      );
    const pool = async (tier: number) =>
      BigInt(
        (await queryRows<{ p: string }>(t.app.ctx.db, sql`select jackpot_pool(${tier})::text as p`))[0]?.p ??
          '0',
      );
    const exact = (tier: number) => exactPool(tier);
    /** The stakes whose transactions carry contribution lines to this jackpot's mini pool, and the cents. */
    const contributions = () =>
      queryRows<{ idempotency_key: string; cents: string }>(
        t.app.ctx.db,
        sql`select tr.idempotency_key, e.amount::text as cents from ledger_entries e
              join ledger_transactions tr on tr.id = e.transaction_id
              join ledger_accounts a on a.id = e.account_id and a.code = ${`house:jackpot:${mini.id}`}
             where e.kind = 'jackpot.contribution' order by e.id`,
      );
    const ownTransactions = async () =>
      (
        await queryRows<{ n: number }>(
          t.app.ctx.db,
          sql`select count(*)::int as n from ledger_transactions where kind = 'jackpot.contribution'`,
        )
      )[0]?.n;
    // Three stakes whose mini shares (1.5 %, exact: e4) stay below the drop point: the whole cents they make
    // together, each stake's in its own transaction (the cents its share crosses in the running carry), the rest
    // carried by the pool (one part: one call runs on one connection).
    const room = mini.dropAt - 1_000n;
    const each = (room / 10n) * 66n + 1n; // 1.5 % of it is about a tenth of the room, and not whole cents
    const batch = await Promise.all(players.map((p) => posted(stake(p.player.id, each))));
    const ownBefore = await ownTransactions();
    const share = each * 150n;
    expect(share % 10_000n).not.toBe(0n);
    expect((3n * share + 9_999n) / 10_000n).toBeLessThan(room);
    expect(await apply(batch)).toEqual([{ changes: 3 }]);
    const lines = await contributions();
    expect(lines.map((l) => l.idempotency_key)).toEqual(
      batch.map((b) => `wallet:batchprov:${b.transaction_id}`),
    );
    expect(lines.reduce((sum, l) => sum + BigInt(l.cents), 0n)).toBe((3n * share) / 10_000n);
    expect(await ownTransactions(), 'no transaction of its own').toBe(ownBefore);
    expect(await exact(mini.id)).toBe(1_000n * 10_000n + 3n * share);
    expect(await pool(mini.id)).toBe(1_000n + (3n * share) / 10_000n);
    expect(await exact(major.id)).toBe(50_000n * 10_000n + 3n * each * 50n);
    // The same batch again (the pipeline never sends one twice): its stakes' transactions carry their
    // contributions, nothing moves (the pipeline is what makes a stake once).
    expect(await apply(batch)).toEqual([{ changes: 0 }]);
    expect(await exact(mini.id)).toBe(1_000n * 10_000n + 3n * share);

    // A batch that takes mini past its drop point goes stake by stake: the stake that reaches it wins the pool.
    const big = await Promise.all(players.map((p) => posted(stake(p.player.id, room * 70n))));
    await apply(big);
    const winners = await queryRows<{ player_id: string; amount: string }>(
      t.app.ctx.db,
      sql`select player_id::text, amount::text from jackpot_winners where tier_id = ${mini.id}`,
    );
    // Each stake's share is more than the room left: the first drops the pool (the next cycle may drop again).
    expect(winners.length).toBeGreaterThanOrEqual(1);
    expect(BigInt(winners[0]?.amount ?? 0)).toBeGreaterThanOrEqual(mini.dropAt);
    const keys = (await contributions()).map((c) => c.idempotency_key);
    expect(keys.slice(3).sort()).toEqual(big.map((b) => `wallet:batchprov:${b.transaction_id}`).sort());
    expect(await ownTransactions(), 'no transaction of its own').toBe(ownBefore);
    // A rollback in a batch goes stake by stake too, and takes its stake's share back.
    const before = await exact(major.id);
    const [first] = big;
    if (!first) throw new Error('no stake');
    await apply([await posted({ ...first, kind: 'rollback', transaction_id: 'jb-rollback' })]);
    expect(await exact(major.id)).toBe(before - room * 70n * 50n);
    for (const tier of [mini, major]) {
      const m = await poolMovements(tier.id);
      expect(await pool(tier.id), 'pool = seeds + contributions − payouts').toBe(
        (m['jackpot.seed'] ?? 0n) + (m['jackpot.contribution'] ?? 0n) + (m['jackpot.payout'] ?? 0n),
      );
    }
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('judges in memory which stakes can feed a jackpot: none sends no work; a new jackpot or a change is seen', async () => {
    const db = t.app.ctx.db;
    const stake = (amount: bigint, gameKind = 'unlisted_kind'): TBetEvent => ({
      kind: 'bet',
      playerId: 1,
      mode: 'real',
      provider: 'inhouse',
      game: 'unlisted_game',
      gameKind,
      roundId: 'r',
      transactionId: 't',
      referenceId: null,
      amount,
      at: new Date(),
    });
    await refreshJackpotRules(db);
    expect(mayFeedJackpot(db, stake(10_000n))).toBe(false);
    await newJackpot(t.app, {
      name: { en: 'Odd pot' },
      gameKinds: ['unlisted_kind'],
      minBet: 20n,
      tiers: [{ name: 'mini', contributionBp: 50, seed: 1_000n, mustDropBy: 2_000n }],
    });
    // Made here: the copy is stale at once, and a stale copy lets every stake through until it is read again.
    expect(mayFeedJackpot(db, stake(100n))).toBe(true);
    await refreshJackpotRules(db);
    expect(mayFeedJackpot(db, stake(10_000n))).toBe(true);
    expect(mayFeedJackpot(db, stake(100n)), '0.5 % of 1.00 is half a cent, carried').toBe(true);
    expect(mayFeedJackpot(db, stake(19n)), 'under min_bet').toBe(false);
    expect(mayFeedJackpot(db, stake(10_000n, 'other_kind'))).toBe(false);
    expect(mayFeedJackpot(db, { ...stake(10_000n), mode: 'demo' })).toBe(false);
    expect(mayFeedJackpot(db, { ...stake(10_000n), kind: 'win' })).toBe(false);
    expect(mayFeedJackpot(db, { ...stake(10_000n), kind: 'rollback' })).toBe(true);
    // Another instance's change arrives on the bus (through Redis when there is one): the copy is dropped.
    await t.app.ctx.bus.publish(JACKPOTS_CHANGED, {});
    await vi.waitFor(() => expect(mayFeedJackpot(db, stake(100n))).toBe(true));
  });
});
