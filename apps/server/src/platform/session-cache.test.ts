import { defineCall } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updatePlayer } from '../modules/players/service.ts';
import { signedInClient } from '../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../test/test-app.ts';
import type { TNotificationHandlers } from './db/database.ts';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache.ts';

const ZWhoAmI = defineCall({
  name: 'sessionCacheTest.whoami',
  method: 'GET',
  access: 'user',
  summary: 'the signed-in player as the session resolved it',
  params: z.object({}),
  data: z.object({ uid: z.number(), fakename: z.string().nullable() }),
});

/** Two instances on one database, each keeping the sessions it resolved. */
let t: TTestApp;
let other: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE: '1' } });
  other = await createTestApp({ join: t, env: { SESSION_CACHE: '1' } });
  for (const app of [t.app, other.app])
    app.ctx.api.handle(ZWhoAmI, (_p, request) => ({
      uid: request.player?.id ?? 0,
      fakename: (request.player as { fakename?: string | null } | null)?.fakename ?? null,
    }));
  // The listeners confirm asynchronously on PostgreSQL; until then nothing is kept.
  await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const withoutNotifications = async (change: () => Promise<unknown>) => {
  await t.app.ctx.db.execute(sql`alter table players disable trigger players_session_player_changed`);
  try {
    await change();
  } finally {
    await t.app.ctx.db.execute(sql`alter table players enable trigger players_session_player_changed`);
  }
};

/**
 * A player signed in on both instances with one session cookie, named before any request (without a notification,
 * which could otherwise arrive after the first request and drop what it kept).
 */
const onBoth = async () => {
  const made = await signedInClient(t.app);
  const before = `Before${made.player.id}`;
  await withoutNotifications(() =>
    t.app.ctx.db.execute(sql`update players set fakename = ${before} where id = ${made.player.id}`),
  );
  const there = apiClient(other.app);
  there.jar.set('sid', made.client.jar.get('sid') as string);
  return { ...made, there, before };
};

/** Notifications arrive after the commit, on a connection of their own: wait for one to be applied. */
const eventually = async (check: () => Promise<void>) => {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (error) {
      if (i >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

describe('resolved sessions kept in memory', () => {
  it('answers a known session from memory: a change that notifies nobody is not seen', async () => {
    const { player, client, before } = await onBoth();
    expect((await client.get('sessionCacheTest.whoami')).data).toEqual({ uid: player.id, fakename: before });
    await withoutNotifications(() =>
      t.app.ctx.db.execute(
        sql`update players set fakename = ${`Hidden${player.id}`} where id = ${player.id}`,
      ),
    );
    expect((await client.get('sessionCacheTest.whoami')).data.fakename).toBe(before);
  });

  it("a change to the player's row reaches every instance", async () => {
    const { client, there, before, player } = await onBoth();
    expect((await there.get('sessionCacheTest.whoami')).data.fakename).toBe(before);
    expect((await client.get('sessionCacheTest.whoami')).data.fakename).toBe(before);
    await t.app.ctx.db.execute(sql`update players set status = 'banned' where id = ${player.id}`);
    for (const c of [client, there])
      await eventually(async () => {
        expect((await c.get('sessionCacheTest.whoami')).error?.type).toBe('UserBannedException');
      });
  });

  it("a change through the players module is seen by this instance's next request at once", async () => {
    const { player, client, before } = await onBoth();
    expect((await client.get('sessionCacheTest.whoami')).data.fakename).toBe(before);
    await updatePlayer(t.app.ctx.db, player.id, { fakename: `After${player.id}` });
    expect((await client.get('sessionCacheTest.whoami')).data.fakename).toBe(`After${player.id}`);
  });

  it('a deleted session is refused on every instance; an expired one is refused without a change', async () => {
    const gone = await onBoth();
    expect((await gone.there.get('sessionCacheTest.whoami')).data.uid).toBe(gone.player.id);
    await t.app.ctx.db.execute(sql`delete from sessions where player_id = ${gone.player.id}`);
    await eventually(async () => {
      expect((await gone.there.get('sessionCacheTest.whoami')).error?.type).toBe('AuthorizationException');
    });
    const expiring = await onBoth();
    expect((await expiring.client.get('sessionCacheTest.whoami')).data.uid).toBe(expiring.player.id);
    t.clock.advance(3600_000 + 1);
    expect((await expiring.client.get('sessionCacheTest.whoami')).error?.type).toBe('AuthorizationException');
  });

  it('signing out ends the session at once', async () => {
    const { client } = await onBoth();
    expect((await client.get('sessionCacheTest.whoami')).error).toBeNull();
    await client.get('auth.logout', {}, { 'sec-fetch-site': 'same-origin' });
    expect((await client.get('sessionCacheTest.whoami')).error?.type).toBe('AuthorizationException');
  });
});

describe('SessionCache', () => {
  const start = () => {
    let handlers: TNotificationHandlers | null = null;
    const cache = new SessionCache<{ id: number }>();
    cache.listen({
      listen: (_channel, h) => {
        handlers = h;
        return async () => undefined;
      },
    });
    return { cache, handlers: () => handlers as unknown as TNotificationHandlers };
  };
  const now = new Date('2026-11-21T12:00:00Z');
  const entry = (id: number) => ({
    player: { id },
    sessionId: id,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 3600_000),
  });

  it('keeps nothing until the database confirms it listens, and forgets everything when it stops', async () => {
    const { cache, handlers } = start();
    cache.set('a', entry(1), cache.generation, now);
    expect(cache.get('a', now)).toBeNull();
    handlers().up();
    cache.set('a', entry(1), cache.generation, now);
    expect(cache.get('a', now)?.player.id).toBe(1);
    handlers().down();
    expect(cache.get('a', now)).toBeNull();
    cache.set('a', entry(1), cache.generation, now);
    expect(cache.get('a', now)).toBeNull();
    await cache.close();
  });

  it('does not keep a read that overlapped a notification, and reads again after its time to live', async () => {
    const { cache, handlers } = start();
    handlers().up();
    const before = cache.generation;
    handlers().message('7');
    cache.set('b', entry(7), before, now);
    expect(cache.get('b', now)).toBeNull();
    cache.set('b', entry(7), cache.generation, now);
    cache.set('c', entry(8), cache.generation, now);
    handlers().message('7');
    expect(cache.get('b', now)).toBeNull();
    expect(cache.get('c', now)?.player.id).toBe(8);
    expect(cache.get('c', new Date(now.getTime() + SESSION_CACHE_TTL_MS + 1))).toBeNull();
    await cache.close();
  });
});
