/** games.get with every filter, providers, categories, likes and the seed, through the real app and database. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../../app.ts';
import { signedInClient } from '../../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { readCatalogueContent } from './content.ts';
import { gameCategoryGames, games } from './schema.ts';
import { seedCatalogue } from './seed-catalogue.ts';

const content = readCatalogueContent(CONTENT_DIR);
const hall = content.games.filter((g) => g.type !== 'betting');
const byPriority = [...hall].sort((a, b) => a.priority - b.priority || a.sysname.localeCompare(b.sysname));

let t: TTestApp;
let visitor: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  visitor = apiClient(t.app);
});
afterAll(() => t.close());

const list = async (params: Record<string, string | number>) => {
  const answer = await visitor.get('games.get', params);
  expect(answer.error).toBeNull();
  return answer.data as { items: Record<string, any>[]; total: number };
};

describe('the seed', () => {
  it('holds at least 80 games from at least 6 studios, every one with its artwork', async () => {
    expect(content.games.length).toBeGreaterThanOrEqual(80);
    expect(new Set(content.games.map((g) => g.provider)).size).toBeGreaterThanOrEqual(6);
    const [{ n }] = (await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(games)) as [
      { n: number },
    ];
    expect(n).toBe(content.games.length);
    for (const g of content.games) {
      for (const file of [`${g.sysname}.svg`, `${g.sysname}-vertical.svg`]) {
        const svg = readFileSync(join(CONTENT_DIR, 'games/art/games', file), 'utf8');
        expect(svg).toContain('<svg');
        expect(svg.toLowerCase()).not.toContain('placeholder');
      }
    }
  });

  it('is idempotent and keeps what the operator changed', async () => {
    const db = t.app.ctx.db;
    const first = byPriority[0]!;
    await db
      .update(games)
      .set({ isHidden: true, name: 'Renamed by the operator' })
      .where(eq(games.sysname, first.sysname));
    await db.delete(gameCategoryGames).where(eq(gameCategoryGames.game, byPriority[1]!.sysname));
    const again = await seedCatalogue(db, content);
    expect(again).toEqual({ games: 0, categories: 0 });
    const [row] = await db.select().from(games).where(eq(games.sysname, first.sysname));
    expect(row).toMatchObject({ isHidden: true, name: 'Renamed by the operator' });
    const memberships = await db
      .select()
      .from(gameCategoryGames)
      .where(eq(gameCategoryGames.game, byPriority[1]!.sysname));
    expect(memberships).toEqual([]);
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(games)) as [{ n: number }];
    expect(n).toBe(content.games.length);
    // put things back for the other tests
    await db.update(games).set({ isHidden: false, name: first.name }).where(eq(games.sysname, first.sysname));
    await db.insert(gameCategoryGames).values(
      byPriority[1]!.categories.map((category) => ({
        category,
        game: byPriority[1]!.sysname,
        position: byPriority[1]!.priority,
      })),
    );
  });
});

describe('games.get', () => {
  it('answers the first page in priority order with every key and /_ipx/ images', async () => {
    const { items, total } = await list({});
    expect(total).toBe(hall.length);
    expect(items.map((i) => i.sysname)).toEqual(byPriority.slice(0, 18).map((g) => g.sysname));
    const first = items[0]!;
    const source = byPriority[0]!;
    expect(first).toMatchObject({
      sysname: source.sysname,
      name: source.name,
      provider: source.provider,
      type: source.type,
      layout: source.layout,
      rtp: Number(source.rtp),
      min_bet: Number(source.min_bet),
      max_bet: Number(source.max_bet),
      categories: expect.arrayContaining(source.categories),
    });
    expect(first.description.name).toBe(source.name);
    expect(first.description.img_288_192).toBe(
      `/_ipx/f_webp,q_95,s_288x192/games/art/games/${source.sysname}.svg`,
    );
    expect(first.image_url).toMatch(/^\/_ipx\/f_webp,q_95,s_/);
  });

  it('pages with offset and count, without gaps or repeats', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < hall.length; offset += 25) {
      const page = await list({ offset, count: 25, fields: 'sysname' });
      expect(page.total).toBe(hall.length);
      seen.push(...page.items.map((i) => i.sysname));
    }
    expect(seen).toEqual(byPriority.map((g) => g.sysname));
    expect((await list({ offset: hall.length, count: 10 })).items).toEqual([]);
  });

  it('sorts by sort_options and order', async () => {
    const byName = (await list({ sort_options: 'name', count: 300, fields: 'name' })).items.map(
      (i) => i.name,
    );
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = (
      await list({ sort_options: 'popularity', order: 'desc', count: 300, fields: 'popularity' })
    ).items.map((i) => i.popularity);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const priorityDesc = (await list({ order: 'desc', count: 5, fields: 'sysname' })).items.map(
      (i) => i.sysname,
    );
    expect(priorityDesc).toEqual(
      [...byPriority]
        .reverse()
        .slice(0, 5)
        .map((g) => g.sysname),
    );
    const mixed = (await list({ sort_options: 'rtp:desc,name', count: 300, fields: 'rtp,name' })).items;
    for (let i = 1; i < mixed.length; i++) {
      const [a, b] = [mixed[i - 1]!, mixed[i]!];
      expect(a.rtp > b.rtp || (a.rtp === b.rtp && a.name <= b.name)).toBe(true);
    }
    const bad = await visitor.get('games.get', { sort_options: 'price' });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { sort_options: 'wrongField' } },
    });
  });

  it('searches names case-insensitively and treats % and _ as plain text', async () => {
    const target = hall.find((g) => g.name.includes(' '))!;
    const word = target.name.split(' ')[1]!.toUpperCase();
    const { items, total } = await list({ query: word, count: 300, fields: 'name' });
    const expected = hall.filter((g) => g.name.toLowerCase().includes(word.toLowerCase()));
    expect(total).toBe(expected.length);
    expect(items.map((i) => i.name).sort()).toEqual(expected.map((g) => g.name).sort());
    expect((await list({ query: '%' })).total).toBe(0);
    expect((await list({ query: '_' })).total).toBe(0);
  });

  it('filters by types, providers and category, alone and together', async () => {
    const slots = await list({ types: 'slot', count: 300, fields: 'type' });
    expect(slots.total).toBe(hall.filter((g) => g.type === 'slot').length);
    expect(slots.items.every((i) => i.type === 'slot')).toBe(true);
    const two = await list({ types: 'fast,logical', count: 1 });
    expect(two.total).toBe(hall.filter((g) => g.type === 'fast' || g.type === 'logical').length);

    const providers = ['velvet_table', 'sparkrush'];
    const byProvider = await list({ providers: providers.join(','), count: 300, fields: 'provider' });
    expect(byProvider.total).toBe(hall.filter((g) => providers.includes(g.provider)).length);
    expect(byProvider.items.every((i) => providers.includes(i.provider))).toBe(true);

    const popular = await list({ category: 'popular', count: 300, fields: 'sysname,categories' });
    const expectedPopular = hall.filter((g) => g.categories.includes('popular'));
    expect(popular.total).toBe(expectedPopular.length);
    expect(popular.items.map((i) => i.sysname)).toEqual(
      [...expectedPopular].sort((a, b) => a.priority - b.priority).map((g) => g.sysname),
    );

    const combined = await list({
      category: 'new',
      types: 'slot',
      providers: 'copperfox',
      query: 'e',
      count: 300,
      fields: 'sysname',
    });
    const expectedCombined = hall.filter(
      (g) =>
        g.categories.includes('new') &&
        g.type === 'slot' &&
        g.provider === 'copperfox' &&
        g.name.toLowerCase().includes('e'),
    );
    expect(combined.total).toBe(expectedCombined.length);
    expect(combined.total).toBeGreaterThan(0);
    expect((await list({ category: 'no_such_category' })).total).toBe(0);
    const badType = await visitor.get('games.get', { types: 'slot,poker' });
    expect(badType.error.error_data.invalid_parameters).toEqual({ types: 'wrongField' });
  });

  it('answers only the asked-for fields', async () => {
    const { items } = await list({ fields: 'sysname,name,description', count: 3 });
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['description', 'name', 'sysname']);
    const bad = await visitor.get('games.get', { fields: 'sysname,secret' });
    expect(bad.error.error_data.invalid_parameters).toEqual({ fields: 'wrongField' });
  });

  it('filters by sysnames and by options (JSON text)', async () => {
    const picked = [byPriority[5]!.sysname, byPriority[2]!.sysname];
    const { items } = await list({ sysnames: picked.join(',') });
    expect(items.map((i) => i.sysname)).toEqual([byPriority[2]!.sysname, byPriority[5]!.sysname]);

    const vertical = await list({
      options: JSON.stringify({ layout: 'vertical' }),
      count: 300,
      fields: 'layout',
    });
    expect(vertical.total).toBe(hall.filter((g) => g.layout === 'vertical').length);
    const high = await list({
      options: JSON.stringify({ volatility: ['high'], min_rtp: 97 }),
      count: 300,
      fields: 'volatility,rtp',
    });
    expect(high.total).toBe(hall.filter((g) => g.volatility === 'high' && Number(g.rtp) >= 97).length);
    expect(high.items.every((i) => i.volatility === 'high' && i.rtp >= 97)).toBe(true);
    const excluded = await list({
      options: JSON.stringify({ exclude_sysnames: [byPriority[0]!.sysname] }),
      count: 1,
      fields: 'sysname',
    });
    expect(excluded.items[0]!.sysname).toBe(byPriority[1]!.sysname);
    expect(excluded.total).toBe(hall.length - 1);

    for (const options of [
      '{not json',
      JSON.stringify({ colour: 'red' }),
      JSON.stringify({ layout: 'diagonal' }),
    ]) {
      const bad = await visitor.get('games.get', { options });
      expect(bad.status).toBe(400);
      expect(bad.error.error_data.invalid_parameters).toEqual({ options: 'wrongField' });
    }
    const likedAsVisitor = await visitor.get('games.get', { options: JSON.stringify({ liked: true }) });
    expect(likedAsVisitor.status).toBe(401);
  });

  it('detects the sportsbook by its sysname and keeps it out of the game hall', async () => {
    const { items, total } = await list({ sysnames: 'dgt_sportsbook' });
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ sysname: 'dgt_sportsbook', type: 'betting' });
    expect((await list({ query: 'sportsbook' })).total).toBe(0);
    expect((await list({ types: 'betting' })).total).toBe(1);
  });

  it('refuses bad paging values', async () => {
    for (const [key, value] of [
      ['count', 0],
      ['count', 301],
      ['offset', -1],
      ['count', 'ten'],
    ] as const) {
      const bad = await visitor.get('games.get', { [key]: value });
      expect(bad.error.error_data.invalid_parameters).toEqual({ [key]: 'wrongField' });
    }
  });

  it('leaves hidden games and games of hidden studios out', async () => {
    const db = t.app.ctx.db;
    const target = byPriority[3]!;
    await db.update(games).set({ isHidden: true }).where(eq(games.sysname, target.sysname));
    expect((await list({ sysnames: target.sysname })).total).toBe(0);
    expect((await list({})).total).toBe(hall.length - 1);
    await db.update(games).set({ isHidden: false }).where(eq(games.sysname, target.sysname));
    await db.execute(sql`update game_providers set is_hidden = true where sysname = 'puzzleworks'`);
    expect((await list({ providers: 'puzzleworks' })).total).toBe(0);
    await db.execute(sql`update game_providers set is_hidden = false where sysname = 'puzzleworks'`);
  });
});

describe('games.getProviders and games.getCategories', () => {
  it('lists studios with counts of their games by type', async () => {
    const answer = await visitor.get('games.getProviders', {
      fields: 'game_params',
      types: 'casino,slot,live,fast',
    });
    expect(answer.error).toBeNull();
    const types = ['casino', 'slot', 'live', 'fast'];
    const expected = content.providers.filter((p) =>
      hall.some((g) => g.provider === p.sysname && types.includes(g.type)),
    );
    expect(answer.data.map((p: any) => p.sysname)).toEqual(
      expected.sort((a, b) => a.priority - b.priority).map((p) => p.sysname),
    );
    for (const provider of answer.data) {
      const own = hall.filter((g) => g.provider === provider.sysname && types.includes(g.type));
      expect(provider.game_params.games_count).toBe(own.length);
      expect(provider.image_url).toMatch(
        new RegExp(`^/_ipx/.*/games/art/providers/${provider.sysname}\\.svg$`),
      );
    }
    const logical = await visitor.get('games.getProviders', { types: 'logical' });
    expect(logical.data.map((p: any) => p.sysname)).toEqual(['puzzleworks']);
    expect(logical.data[0].game_params).toBeUndefined();
  });

  it('lists categories in order with their counts', async () => {
    const answer = await visitor.get('games.getCategories');
    expect(answer.data.map((c: any) => c.id)).toEqual(
      [...content.categories].sort((a, b) => a.priority - b.priority).map((c) => c.sysname),
    );
    for (const category of answer.data)
      expect(category.games_count).toBe(hall.filter((g) => g.categories.includes(category.id)).length);
  });
});

describe('likes', () => {
  it('refuses a visitor', async () => {
    expect((await visitor.get('games.getLikes')).status).toBe(401);
    const add = await visitor.post('games.addLike', { sysname: byPriority[0]!.sysname });
    expect(add.status).toBe(401);
    expect(add.error.type).toBe('AuthorizationException');
    expect((await visitor.post('games.removeLike', { sysname: byPriority[0]!.sysname })).status).toBe(401);
  });

  it("adds, lists, filters and removes a player's favourites", async () => {
    const { client } = await signedInClient(t.app);
    const [a, b] = [byPriority[0]!.sysname, byPriority[7]!.sysname];
    expect((await client.get('games.getLikes')).data).toEqual({ sysnames: [] });
    expect((await client.post('games.addLike', { sysname: a })).data).toEqual({ sysnames: [a] });
    t.clock.advance(1000);
    expect((await client.post('games.addLike', { sysname: b })).data).toEqual({ sysnames: [b, a] });
    expect((await client.post('games.addLike', { sysname: b })).data).toEqual({ sysnames: [b, a] });
    expect((await client.get('games.getLikes', { sysnames: `${a},nothing` })).data).toEqual({
      sysnames: [a],
    });
    const liked = await client.get('games.get', {
      options: JSON.stringify({ liked: true }),
      fields: 'sysname',
    });
    expect(liked.data.items.map((i: any) => i.sysname).sort()).toEqual([a, b].sort());

    const other = await signedInClient(t.app);
    expect((await other.client.get('games.getLikes')).data).toEqual({ sysnames: [] });

    expect((await client.post('games.removeLike', { sysname: b })).data).toEqual({ sysnames: [a] });
    expect((await client.post('games.removeLike', { sysname: b })).data).toEqual({ sysnames: [a] });
  });

  it('refuses an unknown sysname', async () => {
    const { client } = await signedInClient(t.app);
    for (const call of ['games.addLike', 'games.removeLike']) {
      const answer = await client.post(call, { sysname: 'no_such_game' });
      expect(answer.status).toBe(400);
      expect(answer.error).toMatchObject({
        type: 'InvalidParameterException',
        error_data: { invalid_parameters: { sysname: 'wrongField' } },
      });
      const empty = await client.post(call, { sysname: '' });
      expect(empty.error.error_data.invalid_parameters).toEqual({ sysname: 'requiredField' });
    }
  });
});
