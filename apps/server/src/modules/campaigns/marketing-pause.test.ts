/**
 * Issue 36: no offer, popup, promotion, promo code or banner reaches a player in a time-out or self-exclusion,
 * signed in or (as the exclusion leaves them) a visitor on the browser that met it, while it lasts; then it resumes.
 */
import { MARKETING_PAUSE_COOKIE } from '@casino/contracts/marketing-pause';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { makePlayer, signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const DAY = 86_400_000;
type TClient = ReturnType<typeof apiClient>;

/** A time-out written as the call writes it, leaving the player's session alone (a session made another way). */
const timeOut = (playerId: number, days: number) =>
  t.app.ctx.db.execute(
    sql`insert into rg_exclusions (player_id, type, period, starts_at, ends_at, created_at)
        values (${playerId}, 'time_out', '1', ${t.clock.now()}, ${new Date(t.clock.now().getTime() + days * DAY)}, ${t.clock.now()})`,
  );

/** Who asks: a visitor, a signed-in player in a time-out, and the browser a self-exclusion signed out. */
let visitor: TClient;
let timedOut: TClient;
let pausedBrowser: TClient;
beforeAll(async () => {
  visitor = apiClient(t.app);
  const signedIn = await signedInClient(t.app);
  timedOut = signedIn.client;
  await timeOut(signedIn.player.id, 1);
  pausedBrowser = (await signedInClient(t.app)).client;
  const excluded = await pausedBrowser.post('responsibleGaming.selfExclude', { period: '1d' });
  if (excluded.error) throw new Error(`selfExclude: ${excluded.error.type}`);
});

/** What each marketing call answers this client (counts, and the promo code check's refusal type). */
const marketingSeen = async (client: TClient) => {
  const [offers, popups, promotions, banners, promo] = await Promise.all([
    client.get('campaigns.getoffers', { offset: 0 }),
    client.get('popups.get', { page: '/promotions' }),
    client.get('campaigns.getpromotions'),
    client.get('banners.get'),
    client.post('campaigns.checkPromocode', { promo_code: 'DEMO10' }),
  ]);
  return {
    offers: offers.data.count,
    popups: popups.data.count,
    promotions: promotions.data.count,
    banners: banners.data.count,
    promoCode: promo.error?.type ?? 'valid',
  };
};

const NOTHING = { offers: 0, popups: 0, promotions: 0, banners: 0, promoCode: 'AccessDeniedException' };

describe('marketing while a time-out or self-exclusion lasts', () => {
  it('a visitor is offered everything: the reference the other cases compare with', async () => {
    const seen = await marketingSeen(visitor);
    expect(seen.offers).toBeGreaterThan(0);
    expect(seen.popups).toBeGreaterThan(0);
    expect(seen.promotions).toBeGreaterThan(0);
    expect(seen.banners).toBeGreaterThan(0);
    expect(seen.promoCode).toBe('valid');
  });

  it('deposit offers (the cashier, campaigns.getoffers): none', async () => {
    for (const client of [timedOut, pausedBrowser])
      expect((await client.get('campaigns.getoffers', { offset: 0 })).data).toEqual({ count: 0, items: [] });
  });

  it('campaign popups (popups.get): none, on any page', async () => {
    for (const client of [timedOut, pausedBrowser])
      for (const page of ['/promotions', '/'])
        expect((await client.get('popups.get', { page })).data).toEqual({ count: 0, items: [] });
  });

  it('banners (banners.get: hero, the sign-in dialog panel, menu): none, whatever they sell', async () => {
    expect((await visitor.get('banners.get', { position: 'auth' })).data.count).toBe(1);
    for (const client of [timedOut, pausedBrowser]) {
      expect((await client.get('banners.get')).data).toEqual({ count: 0, items: [] });
      expect((await client.get('banners.get', { position: 'auth' })).data.count).toBe(0);
    }
  });

  it('the promotions page (deposit offers, claim offers, public codes and their bonus templates): none', async () => {
    for (const client of [timedOut, pausedBrowser])
      expect((await client.get('campaigns.getpromotions')).data).toEqual({ count: 0, items: [] });
  });

  it('a promo code or free offer is refused with the responsible-gaming reason, checked, activated or taken', async () => {
    for (const client of [timedOut, pausedBrowser]) {
      const check = await client.post('campaigns.checkPromocode', { promo_code: 'DEMO10' });
      expect(check.status).toBe(403);
      expect(check.error).toMatchObject({
        type: 'AccessDeniedException',
        error_data: { reason: 'self_excluded' },
      });
    }
    const activation = await timedOut.post('campaigns.activateOffer', { promo_code: 'DEMO10' });
    expect(activation.error).toMatchObject({
      type: 'AccessDeniedException',
      error_data: { reason: 'self_excluded' },
    });
    // A new account registered on the paused browser with a code gets no bonus from it.
    const email = `paused${Date.now()}@example.com`;
    const registered = await pausedBrowser.post('auth.register', {
      terms: '1',
      email,
      password: 'secret-123',
      promo_code: 'DEMO10',
    });
    expect(registered.error).toBeNull();
    expect((await pausedBrowser.get('bonuses.get')).data.items).toEqual([]);
    // Nor can that account activate a code or take a free offer there.
    for (const refused of [
      await pausedBrowser.post('campaigns.activateOffer', { promo_code: 'DEMO10' }),
      await pausedBrowser.post('campaigns.takepromotions', { offer_id: 4 }),
    ])
      expect(refused.error).toMatchObject({
        type: 'AccessDeniedException',
        error_data: { reason: 'self_excluded' },
      });
    pausedBrowser.jar.delete('sid');
  });

  it('the browser that took a self-exclusion keeps it until it ends, then the offers come back', async () => {
    const start = t.clock.now();
    const { client } = await signedInClient(t.app);
    const excluded = await client.post('responsibleGaming.selfExclude', { period: '1d' });
    expect(excluded.error).toBeNull();
    const until = Math.floor(start.getTime() / 1000) + 86_400;
    expect(client.jar.get(MARKETING_PAUSE_COOKIE)).toBe(String(until));
    expect(client.jar.has('sid')).toBe(false);
    try {
      expect(await marketingSeen(client)).toEqual(NOTHING);
      t.clock.advance(DAY);
      const after = await marketingSeen(client);
      expect(after.offers).toBeGreaterThan(0);
      expect(after.promoCode).toBe('valid');
    } finally {
      t.clock.set(start);
    }
  });

  it('a refused sign-in leaves the browser paused too (permanent: the cookie says so)', async () => {
    const { player, email, password } = await makePlayer(t.app);
    await t.app.ctx.db.execute(
      sql`insert into rg_exclusions (player_id, type, period, starts_at, ends_at, created_at)
          values (${player.id}, 'self_exclusion', 'permanent', ${t.clock.now()}, null, ${t.clock.now()})`,
    );
    const browser = apiClient(t.app);
    const login = await browser.post('auth.login', { login: email, password });
    expect(login.error.error_data).toMatchObject({ reason: 'self_excluded', is_permanent: true });
    expect(browser.jar.get(MARKETING_PAUSE_COOKIE)).toBe('permanent');
    expect(await marketingSeen(browser)).toEqual(NOTHING);
  });

  it('a time-out pauses the offers; a self-exclusion also unsubscribes the player from mailings', async () => {
    const { client, player } = await signedInClient(t.app);
    await client.post('responsibleGaming.takeTimeOut', { period: '24h' });
    expect(client.jar.has(MARKETING_PAUSE_COOKIE)).toBe(true);
    const subscribed = async (id: number) =>
      (
        await queryRows<{ is_subscribed: boolean }>(
          t.app.ctx.db,
          sql`select bool_or(c.is_subscribed) and bool_and(p.is_subscribed) as is_subscribed
              from players p join player_contacts c on c.player_id = p.id where p.id = ${id}`,
        )
      )[0]?.is_subscribed;
    expect(await subscribed(player.id)).toBe(true);
    const other = await signedInClient(t.app);
    await other.client.post('responsibleGaming.selfExclude', { period: '7d' });
    expect(await subscribed(other.player.id)).toBe(false);
  });
});
