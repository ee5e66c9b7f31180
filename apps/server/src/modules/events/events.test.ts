import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { PIXEL } from './module.ts';
import { beaconHits, trackedEvents } from './schema.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lastEvent = async () =>
  (await t.app.ctx.db.select().from(trackedEvents).orderBy(desc(trackedEvents.id)).limit(1))[0];
const lastHit = async () =>
  (await t.app.ctx.db.select().from(beaconHits).orderBy(desc(beaconHits.id)).limit(1))[0];

describe('events.handle', () => {
  it('stores a visitor event without a player and a player event with the player id', async () => {
    const visitor = await apiClient(t.app).get('events.handle', {
      event_name: 'open_popup',
      event_params: JSON.stringify({ popup: 'registration' }),
    });
    expect(visitor.data).toBe(1);
    expect(await lastEvent()).toMatchObject({
      name: 'open_popup',
      playerId: null,
      params: { popup: 'registration' },
    });

    const { client, player } = await signedInClient(t.app);
    expect((await client.get('events.handle', { event_name: 'deposit_click' })).data).toBe(1);
    expect(await lastEvent()).toMatchObject({ name: 'deposit_click', playerId: player.id, params: {} });
  });

  it('refuses a missing name and params that are not a JSON object', async () => {
    const c = apiClient(t.app);
    expect((await c.get('events.handle', {})).error.error_data.invalid_parameters).toEqual({
      event_name: 'requiredField',
    });
    expect(
      (await c.get('events.handle', { event_name: 'x', event_params: '{oops' })).error.error_data
        .invalid_parameters,
    ).toEqual({ event_params: 'wrongField' });
    expect(
      (await c.get('events.handle', { event_name: 'x', event_params: '[1,2]' })).error.error_data
        .invalid_parameters,
    ).toEqual({ event_params: 'wrongField' });
  });
});

describe('/hit', () => {
  it('answers a 1x1 GIF and stores referer, tracking params and the SEON session', async () => {
    const r = await t.app.inject(
      `/hit?referer=${encodeURIComponent('https://search.example/?q=casino')}&utm_source=news&utm_campaign=spring&seon_session=abc123`,
    );
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/gif');
    expect(r.headers['cache-control']).toContain('no-store');
    expect(r.rawPayload.equals(PIXEL)).toBe(true);
    expect(await lastHit()).toMatchObject({
      referer: 'https://search.example/?q=casino',
      seonSession: 'abc123',
      params: { utm_source: 'news', utm_campaign: 'spring' },
      playerId: null,
    });
  });

  it('stores the player id when signed in', async () => {
    const { client, player } = await signedInClient(t.app);
    const r = await client.send({ method: 'GET', url: '/hit?utm_medium=email' });
    expect(r.statusCode).toBe(200);
    expect(await lastHit()).toMatchObject({ playerId: player.id, params: { utm_medium: 'email' } });
  });
});
