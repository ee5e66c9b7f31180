/** The first touch: remembered from a visitor's first /hit, copied onto the player at registration, shown in the back-office. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { freshIp, postFrom } from '../../auth/auth-test-helpers.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { firstTouchReferer, landingPathOf, VISITOR_FIRST_TOUCH_DAYS } from '../first-touch.ts';
import { FORGET_FIRST_TOUCHES_JOB } from '../module.ts';
import { playerFirstTouches, visitorFirstTouches } from '../schema.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
});
afterAll(() => t.close());

const touchOf = async (playerId: number) =>
  (await t.app.ctx.db.select().from(playerFirstTouches).where(eq(playerFirstTouches.playerId, playerId)))[0];

let n = 0;
const register = async (client: ReturnType<typeof apiClient>) => {
  const r = await postFrom(client, freshIp(), 'auth.register', {
    terms: '1',
    email: `touch${n++}@example.com`,
    password: 'secret-123',
  });
  expect(r.error).toBeNull();
  return r.data.uid as number;
};

describe('first touch', () => {
  it('is kept from the first hit, copied onto the player at registration and shown in the back-office', async () => {
    const client = apiClient(t.app);
    const firstSeen = t.clock.now();
    const first = await client.send({
      method: 'GET',
      url: `/hit?referer=${encodeURIComponent('https://search.example/results?q=jane%40mail.example#top')}&landing=${encodeURIComponent('/en/games?x=1')}&utm_source=newsletter&utm_medium=email&utm_campaign=spring&gclid=G1`,
    });
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(/vid=[A-Za-z0-9_-]{32};.*HttpOnly/);

    t.clock.advance(60_000);
    // a later visit of the same browser, from elsewhere, does not overwrite it
    const second = await client.send({
      method: 'GET',
      url: '/hit?referer=https%3A%2F%2Fother.example%2F&landing=%2Fen%2Fpromotions&utm_source=banner',
    });
    expect(second.statusCode).toBe(200);

    const playerId = await register(client);
    expect(await touchOf(playerId)).toMatchObject({
      referer: 'https://search.example/results',
      landingPath: '/en/games',
      params: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring', gclid: 'G1' },
      firstSeenAt: firstSeen,
    });

    // hits after registration, signed in, leave the player's first touch alone
    await client.send({ method: 'GET', url: '/hit?referer=&utm_source=later' });
    expect((await touchOf(playerId))?.params.utm_source).toBe('newsletter');

    const page = await admin.get(`/admin/players/${playerId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign-up source');
    expect(page.body).toContain('newsletter / email / spring');
    expect(page.body).toContain('https://search.example/results');
    expect(page.body).toContain('/en/games');
    expect(page.body).not.toContain('jane');
  });

  it('leaves a player who registered without a hit with no source, and says so', async () => {
    const playerId = await register(apiClient(t.app));
    expect(await touchOf(playerId)).toBeUndefined();
    const page = await admin.get(`/admin/players/${playerId}`);
    expect(page.body).toContain('No first touch was recorded');
  });

  it('bounds huge input and refuses a NUL with a field error', async () => {
    const client = apiClient(t.app);
    const huge = 'x'.repeat(5000);
    const r = await client.send({
      method: 'GET',
      url: `/hit?referer=https%3A%2F%2Fa.example%2F${huge}&landing=%2F${huge}&utm_source=${huge}`,
    });
    expect(r.statusCode).toBe(200);
    const playerId = await register(client);
    const touch = await touchOf(playerId);
    expect(touch?.referer?.length).toBe(512);
    expect(touch?.landingPath?.length).toBe(512);
    expect(touch?.params.utm_source?.length).toBe(512);

    const before = (await t.app.ctx.db.select().from(visitorFirstTouches)).length;
    const nul = await apiClient(t.app).send({ method: 'GET', url: '/hit?utm_source=a%00b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      data: null,
      error: {
        type: 'InvalidParameterException',
        error_data: { invalid_parameters: { utm_source: 'wrongField' } },
      },
    });
    expect((await t.app.ctx.db.select().from(visitorFirstTouches)).length).toBe(before);
  });

  it("forgets a visitor's first touch after the attribution window, never a player's", async () => {
    const registered = apiClient(t.app);
    await registered.send({ method: 'GET', url: '/hit?referer=&utm_source=kept' });
    const playerId = await register(registered);
    const waiting = apiClient(t.app);
    await waiting.send({ method: 'GET', url: '/hit?referer=&utm_source=waiting' });
    const visitors = async () =>
      (await t.app.ctx.db.select().from(visitorFirstTouches)).map((r) => r.params.utm_source);
    expect(await visitors()).toContain('waiting');

    t.clock.advance((VISITOR_FIRST_TOUCH_DAYS - 1) * 86_400_000);
    await t.app.ctx.jobs.runRecurring(FORGET_FIRST_TOUCHES_JOB);
    await t.app.ctx.jobs.drain();
    expect(await visitors()).toContain('waiting');

    t.clock.advance(2 * 86_400_000);
    await t.app.ctx.jobs.runRecurring(FORGET_FIRST_TOUCHES_JOB);
    await t.app.ctx.jobs.drain();
    expect(await visitors()).toEqual([]);
    expect((await touchOf(playerId))?.params.utm_source).toBe('kept');
  });

  it('keeps only an http(s) referrer without its query, and only a path of this site as the landing page', () => {
    expect(firstTouchReferer('https://a.example/p?q=1#f')).toBe('https://a.example/p');
    expect(firstTouchReferer('javascript:alert(1)')).toBeNull();
    expect(firstTouchReferer('not a url')).toBeNull();
    expect(landingPathOf('/en/slots?utm_source=x#y')).toBe('/en/slots');
    expect(landingPathOf('//evil.example/x')).toBeNull();
    expect(landingPathOf('https://evil.example/')).toBeNull();
  });
});
