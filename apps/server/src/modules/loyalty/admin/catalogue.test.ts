/**
 * The back-office's loyalty catalogue through the real pages: each kind lists, creates and edits (audited with
 * before and after); an edited threshold moves loyalty.getinfo; a purchase takes stock; a switched-off product
 * leaves the shop; roles are refused; bad input (NUL, malformed numbers, a duplicate sysname, dates the wrong
 * way round) answers a flash error and writes nothing, never a 500.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { queryRows } from '../../ledger/sql.ts';
import { writePointsEntry } from '../points.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(() => t?.close());

const texts = (name: string, en: string) => ({ [`${name}.en`]: en, [`${name}.de`]: `${en} (de)` });
const idOf = (location: unknown) => Number(/\/(\d+)\?ok=saved$/.exec(String(location))?.[1] ?? 0);
const audits = (action: string) =>
  t.app.ctx.db.select().from(operatorAudit).where(eq(operatorAudit.action, action));
const rowCount = async (table: string) =>
  Number(
    (await queryRows<{ n: unknown }>(t.app.ctx.db, sql.raw(`select count(*) as n from ${table}`)))[0]?.n,
  );
const givePoints = (playerId: number, points: number) =>
  t.app.ctx.db.transaction((tx) =>
    writePointsEntry(tx, {
      playerId,
      kind: 'adjustment',
      delta: BigInt(points * 100),
      lifetimeDelta: BigInt(points * 100),
      reference: `test-${playerId}-${points}`,
      at: t.app.ctx.providers.clock.now(),
    }),
  );

/** A valid form of each kind (a new sysname each time). */
let n = 0;
const forms = (): Record<string, Record<string, string>> => {
  n += 1;
  return {
    levels: {
      sysname: `ruby-${n}`,
      ...texts('name', `Ruby ${n}`),
      min_points: `${20_000 + n}.50`,
      reward_type: 'points',
      reward_amount: '12.5',
      image: '',
    },
    programs: {
      sysname: `summer-${n}`,
      kind: 'quests',
      ...texts('title', 'Summer season'),
      ...texts('description', 'Quests all summer'),
      priority: '3',
      starts_at: '2026-06-01T00:00',
      ends_at: '2026-09-01T00:00',
    },
    quests: {
      sysname: `spin-${n}`,
      kind: 'wager_slots',
      target: '250.00',
      ...texts('title', 'Wager $250'),
      ...texts('description', 'On any slot'),
      reward_type: 'cash',
      reward_amount: '5',
      priority: '1',
      starts_at: '2026-11-01T00:00',
      ends_at: '2026-12-31T00:00',
    },
    products: {
      sysname: `cap-${n}`,
      type: 'item',
      price: '40',
      stock: '2',
      per_player_limit: '',
      ...texts('title', 'A cap'),
      ...texts('description', 'Posted to you'),
      priority: '0',
    },
    characters: {
      sysname: `wolf-${n}`,
      ...texts('name', 'Wolf'),
      image: 'loyalty/characters/wolf.svg',
      priority: '0',
    },
  };
};

describe('loyalty catalogue', () => {
  it('lists, creates and edits each kind, audited with before and after', async () => {
    const seeded = {
      levels: 'silver',
      programs: 'vip',
      quests: 'three-games',
      products: 'hoodie',
      characters: 'owl',
    };
    const [program] = await queryRows<{ id: unknown }>(
      t.app.ctx.db,
      sql`select id from loyalty_programs where sysname = 'weekly-quests'`,
    );
    for (const [kind, form] of Object.entries(forms())) {
      const list = await marketing.get(`/admin/loyalty/${kind}`);
      expect([kind, list.statusCode]).toEqual([kind, 200]);
      expect(list.body).toContain(`data-row="${seeded[kind as keyof typeof seeded]}"`);
      expect((await marketing.get(`/admin/loyalty/${kind}/new`)).statusCode).toBe(200);
      const body = kind === 'quests' ? { ...form, program_id: String(program?.id) } : form;
      const created = await marketing.post(`/admin/loyalty/${kind}`, body);
      expect([kind, created.statusCode, created.body]).toEqual([kind, 303, '']);
      const id = idOf(created.headers.location);
      const page = await marketing.get(`/admin/loyalty/${kind}/${id}`);
      expect(page.body).toContain(String(form.sysname));
      expect(page.body).toContain('(de)');
      // Edit: the English name or title changes; the sysname (create-only) stays.
      const textField = 'name.en' in form ? 'name' : 'title';
      const { sysname: _fixed, ...editable } = body;
      const edited = await marketing.post(`/admin/loyalty/${kind}/${id}`, {
        ...editable,
        [`${textField}.en`]: 'Renamed',
        sysname: 'ignored-on-edit',
      });
      expect(edited.headers.location).toBe(`/admin/loyalty/${kind}/${id}?ok=saved`);
      expect((await marketing.get(`/admin/loyalty/${kind}`)).body).toContain('Renamed');
      const singular = kind.replace(/s$/, '');
      const [audit] = await t.app.ctx.db
        .select()
        .from(operatorAudit)
        .where(
          and(eq(operatorAudit.action, `loyalty.${singular}_update`), eq(operatorAudit.targetId, String(id))),
        );
      type TAudited = Record<string, { en?: string }> & { sysname?: string };
      const before = (audit?.before ?? {}) as TAudited;
      const after = (audit?.after ?? {}) as TAudited;
      expect(before[textField]?.en).not.toBe('Renamed');
      expect(after[textField]?.en).toBe('Renamed');
      expect(after.sysname).toBe(form.sysname);
      expect(await audits(`loyalty.${singular}_create`)).not.toHaveLength(0);
    }
    const [level] = await queryRows<{ min_points: unknown; reward: unknown }>(
      t.app.ctx.db,
      sql`select min_points, reward from loyalty_levels where sysname like 'ruby-%' limit 1`,
    );
    expect(Number(level?.min_points) % 100).toBe(50);
    expect(level?.reward).toEqual({ type: 'points', amount: 1250 });
    const [quest] = await queryRows<{ target: unknown }>(
      t.app.ctx.db,
      sql`select target from loyalty_quests where sysname like 'spin-%' limit 1`,
    );
    expect(Number(quest?.target)).toBe(25_000);
  });

  it('an edited level threshold changes loyalty.getinfo; the first level stays at 0', async () => {
    const { client, player } = await signedInClient(t.app);
    await givePoints(player.id, 30);
    const before = (await client.get('loyalty.getinfo')).data;
    expect(before.levels.find((l: any) => l.is_current).sysname).toBe('bronze');
    const [silver] = await queryRows<{ id: unknown }>(
      t.app.ctx.db,
      sql`select id from loyalty_levels where sysname = 'silver'`,
    );
    const page = await marketing.get(`/admin/loyalty/levels/${silver?.id}`);
    const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.body)?.[1] ?? '';
    expect(value('min_points')).toBe('50.00');
    const saved = await marketing.post(`/admin/loyalty/levels/${silver?.id}`, {
      ...texts('name', value('name.en')),
      min_points: '25',
      reward_type: 'bonus',
      reward_amount: value('reward_amount'),
      image: value('image'),
    });
    expect(saved.headers.location).toContain('ok=saved');
    const after = (await client.get('loyalty.getinfo')).data;
    const current = after.levels.find((l: any) => l.is_current);
    expect([current.sysname, current.min_points]).toEqual(['silver', 25]);

    const [bronze] = await queryRows<{ id: unknown }>(
      t.app.ctx.db,
      sql`select id from loyalty_levels where sysname = 'bronze'`,
    );
    const moved = await marketing.post(`/admin/loyalty/levels/${bronze?.id}`, {
      ...texts('name', 'Bronze'),
      min_points: '5',
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.body).toContain('flash flash-error');
    const off = await marketing.post(`/admin/loyalty/levels/${bronze?.id}/active`, { active: '0' });
    expect(off.headers.location).toBe(`/admin/loyalty/levels/${bronze?.id}?error=min_points_firstLevel`);
    // A switched-off level leaves the ladder.
    await marketing.post(`/admin/loyalty/levels/${silver?.id}/active`, { active: '0' });
    expect((await client.get('loyalty.getinfo')).data.levels.map((l: any) => l.sysname)).not.toContain(
      'silver',
    );
    await marketing.post(`/admin/loyalty/levels/${silver?.id}/active`, { active: '1' });
    expect((await audits('loyalty.level_deactivate')).map((a) => a.targetId)).toEqual([String(silver?.id)]);
  });

  it('a purchase takes a unit of stock; the stock form sets it; a switched-off product leaves the shop', async () => {
    const created = await marketing.post('/admin/loyalty/products', {
      ...forms().products,
      type: 'bonus',
      reward: '1.00',
      stock: '5',
    });
    const id = idOf(created.headers.location);
    const set = await marketing.post(`/admin/loyalty/products/${id}/stock`, { stock: '2' });
    expect(set.headers.location).toBe(`/admin/loyalty/products/${id}?ok=saved`);
    const [stockAudit] = await audits('loyalty.product_stock');
    expect([stockAudit?.before, stockAudit?.after]).toEqual([{ stock: 5 }, { stock: 2 }]);

    const { client, player } = await signedInClient(t.app);
    await givePoints(player.id, 100);
    const bought = await client.post('loyalty.buyproduct', { id });
    expect(bought.error).toBeNull();
    const page = await marketing.get(`/admin/loyalty/products/${id}`);
    expect(page.body).toContain('data-testid="stock">1<');
    expect(page.body).toContain('sold: <strong>1<');

    for (const bad of ['abc', '-1', '1.5', '99999999']) {
      const refused = await marketing.post(`/admin/loyalty/products/${id}/stock`, { stock: bad });
      expect([bad, String(refused.headers.location)]).toEqual([bad, expect.stringContaining('error=stock_')]);
    }
    expect((await marketing.get(`/admin/loyalty/products/${id}?error=stock_wrongField`)).body).toContain(
      'flash flash-error',
    );

    const off = await marketing.post(`/admin/loyalty/products/${id}/active`, { active: '0' });
    expect(off.headers.location).toContain('ok=saved');
    const shop = (await client.get('loyalty.getproducts')).data;
    expect(shop.items.map((p: any) => p.id)).not.toContain(id);
    expect((await client.post('loyalty.buyproduct', { id })).error.type).toBe('InvalidParameterException');
  });

  it('an item bought in the shop waits on its product page until an operator marks it delivered, once', async () => {
    const created = await marketing.post('/admin/loyalty/products', { ...forms().products, price: '10' });
    const id = idOf(created.headers.location);
    const { client, player } = await signedInClient(t.app);
    await givePoints(player.id, 15);
    const bought = await client.post('loyalty.buyproduct', { id });
    expect(bought.error).toBeNull();
    const orderId = bought.data.order_id;
    const page = await marketing.get(`/admin/loyalty/products/${id}`);
    expect(page.body).toContain(`data-order="${orderId}"`);
    expect(page.body).toContain('to deliver');
    const url = `/admin/loyalty/products/${id}/orders/${orderId}/delivered`;
    expect((await marketing.post(url)).headers.location).toBe(`/admin/loyalty/products/${id}?ok=saved`);
    await marketing.post(url);
    const [order] = await queryRows<{ status: string }>(
      t.app.ctx.db,
      sql`select status from loyalty_orders where id = ${orderId}`,
    );
    expect(order?.status).toBe('delivered');
    const delivered = await audits('loyalty.order_delivered');
    expect(delivered.map((a) => [a.targetType, a.targetId])).toEqual([['loyalty_order', String(orderId)]]);
    // An order of another product is not this product's to deliver.
    expect(
      (await marketing.post(`/admin/loyalty/products/${id + 1000}/orders/${orderId}/delivered`)).headers
        .location,
    ).toContain('error=id_notFound');
  });

  it('a freespins product grants its pack: spins, slot and stake from one field', async () => {
    const form = { ...forms().products, type: 'freespins', price: '10', stock: '' };
    const bad = await marketing.post('/admin/loyalty/products', { ...form, reward: '20 spins please' });
    expect(bad.statusCode).toBe(422);
    const created = await marketing.post('/admin/loyalty/products', {
      ...form,
      reward: '15 copperfox_cherry_flare 0.30',
    });
    const id = idOf(created.headers.location);
    expect((await marketing.get(`/admin/loyalty/products/${id}`)).body).toContain(
      '15 copperfox_cherry_flare 0.30',
    );
    const { client, player } = await signedInClient(t.app);
    await givePoints(player.id, 15);
    expect((await client.post('loyalty.buyproduct', { id })).error).toBeNull();
    expect((await client.get('games.getFreespinsPacks')).data).toEqual([
      expect.objectContaining({ sysname: 'copperfox_cherry_flare', remaining_count: 15, bet: 0.3 }),
    ]);
  });

  it('refuses bad input with a flash error and writes nothing', async () => {
    const levels = await rowCount('loyalty_levels');
    const audited = (await audits('loyalty.level_create')).length;
    const base = forms().levels;
    const cases: [string, Record<string, string>][] = [
      ['NUL in a name', { ...base, 'name.en': 'Ruby\u0000' }],
      ['NUL in a sysname', { ...base, sysname: 'ruby\u0000x' }],
      ['exponent', { ...base, min_points: '1e5' }],
      ['letters', { ...base, min_points: '12abc' }],
      ['negative', { ...base, min_points: '-3' }],
      ['three decimals', { ...base, min_points: '1.234' }],
      ['huge', { ...base, min_points: '99999999999999999999' }],
      ['empty threshold', { ...base, min_points: '' }],
      ['duplicate sysname', { ...base, sysname: 'gold' }],
      ['duplicate threshold', { ...base, min_points: '250' }],
      ['bad sysname', { ...base, sysname: 'Ruby Red' }],
      ['no english name', { ...base, 'name.en': '' }],
      ['unknown reward', { ...base, reward_type: 'jackpot' }],
      ['reward without amount', { ...base, reward_amount: '' }],
      ['bad image path', { ...base, image: '../../etc/passwd.svg' }],
    ];
    for (const [what, form] of cases) {
      const response = await marketing.post('/admin/loyalty/levels', form);
      // A NUL is refused before the form is read: back (to /admin, then the first section) with a flash error.
      let shown = response;
      while (shown.statusCode === 303) shown = await marketing.get(String(shown.headers.location));
      expect([what, response.statusCode]).toEqual([what, what.startsWith('NUL') ? 303 : 422]);
      expect(shown.statusCode).toBe(response.statusCode === 303 ? 200 : 422);
      expect([what, shown.body]).toEqual([what, expect.stringContaining('flash flash-error')]);
      expect(response.body).not.toMatch(/at \S+ \(\S+:\d+:\d+\)/);
    }
    const program = forms().programs;
    const backwards = await marketing.post('/admin/loyalty/programs', {
      ...program,
      ends_at: '2026-05-01T00:00',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.body).toContain('must come after the start');
    const badDate = await marketing.post('/admin/loyalty/programs', {
      ...program,
      starts_at: '2026-02-30T00:00',
    });
    expect(badDate.statusCode).toBe(422);
    const quest = await marketing.post('/admin/loyalty/quests', { ...forms().quests, program_id: '999999' });
    expect(quest.statusCode).toBe(422);
    // The refused form keeps what was typed.
    const typed = await marketing.post('/admin/loyalty/levels', {
      ...base,
      sysname: 'gold',
      'name.en': 'Kept',
    });
    expect(typed.body).toContain('value="Kept"');
    expect(typed.body).toContain('is already used');
    expect(await rowCount('loyalty_levels')).toBe(levels);
    expect(await audits('loyalty.level_create')).toHaveLength(audited);

    // Malformed bodies: repeated fields, a JSON body, garbage percent-encoding, an unknown kind or id.
    // A repeated field counts once (its first value), as a browser's form would send it.
    const repeated = await marketing.post('/admin/loyalty/levels', {
      ...base,
      sysname: ['gold', 'fresh-one'],
    });
    expect(repeated.statusCode).toBe(422);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/admin/loyalty/levels',
      headers: {
        cookie: [...marketing.jar].map(([k, c]) => `${k}=${c.value}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `_csrf=${marketing.csrf}&sysname=%zz%00&min_points=%E0%A4%A`,
    });
    expect([garbage.statusCode, garbage.headers.location]).toEqual([303, '/admin?error=bad_input']);
    // A NUL posted from the product page's stock form goes back to that page.
    const [hoodie] = await queryRows<{ id: unknown }>(
      t.app.ctx.db,
      sql`select id from loyalty_products where sysname = 'hoodie'`,
    );
    const nul = await t.app.inject({
      method: 'POST',
      url: `/admin/loyalty/products/${hoodie?.id}/stock`,
      headers: {
        cookie: [...marketing.jar].map(([k, c]) => `${k}=${c.value}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
        host: 'localhost:80',
        referer: `http://localhost:80/admin/loyalty/products/${hoodie?.id}`,
      },
      payload: `_csrf=${marketing.csrf}&stock=1%00`,
    });
    expect(nul.headers.location).toBe(`/admin/loyalty/products/${hoodie?.id}?error=bad_input`);
    expect((await marketing.get('/admin/loyalty/nothing')).statusCode).toBe(404);
    expect((await marketing.get('/admin/loyalty/levels/99999999')).statusCode).toBe(404);
    expect((await marketing.post('/admin/loyalty/levels/99999999', base)).statusCode).toBe(404);
    expect(await rowCount('loyalty_levels')).toBe(levels);
  });

  it('refuses roles without the permission; the auditor reads without a save button', async () => {
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    expect((await support.get('/admin/loyalty')).statusCode).toBe(403);
    expect((await support.post('/admin/loyalty/levels', forms().levels)).statusCode).toBe(403);
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    const list = await auditor.get('/admin/loyalty/products');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('/admin/loyalty/products/new');
    const [product] = await queryRows<{ id: unknown }>(
      t.app.ctx.db,
      sql`select id from loyalty_products where sysname = 'hoodie'`,
    );
    const view = await auditor.get(`/admin/loyalty/products/${product?.id}`);
    expect(view.body).not.toContain('Save changes');
    expect(
      (await auditor.post(`/admin/loyalty/products/${product?.id}/stock`, { stock: '1' })).statusCode,
    ).toBe(403);
    expect((await auditor.post('/admin/loyalty/characters', forms().characters)).statusCode).toBe(403);
    const denied = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'operator.denied'), like(operatorAudit.operatorEmail, 'auditor%')));
    expect(denied.length).toBeGreaterThanOrEqual(2);
  });
});
