/**
 * The back-office's games screens through the real pages: a hidden game leaves games.get and games.play refuses it,
 * until it is shown again; the category and home-row order reach games.getCategories and games.get; a game's bonus
 * contribution moves a wagering figure exactly; a game switched off for a jackpot no longer feeds it; the live
 * figures are the rounds played; roles and bad input; every change audited with before and after.
 */
import { formatMoney } from '@casino/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { grantBonus } from '../../bonuses/engine.ts';
import { newJackpot } from '../../competitions/competitions-test-helpers.ts';
import { toBigInt } from '../../ledger/sql.ts';
import { recomputeReportDay } from '../../reports/aggregate-day.ts';
import { rtpOf } from '../../reports/game-volume.ts';
import { walletService } from '../../wallet/wallet-service.ts';
import { cents, fundedClient } from '../play/test-helpers.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(() => t?.close());

const DICE = 'sparkrush_dice_duel';
const PLINKO = 'puzzleworks_plinko_drop';
const audits = (action: string, target: string) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.action, action), eq(operatorAudit.targetId, target)));
/** Posts from a game's page as its form does (the page first, for the CSRF token). */
const postOnGame = async (sysname: string, path: string, form: Record<string, string>) => {
  await marketing.get(`/admin/games/${sysname}`);
  return marketing.post(`/admin/games/${sysname}/${path}`, form);
};
const playDice = (client: Awaited<ReturnType<typeof fundedClient>>['client'], bet = '10.00') =>
  client.post('games.play', {
    sysname: DICE,
    bet,
    mode: 'real',
    params: JSON.stringify({ target: 5000, over: true }),
  });

describe('games in the back-office', () => {
  it('hides a game: gone from games.get and refused by games.play; shown again it is back', async () => {
    const { client } = await fundedClient(t.app, 100_000n);
    const listed = async () =>
      (
        (await client.get('games.get', { query: 'dice duel', count: 50 })).data.items as { sysname: string }[]
      ).map((g) => g.sysname);
    expect(await listed()).toContain(DICE);
    const hidden = await postOnGame(DICE, 'visibility', { hidden: '1' });
    expect(hidden.headers.location).toBe(`/admin/games/${DICE}?ok=games_saved`);
    expect(await listed()).not.toContain(DICE);
    const refused = await playDice(client, '1.00');
    expect(refused.error?.error_data?.invalid_parameters).toEqual({ sysname: 'gameHidden' });
    expect((await marketing.get(`/admin/games/${DICE}`)).body).toContain('hidden');
    const [audit] = await audits('games.hide', DICE);
    expect([audit?.before, audit?.after]).toEqual([{ is_hidden: false }, { is_hidden: true }]);

    await postOnGame(DICE, 'visibility', { hidden: '0' });
    expect(await listed()).toContain(DICE);
    expect((await playDice(client, '1.00')).error).toBeNull();
    const [shown] = await audits('games.show', DICE);
    expect([shown?.before, shown?.after]).toEqual([{ is_hidden: true }, { is_hidden: false }]);
  });

  it('orders the categories and the home rows: games.getCategories and games.get follow', async () => {
    const visitor = (await fundedClient(t.app, 0n)).client;
    const categories = async () =>
      (await visitor.get('games.getCategories')).data as { id: string; home_position: number | null }[];
    const before = await categories();
    expect(before.filter((c) => c.home_position !== null).map((c) => c.id)).toEqual([
      'popular',
      'new',
      'live',
    ]);
    const page = await marketing.get('/admin/games/categories');
    expect(page.statusCode).toBe(200);
    const rows = [...page.body.matchAll(/data-category="([a-z_]+)"/g)].map((m) => m[1] as string);
    // Live first in the hall and on the home page, slots as a new home row, "new" off the home page.
    const priority = (c: string) =>
      c === 'live' ? '1' : c === 'popular' ? '2' : String(10 + rows.indexOf(c));
    const home = (c: string) => ({ live: '0', slots: '1', popular: '2' })[c] ?? '';
    const saved = await marketing.post('/admin/games/categories', {
      category: rows,
      priority: rows.map(priority),
      home_position: rows.map(home),
    });
    expect(saved.headers.location).toBe('/admin/games/categories?ok=games_saved');
    const after = await categories();
    expect(after.slice(0, 2).map((c) => c.id)).toEqual(['live', 'popular']);
    expect(
      after
        .filter((c) => c.home_position !== null)
        .sort((a, b) => Number(a.home_position) - Number(b.home_position))
        .map((c) => c.id),
    ).toEqual(['live', 'slots', 'popular']);
    const liveGame = (await visitor.get('games.get', { category: 'live', count: 1 })).data.items[0];
    expect(liveGame.categories[0]).toBe('live');
    expect((await marketing.get('/admin/games/categories')).body).toMatch(
      /data-home-row="live".*data-home-row="slots".*data-home-row="popular"/s,
    );
    const [audit] = await audits('games.categories_order', 'order');
    const was = (audit?.before ?? {}) as Record<string, unknown>;
    const now = (audit?.after ?? {}) as Record<string, unknown>;
    expect(was.live).toEqual({ priority: 60, home_position: 2 });
    expect(now.live).toEqual({ priority: 1, home_position: 0 });
    expect(now.new).toEqual({
      priority: 10 + rows.indexOf('new'),
      home_position: null,
    });
  });

  it('sets a game’s bonus contribution: the wagering of a stake moves exactly', async () => {
    const made = await fundedClient(t.app, 300n);
    const granted = await grantBonus(t.app.ctx.db, {
      playerId: made.player.id,
      template: 'demo10',
      source: 'operator',
      sourceRef: 'test',
      grantKey: `games-admin:${made.player.id}`,
      now: t.clock.now(),
    });
    const session = (
      await walletService.openSession(t.app.ctx, {
        playerId: made.player.id,
        game: DICE,
        mode: 'real',
        provider: 'acme',
      })
    ).token;
    let n = 0;
    const bet = async (amount: bigint) => {
      n += 1;
      await walletService.bet(t.app.ctx, { session, transactionId: `ga-b${n}`, roundId: `ga-r${n}`, amount });
    };
    const wagered = async () =>
      toBigInt(
        (
          await queryRows<{ wagered: unknown }>(
            t.app.ctx.db,
            sql`select wagered from player_bonuses where id = ${granted.bonusId}`,
          )
        )[0]?.wagered,
      );
    await bet(400n); // dice is a fast game: DEMO10 counts 10 %
    expect(await wagered()).toBe(40n);
    const set = await postOnGame(DICE, 'contribution', { contribution: '55' });
    expect(set.headers.location).toBe(`/admin/games/${DICE}?ok=games_saved`);
    await bet(333n); // 333 × 55 % = 183.15 → 183 (whole cents, rounded down as the wallet does)
    expect(await wagered()).toBe(40n + 183n);
    await postOnGame(DICE, 'contribution', { contribution: '' });
    await bet(100n);
    expect(await wagered()).toBe(40n + 183n + 10n);
    const [audit] = await audits('games.bonus_contribution', DICE);
    expect([audit?.before, audit?.after]).toEqual([{ bonus_contribution: null }, { bonus_contribution: 55 }]);
    for (const bad of ['101', '-1', '12.5', 'ten'])
      expect((await postOnGame(DICE, 'contribution', { contribution: bad })).headers.location).toBe(
        `/admin/games/${DICE}?error=contribution_wrongField`,
      );
  });

  it('switches a game off and on for a jackpot: its stakes stop feeding the pool, then feed it again', async () => {
    const id = await newJackpot(t.app, {
      name: { en: 'Back-office pot' },
      minBet: 100n,
      tiers: [{ name: 'mini', contributionBp: 500, seed: 1_000_000n, mustDropBy: 100_000_000n }],
    });
    const pool = async () =>
      toBigInt(
        (
          await queryRows<{ pool: unknown }>(
            t.app.ctx.db,
            sql`select jackpot_pool(t.id) as pool from jackpot_tiers t where t.jackpot_id = ${id}`,
          )
        )[0]?.pool,
      );
    const { client } = await fundedClient(t.app, 1_000_000n);
    const start = await pool();
    await playDice(client);
    expect(await pool()).toBe(start + 50n);
    expect((await marketing.get(`/admin/games/${DICE}`)).body).toMatch(
      new RegExp(`data-jackpot="${id}">.*?feed it<`, 's'),
    );
    const off = await postOnGame(DICE, `jackpots/${id}`, { eligible: '0' });
    expect(off.headers.location).toBe(`/admin/games/${DICE}?ok=games_saved`);
    await playDice(client);
    expect(await pool()).toBe(start + 50n);
    // The site's badges know it too, and the jackpots list says so.
    const listed = (await t.app.inject(`/api/Jackpots.get?id=${id}`)).json().data[0];
    expect(listed.excluded_games).toEqual([DICE]);
    expect((await marketing.get('/admin/competitions/jackpots')).body).toMatch(
      new RegExp(`data-jackpot="${id}">.*?1 switched off`, 's'),
    );
    const [audit] = await audits('games.jackpot_off', DICE);
    expect(audit?.before).toMatchObject({ jackpot_id: id, eligible: true, excluded_games: [] });
    expect(audit?.after).toMatchObject({ jackpot_id: id, eligible: false, excluded_games: [DICE] });
    await postOnGame(DICE, `jackpots/${id}`, { eligible: '1' });
    await playDice(client);
    expect(await pool()).toBe(start + 100n);
    expect((await postOnGame(DICE, 'jackpots/999999', { eligible: '0' })).headers.location).toBe(
      `/admin/games/${DICE}?error=jackpot_notFound`,
    );
  });

  it('shows live RTP and volume equal to the rounds played, beside the theoretical RTP', async () => {
    const { client } = await fundedClient(t.app, 1_000_000n);
    let stakes = 0n;
    let wins = 0n;
    for (let i = 0; i < 6; i++) {
      const round = await client.post('games.play', {
        sysname: PLINKO,
        bet: '2.00',
        mode: 'real',
        params: '{}',
      });
      expect(round.error).toBeNull();
      stakes += cents(round.data.bet);
      wins += cents(round.data.win);
    }
    await client.post('games.play', { sysname: PLINKO, bet: '5.00', mode: 'demo', params: '{}' }); // play money
    const list = await marketing.get('/admin/games?q=plinko%20drop');
    expect(list.statusCode).toBe(200);
    const row = new RegExp(`<tr data-game="${PLINKO}">(.*?)</tr>`, 's').exec(list.body)?.[1] ?? '';
    const rtp = rtpOf(wins, stakes);
    for (const period of ['today', 'last30']) {
      const cell = new RegExp(`data-period="${period}">(.*?)</td>`, 's').exec(row)?.[1] ?? '';
      expect(cell).toContain('<span data-rounds>6</span>');
      expect(cell).toContain(`<span data-stakes>${formatMoney(stakes, 'USD')}</span>`);
      expect(cell).toContain(`<strong data-rtp>${rtp?.toFixed(2)}%</strong>`);
    }
    expect(row).toMatch(/class="num">\d+\.\d{2}%<\/td>/);
    const page = await marketing.get(`/admin/games/${PLINKO}`);
    expect(page.body).toContain('<span data-rounds>6</span>');
    // Tomorrow, today's figures are empty and the 30 days still hold the rounds, now from the day's aggregates.
    const playedOn = t.clock.now().toISOString().slice(0, 10);
    t.clock.advance(86_400_000);
    await recomputeReportDay(t.app.ctx.db, playedOn, t.clock.now());
    marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
    const next = (await marketing.get(`/admin/games/${PLINKO}`)).body;
    expect(/data-period="today">(.*?)<\/dd>/s.exec(next)?.[1]).toContain('no rounds');
    const last30 = /data-period="last30">(.*?)<\/dd>/s.exec(next)?.[1] ?? '';
    expect(last30).toContain('<span data-rounds>6</span>');
    expect(last30).toContain(`<span data-stakes>${formatMoney(stakes, 'USD')}</span>`);
    expect(last30).toContain(`<strong data-rtp>${rtp?.toFixed(2)}%</strong>`);
  });

  it('filters the list by studio, kind and status; refuses unknown filters, games and bad input with a flash', async () => {
    const bySlot = await marketing.get('/admin/games?kind=slot&provider=copperfox&status=visible');
    expect(bySlot.body).toContain('data-game="copperfox_cherry_flare"');
    expect(bySlot.body).not.toContain(`data-game="${DICE}"`);
    expect((await marketing.get('/admin/games?kind=poker')).headers.location).toBe(
      '/admin/games?error=games_filter',
    );
    expect((await marketing.get('/admin/games?status=gone')).headers.location).toBe(
      '/admin/games?error=games_filter',
    );
    expect((await marketing.get('/admin/games/no_such_game')).headers.location).toBe(
      '/admin/games?error=game_notFound',
    );
    expect((await marketing.get('/admin/games/Bad%20Name')).headers.location).toBe(
      '/admin/games?error=game_notFound',
    );
    expect(
      (await marketing.post('/admin/games/no_such_game/visibility', { hidden: '1' })).headers.location,
    ).toBe('/admin/games?error=sysname_notFound');
    expect((await postOnGame(DICE, 'visibility', { hidden: 'maybe' })).headers.location).toBe(
      `/admin/games/${DICE}?error=hidden_wrongField`,
    );
    const nul = await marketing.postFrom(`/admin/games/${DICE}`, `/admin/games/${DICE}/contribution`, {
      contribution: '5\u0000',
    });
    expect(nul.statusCode).toBe(303);
    expect(nul.headers.location).toBe(`/admin/games/${DICE}?error=bad_input`);
    expect((await marketing.get('/admin/games?q=%00')).headers.location).toBe('/admin/games?error=bad_input');

    const page = await marketing.get('/admin/games/categories');
    const rows = [...page.body.matchAll(/data-category="([a-z_]+)"/g)].map((m) => m[1] as string);
    const post = (form: Record<string, string[]>) => marketing.post('/admin/games/categories', form);
    const same = { category: rows, priority: rows.map(() => '5'), home_position: rows.map(() => '') };
    expect((await post({ ...same, priority: rows.map(() => '100001') })).headers.location).toBe(
      '/admin/games/categories?error=priority_wrongField',
    );
    expect((await post({ ...same, priority: rows.map(() => '-1') })).headers.location).toBe(
      '/admin/games/categories?error=priority_wrongField',
    );
    expect((await post({ ...same, home_position: rows.map(() => '1000') })).headers.location).toBe(
      '/admin/games/categories?error=home_position_wrongField',
    );
    expect((await post({ ...same, category: [...rows.slice(1), 'no_such'] })).headers.location).toBe(
      '/admin/games/categories?error=category_notFound',
    );
    expect((await post({ ...same, category: rows.slice(1) })).headers.location).toBe(
      '/admin/games/categories?error=category_wrongField',
    );
    expect(
      (await post({ ...same, category: [rows[0] as string, ...rows.slice(0, -1)] })).headers.location,
    ).toBe('/admin/games/categories?error=category_wrongField');
    // Nothing of that was saved.
    expect((await marketing.get('/admin/games/categories')).body).toContain('value="1" maxlength="6"');
  });

  it('lets the auditor read the games pages and change nothing; support sees none of them', async () => {
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    // The audit log links each change to its game.
    const log = (await auditor.get('/admin/audit')).body;
    expect(log).toContain(`<a href="/admin/games/${DICE}">game #${DICE}</a>`);
    expect(log).toContain('<a href="/admin/games/categories">');
    const list = await auditor.get('/admin/games');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<li><a href="/admin/games"');
    const game = await auditor.get(`/admin/games/${DICE}`);
    expect(game.statusCode).toBe(200);
    expect(game.body).not.toContain(`action="/admin/games/${DICE}/visibility"`);
    expect((await auditor.get('/admin/games/categories')).body).not.toContain('Save the order');
    for (const [path, form] of [
      [`/admin/games/${DICE}/visibility`, { hidden: '1' }],
      [`/admin/games/${DICE}/contribution`, { contribution: '1' }],
      [`/admin/games/${DICE}/jackpots/1`, { eligible: '0' }],
      ['/admin/games/categories', {}],
    ] as const)
      expect((await auditor.post(path, form)).statusCode).toBe(403);
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    expect((await support.get('/admin/games')).statusCode).toBe(403);
    expect((await support.get('/admin/players')).body).not.toContain('<li><a href="/admin/games"');
  });
});
