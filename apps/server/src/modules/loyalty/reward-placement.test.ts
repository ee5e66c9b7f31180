/**
 * Issue 36's finding on the real app: the deposit quest's bonus became active, then the promo code DEMO10 and a
 * shop bonus arrived waiting behind it while the shop said "already on your balance". Now each answer and each
 * notice says what really happened: the quest's bonus is on the bonus balance; DEMO10 is #2 in the bonus queue,
 * after the quest's bonus; the shop's bonus #3, after DEMO10 — in every locale; cash rewards are on the balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { depositedClient } from '../cashier/cashier-test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { writePointsEntry } from './points.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'loyalty' });
}, 180_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

/** Points to spend (centipoints), counting towards no level. */
const givePoints = (playerId: number, centipoints: bigint, lifetime = 0n) =>
  writePointsEntry(t.app.ctx.db, {
    playerId,
    kind: 'adjustment',
    delta: centipoints,
    lifetimeDelta: lifetime,
    reference: `test:${playerId}:${centipoints}:${lifetime}`,
    meta: {},
    at: t.clock.now(),
  });

type TNotice = { trigger: string; message: string };
const noticeOf = (items: TNotice[], trigger: string) => items.find((n) => n.trigger === trigger)?.message;

describe('where a granted bonus went, as the player is told', () => {
  it('tells the quest bonus is on the balance, and DEMO10 and a shop bonus are queued behind it, in order', async () => {
    const { client, player } = await depositedClient(t.app, '20.00');
    expect((await client.get('loyalty.getinfo')).error).toBeNull(); // pays the deposit quest's 5.00 bonus
    const promo = await client.post('campaigns.activateOffer', { promo_code: 'DEMO10' });
    expect(promo.error).toBeNull();
    expect(promo.data.bonus_item).toMatchObject({
      status: 'available',
      amount: 10,
      queue_position: 2,
      queued_after: { title: 'Loyalty reward', amount: 5 },
    });

    await givePoints(player.id, 2_000n);
    const cheap = (await client.get('loyalty.getproducts')).data.items.find(
      (p: { sysname: string }) => p.sysname === 'bonus-1',
    );
    const bought = await client.post('loyalty.buyproduct', { id: cheap.id });
    expect(bought.error).toBeNull();
    expect(bought.data.bonus_item).toMatchObject({
      id: expect.any(Number),
      status: 'available',
      amount: 1,
      queue_position: 3,
      queued_after: { id: promo.data.bonus_item.id, title: 'Promo code bonus', amount: 10 },
    });
    // Only the quest's bonus is on the bonus balance.
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(500n);

    const notices = (await client.get('loyalty.getnotifications')).data.items as TNotice[];
    expect(noticeOf(notices, 'quest_completed')).toBe(
      'Quest completed: Top up. Your $5.00 bonus is active: it is on your bonus balance.',
    );
    expect(noticeOf(notices, 'product_bought')).toBe(
      'You bought $1 bonus. Your $1.00 bonus is #3 in your bonus queue, after Promo code bonus ($10.00). It starts by itself when the bonuses ahead of it end, or you can activate it now in My bonuses.',
    );
  });

  it('says it in the player’s language, and tells a cash reward is on the balance', async () => {
    const { client, player } = await depositedClient(t.app, '0');
    // Enough lifetime points for silver (5.00 bonus), gold (20.00 bonus) and platinum (50.00 cash) at once.
    await givePoints(player.id, 100_000n, 100_000n);
    expect((await client.get('loyalty.getinfo')).error).toBeNull();
    const balances = await getBalances(t.app.ctx.db, player.id);
    expect({ main: balances.main, bonus: balances.bonus }).toEqual({ main: 5_000n, bonus: 500n });

    const notices = (await client.get('loyalty.getnotifications', { locale: 'de' })).data.items as TNotice[];
    const levels = notices.filter((n) => n.trigger === 'level_up').map((n) => n.message);
    expect(levels).toEqual([
      'Neues Level erreicht: Silber. Dein Bonus über $5.00 ist aktiv: Er liegt auf deinem Bonusguthaben.',
      'Neues Level erreicht: Gold. Dein Bonus über $20.00 ist Nr. 2 in deiner Bonus-Warteschlange, nach Treuebelohnung ($5.00). Er startet von selbst, wenn die Boni davor enden, oder du aktivierst ihn jetzt unter Meine Boni.',
      'Neues Level erreicht: Platin. $50.00 liegen auf deinem Guthaben.',
    ]);
  });
});
