/**
 * The bonus queue (issue 36) on the real app: a bonus granted while another of its type is active waits in line,
 * bonuses.get shows each open bonus's place and what it waits for; when the active bonus ends (wagered, removed)
 * the next starts by itself; the player may activate a waiting bonus now, pausing the active one to the front of
 * the line (active_bonus=deactivate, the default) or giving it up (active_bonus=remove, forfeited, the line does
 * not move on for it). Every movement is checked on the ledger; the audit is clean at the end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { grantBonus } from './engine.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

let seq = 0;
const gift = (playerId: number, cents: bigint, wagerMultiplier?: number) =>
  grantBonus(t.app.ctx.db, {
    playerId,
    template: 'operator_gift',
    amount: cents,
    ...(wagerMultiplier === undefined ? {} : { wagerMultiplier }),
    source: 'operator',
    sourceRef: 'queue test',
    grantKey: `queue:${playerId}:${++seq}`,
    now: t.clock.now(),
  });

/** A player with three casino gifts: 10.00 active, then 20.00 and 30.00 waiting, in that order. */
const playerWithQueue = async () => {
  const made = await fundedClient(t.app, 0n);
  const first = await gift(made.player.id, 1_000n);
  const second = await gift(made.player.id, 2_000n);
  const third = await gift(made.player.id, 3_000n);
  const ids: [number, number, number] = [first.bonusId, second.bonusId, third.bonusId];
  return { ...made, ids, granted: [first, second, third] };
};

type TItem = {
  id: number;
  status: string;
  balance: number;
  queue_position: number | null;
  queued_after: unknown;
};
const queueOf = async (client: Awaited<ReturnType<typeof fundedClient>>['client']) => {
  const listed = await client.get('bonuses.get', { statuses: 'active,available' });
  expect(listed.error).toBeNull();
  return (listed.data.items as TItem[]).map((b) => [b.id, b.status, b.queue_position, b.balance]);
};

const bonusBalance = async (playerId: number) => (await getBalances(t.app.ctx.db, playerId)).bonus;

/** The ledger kinds of a bonus's movements, in order. */
const movements = async (bonusId: number) =>
  (
    await queryRows<{ kind: string; amount: unknown }>(
      t.app.ctx.db,
      sql`select t.kind, e.amount from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
          where t.reference = ${`bonus:${bonusId}`} and a.code like 'player:%' order by t.id`,
    )
  ).map((r) => [r.kind, toBigInt(r.amount)]);

describe('the queue as bonuses.get shows it', () => {
  it('keeps a bonus granted behind an active one waiting, with its place and what it waits for', async () => {
    const { client, ids, granted } = await playerWithQueue();
    expect(granted.map((g) => g.status)).toEqual(['active', 'available', 'available']);
    expect(await queueOf(client)).toEqual([
      [ids[0], 'active', 1, 10],
      [ids[1], 'available', 2, 20],
      [ids[2], 'available', 3, 30],
    ]);
    const items = (await client.get('bonuses.get')).data.items as TItem[];
    expect(items.map((b) => b.queued_after)).toEqual([
      null,
      { id: ids[0], title: 'Gift from the casino', amount: 10 },
      { id: ids[1], title: 'Gift from the casino', amount: 20 },
    ]);
    // The history has no place in the queue.
    expect((await client.post('bonuses.remove', { bonus_id: ids[2] })).data).toMatchObject({
      status: 'cancelled',
      queue_position: null,
      queued_after: null,
    });
  });

  it('keeps casino and betting bonuses in queues of their own', async () => {
    const { player, client, ids } = await playerWithQueue();
    const freeBet = await grantBonus(t.app.ctx.db, {
      playerId: player.id,
      template: 'free_bet',
      source: 'operator',
      sourceRef: 'queue test',
      grantKey: `queue:${player.id}:free_bet`,
      now: t.clock.now(),
    });
    expect(freeBet.status).toBe('active');
    const betting = (await client.get('BettingBonuses.get')).data.items as TItem[];
    expect(betting.map((b) => [b.id, b.queue_position, b.queued_after])).toEqual([
      [freeBet.bonusId, 1, null],
    ]);
    expect((await queueOf(client)).map((row) => row[0])).toEqual(ids);
  });
});

describe('the queue moves on', () => {
  it('starts the next bonus when the player removes the active one, and the rest move up', async () => {
    const { player, client, ids } = await playerWithQueue();
    expect((await client.post('bonuses.remove', { bonus_id: ids[0] })).data).toMatchObject({
      status: 'forfeited',
      lost: 10,
    });
    expect(await queueOf(client)).toEqual([
      [ids[1], 'active', 1, 20],
      [ids[2], 'available', 2, 30],
    ]);
    expect(await bonusBalance(player.id)).toBe(2_000n);
    expect(await movements(ids[0])).toEqual([
      ['bonus.grant', 1_000n],
      ['bonus.forfeit', -1_000n],
    ]);
    expect(await movements(ids[1])).toEqual([['bonus.grant', 2_000n]]);
  });

  it('starts the next bonus when the active one is wagered in a bet, its money converted first', async () => {
    const made = await fundedClient(t.app, 0n);
    const first = await gift(made.player.id, 200n, 1);
    const second = await gift(made.player.id, 300n);
    const { token } = await walletService.openSession(t.app.ctx, {
      playerId: made.player.id,
      game: 'copperfox_cherry_flare',
      mode: 'real',
      provider: 'acme',
    });
    await walletService.bet(t.app.ctx, {
      session: token,
      transactionId: `qb${++seq}`,
      roundId: `qr${seq}`,
      amount: 150n,
    });
    const [row] = await queryRows<{ status: string; converted: unknown }>(
      t.app.ctx.db,
      sql`select status, converted from player_bonuses where id = ${first.bonusId}`,
    );
    expect({ status: row?.status, converted: toBigInt(row?.converted) }).toEqual({
      status: 'active',
      converted: 0n,
    });
    await walletService.bet(t.app.ctx, {
      session: token,
      transactionId: `qb${++seq}`,
      roundId: `qr${seq}`,
      amount: 50n,
    });
    const balances = await getBalances(t.app.ctx.db, made.player.id);
    expect({ main: balances.main, bonus: balances.bonus }).toEqual({ main: 0n, bonus: 300n });
    expect(await queueOf(made.client)).toEqual([[second.bonusId, 'active', 1, 3]]);
  });
});

describe('activating a waiting bonus now', () => {
  it('pauses the active bonus to the front of the queue by default, keeping its money', async () => {
    const { player, client, ids } = await playerWithQueue();
    const activated = await client.post('bonuses.activate', { bonus_id: ids[2] });
    expect(activated.error).toBeNull();
    expect(activated.data).toMatchObject({ id: ids[2], status: 'active', balance: 30, queue_position: 1 });
    expect(await queueOf(client)).toEqual([
      [ids[2], 'active', 1, 30],
      [ids[0], 'available', 2, 10],
      [ids[1], 'available', 3, 20],
    ]);
    expect(await bonusBalance(player.id)).toBe(3_000n);
    // When the chosen one ends, the paused one is the next to start.
    await client.post('bonuses.remove', { bonus_id: ids[2] });
    expect((await queueOf(client))[0]).toEqual([ids[0], 'active', 1, 10]);
  });

  it('gives the active bonus up with active_bonus=remove: forfeited, and the queue does not move on for it', async () => {
    const { player, client, ids } = await playerWithQueue();
    const activated = await client.post('bonuses.activate', { bonus_id: ids[2], active_bonus: 'remove' });
    expect(activated.error).toBeNull();
    expect(activated.data).toMatchObject({ id: ids[2], status: 'active', balance: 30 });
    expect(await queueOf(client)).toEqual([
      [ids[2], 'active', 1, 30],
      [ids[1], 'available', 2, 20],
    ]);
    const [removed] = await queryRows<{ status: string; lost: unknown; finish_reason: string }>(
      t.app.ctx.db,
      sql`select status, lost, finish_reason from player_bonuses where id = ${ids[0]}`,
    );
    expect({ ...removed, lost: toBigInt(removed?.lost) }).toEqual({
      status: 'forfeited',
      lost: 1_000n,
      finish_reason: 'replaced',
    });
    expect(await movements(ids[0])).toEqual([
      ['bonus.grant', 1_000n],
      ['bonus.forfeit', -1_000n],
    ]);
    // The second never started: no money of it moved.
    expect(await movements(ids[1])).toEqual([]);
    expect(await bonusBalance(player.id)).toBe(3_000n);
  });

  it('leaves the active bonus alone when the chosen one has expired, and refuses a choice it does not know', async () => {
    const { player, client, ids } = await playerWithQueue();
    await t.app.ctx.db.execute(
      sql`update player_bonuses set expires_at = ${new Date(t.clock.now().getTime() - 1)} where id = ${ids[1]}`,
    );
    const late = await client.post('bonuses.activate', { bonus_id: ids[1], active_bonus: 'remove' });
    expect(late.error?.error_data).toEqual({ invalid_parameters: { bonus_id: 'bonusExpired' } });
    expect(await queueOf(client)).toEqual([
      [ids[0], 'active', 1, 10],
      [ids[2], 'available', 2, 30],
    ]);
    expect(await bonusBalance(player.id)).toBe(1_000n);
    const bad = await client.post('bonuses.activate', { bonus_id: ids[2], active_bonus: 'burn' });
    expect(bad.error?.error_data).toEqual({ invalid_parameters: { active_bonus: 'wrongField' } });
  });
});
