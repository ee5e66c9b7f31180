/**
 * The back-office's competitions area on the real server and database: create and edit a tournament (seen by
 * tournaments.get), its standings, cancelling it with the entry fees refunded through the ledger (sums checked),
 * jackpots created and edited, every change audited, the roles' refusals, and bad input answered with the form's
 * error box (never a 500 and nothing stored).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { balancesOf, fundedClient } from '../../games/play/test-helpers.ts';
import { DICE, playDice } from '../competitions-test-helpers.ts';
import { TOURNAMENT_ENTRIES_ACCOUNT } from '../participate.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp({ seed: 'backoffice-competitions' });
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(() => t?.close());

const utc = (offsetHours: number) =>
  new Date(t.app.ctx.providers.clock.now().getTime() + offsetHours * 3_600_000).toISOString().slice(0, 16);

const tournamentForm = (over: Record<string, string | string[]> = {}) => ({
  title: 'Dice sprint',
  description: 'Roll the most.',
  starts_at: utc(-1),
  ends_at: utc(24),
  scoring: 'wagered',
  min_bet: '0.50',
  currency: 'USD',
  opt_in: '1',
  entry_fee: '5.00',
  games: DICE,
  prize_amount: ['100.00', '50', ''],
  prize_type: ['cash', 'bonus', 'cash'],
  ...over,
});

const createdId = (location: unknown) => {
  const match = /^\/admin\/competitions\/tournaments\/(\d+)\?ok=tournament_created$/.exec(String(location));
  if (!match) throw new Error(`not created: ${location}`);
  return Number(match[1]);
};

const auditRows = (action: string, id: number) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.action, action), eq(operatorAudit.targetId, String(id))));

/** The sum of each account's entries for a tournament's fee movements (entry and refund). */
const feeMovements = async (id: number) =>
  queryRows<{ kind: string; code: string; total: string }>(
    t.app.ctx.db,
    sql`select tr.kind, a.code, sum(e.amount)::text as total
          from ledger_transactions tr join ledger_entries e on e.transaction_id = tr.id
          join ledger_accounts a on a.id = e.account_id
         where tr.kind in ('tournament.entry', 'tournament.refund') and tr.reference = ${String(id)}
         group by tr.kind, a.code order by tr.kind, a.code`,
  );

describe('tournaments in the back-office', () => {
  it('creates a tournament the site lists, shows it and its standings, and edits it (audited)', async () => {
    const created = await admin.post('/admin/competitions/tournaments', tournamentForm());
    expect(created.statusCode).toBe(303);
    const id = createdId(created.headers.location);
    const listed = (await fundedClient(t.app, 0n)).client;
    const site = await listed.get('tournaments.get', { ids: String(id) });
    expect(site.data.items[0]).toMatchObject({
      id,
      title: 'Dice sprint',
      status: 'active',
      games: [DICE],
      total_prize: 150,
      restrictions: { opt_in: true, entry_fee: 5, providers: [] },
    });
    const [audit] = await auditRows('tournament.create', id);
    expect((audit?.after as { entryFee: string } | undefined)?.entryFee).toBe('500');
    expect((audit?.after as { prizes: unknown[] } | undefined)?.prizes).toEqual([
      { place: 1, type: 'cash', amount: 10_000 },
      { place: 2, type: 'bonus', amount: 5_000 },
    ]);
    expect(
      (await listed.get('tournaments.get', { ids: String(id), fields: 'prizes' })).data.items[0].prizes,
    ).toEqual([
      { place: 1, type: 'cash', amount: 100 },
      { place: 2, type: 'bonus', amount: 50 },
    ]);

    const { client, player } = await fundedClient(t.app, 10_000n);
    expect((await client.post('tournaments.participate', { tournament_id: String(id) })).data).toBe(1);
    await playDice(client, '2.00');
    const page = await admin.get(`/admin/competitions/tournaments/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-player="${player.id}"`);
    expect(page.body).toContain('$2.00'); // points: wagered
    expect(page.body).toMatch(/Fees held<\/dt><dd>\$5\.00/);
    expect((await admin.get('/admin/competitions')).body).toContain(`data-tournament="${id}"`);

    const form = await admin.get(`/admin/competitions/tournaments/${id}/edit`);
    expect(form.body).toContain('value="Dice sprint"');
    expect(form.body).toContain('Players have paid this fee');
    const refused = await admin.post(
      `/admin/competitions/tournaments/${id}`,
      tournamentForm({ title: 'Dice sprint II', entry_fee: '1.00' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Entry fee: players have paid it');
    const rescored = await admin.post(
      `/admin/competitions/tournaments/${id}`,
      tournamentForm({ scoring: 'won' }),
    );
    expect(rescored.statusCode).toBe(422);
    expect(rescored.body).toContain('Scoring: players have points under the current rule');
    const saved = await admin.post(
      `/admin/competitions/tournaments/${id}`,
      tournamentForm({ title: 'Dice sprint II', prize_amount: ['120.00'] }),
    );
    expect(saved.headers.location).toBe(`/admin/competitions/tournaments/${id}?ok=tournament_saved`);
    expect((await listed.get('tournaments.get', { ids: String(id) })).data.items[0]).toMatchObject({
      title: 'Dice sprint II',
      total_prize: 120,
    });
    const [edit] = await auditRows('tournament.update', id);
    expect([
      (edit?.before as { title: { en: string } } | undefined)?.title.en,
      (edit?.after as { title: { en: string } } | undefined)?.title.en,
    ]).toEqual(['Dice sprint', 'Dice sprint II']);
  });

  it('cancels a tournament: paid entry fees go back through the ledger once, the site stops listing it', async () => {
    const id = createdId(
      (await admin.post('/admin/competitions/tournaments', tournamentForm())).headers.location,
    );
    const payers = [await fundedClient(t.app, 1_000n), await fundedClient(t.app, 700n)];
    for (const p of payers)
      expect((await p.client.post('tournaments.participate', { tournament_id: String(id) })).data).toBe(1);
    const broke = await fundedClient(t.app, 100n);
    const refusal = await broke.client.post('tournaments.participate', { tournament_id: String(id) });
    expect(refusal.error?.error_data.reason).toBe('insufficient_funds');
    expect((await balancesOf(t.app, payers[1]!.player.id)).main).toBe(200n);

    expect(
      (await admin.post(`/admin/competitions/tournaments/${id}/cancel`, { reason: 'no' })).headers.location,
    ).toBe(`/admin/competitions/tournaments/${id}?error=reason_minLength`);
    const cancelled = await admin.post(`/admin/competitions/tournaments/${id}/cancel`, {
      reason: 'Game supplier outage',
    });
    expect(cancelled.headers.location).toBe(`/admin/competitions/tournaments/${id}?ok=tournament_cancelled`);
    expect((await balancesOf(t.app, payers[0]!.player.id)).main).toBe(1_000n);
    expect((await balancesOf(t.app, payers[1]!.player.id)).main).toBe(700n);
    expect(await feeMovements(id)).toEqual([
      { kind: 'tournament.entry', code: TOURNAMENT_ENTRIES_ACCOUNT, total: '1000' },
      { kind: 'tournament.entry', code: `player:${payers[0]!.player.id}:main`, total: '-500' },
      { kind: 'tournament.entry', code: `player:${payers[1]!.player.id}:main`, total: '-500' },
      { kind: 'tournament.refund', code: TOURNAMENT_ENTRIES_ACCOUNT, total: '-1000' },
      { kind: 'tournament.refund', code: `player:${payers[0]!.player.id}:main`, total: '500' },
      { kind: 'tournament.refund', code: `player:${payers[1]!.player.id}:main`, total: '500' },
    ]);
    const [audit] = await auditRows('tournament.cancel', id);
    expect([audit?.after, audit?.reason]).toEqual([
      { state: 'cancelled', refunds: 2, refunded: '1000' },
      'Game supplier outage',
    ]);
    // A second cancel moves nothing and says why; the site no longer lists it; scoring stops.
    expect(
      (await admin.post(`/admin/competitions/tournaments/${id}/cancel`, { reason: 'Again, twice' })).headers
        .location,
    ).toBe(`/admin/competitions/tournaments/${id}?error=state_wrongField`);
    expect((await feeMovements(id)).length).toBe(6);
    const site = await payers[0]!.client.get('tournaments.get', { ids: String(id) });
    expect(site.data.items).toEqual([]);
    const late = await payers[0]!.client.post('tournaments.participate', { tournament_id: String(id) });
    expect(late.error?.error_data.reason).toBe('closed');
    expect((await admin.get(`/admin/competitions/tournaments/${id}/edit`)).headers.location).toBe(
      `/admin/competitions/tournaments/${id}?error=state_wrongField`,
    );
  });

  it('answers bad input with the form and its problems: nothing stored, never a 500', async () => {
    const before = await queryRows<{ n: string }>(
      t.app.ctx.db,
      sql`select count(*)::text as n from tournaments`,
    );
    const cases: [Record<string, string | string[]>, string][] = [
      [{ title: 'Bad\u0001title' }, 'Title: remove the control characters.'],
      [{ title: '' }, 'Title: required.'],
      [{ starts_at: '2026-02-30T10:00' }, 'Starts: give a date and time'],
      [{ ends_at: 'tomorrow' }, 'Ends: give a date and time'],
      [{ ends_at: utc(-2) }, 'Ends: must be after the start.'],
      [{ min_bet: '1e3' }, 'Qualifying bet: enter an amount like 25.00.'],
      [{ entry_fee: '-5' }, 'Entry fee: between 0 and 1,000,000.00.'],
      [{ prize_amount: ['100', 'lots'] }, 'Prize for place 2: enter an amount like 25.00.'],
      [{ prize_amount: ['99999999999999999999'] }, 'Prize for place 1: between'],
      [{ scoring: 'wagered;' }, 'Scoring: choose a rule.'],
      [{ games: 'no_such_game' }, 'Games: not in the catalogue: no_such_game.'],
      [{ providers: 'sparkrush' }, 'Name games or providers, not both.'],
      [{ providers: 'nobody' }, 'Providers: unknown choice.'],
      [{ opt_in: '' }, 'Entry fee: only an opt-in tournament can take one.'],
      [{ countries: 'Germany' }, 'Countries: not valid: Germany.'],
    ];
    for (const [over, problem] of cases) {
      const response = await admin.post('/admin/competitions/tournaments', tournamentForm(over));
      expect([JSON.stringify(over), response.statusCode]).toEqual([JSON.stringify(over), 422]);
      expect(response.body).toContain('class="flash flash-error" role="alert"');
      expect(response.body).toContain(problem.replaceAll("'", '&#39;'));
    }
    const after = await queryRows<{ n: string }>(
      t.app.ctx.db,
      sql`select count(*)::text as n from tournaments`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
    // A NUL (refused by the body guard before the form is read): the form again with the message, or a 400 page.
    const cookie = [...admin.jar].map(([k, c]) => `${k}=${c.value}`).join('; ');
    const nulBody = new URLSearchParams({ _csrf: admin.csrf });
    for (const [name, value] of Object.entries(tournamentForm({ title: 'Bad\u0000title' })))
      for (const v of Array.isArray(value) ? value : [value]) nulBody.append(name, v);
    const fromForm = await t.app.inject({
      method: 'POST',
      url: '/admin/competitions/tournaments',
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        referer: 'http://localhost/admin/competitions/tournaments/new?x=1',
        host: 'localhost',
      },
      payload: nulBody.toString(),
    });
    expect([fromForm.statusCode, fromForm.headers.location]).toEqual([
      303,
      '/admin/competitions/tournaments/new?error=bad_input',
    ]);
    const flash = await admin.get(String(fromForm.headers.location));
    expect(flash.body).toContain('such as NUL');
    const bare = await admin.post(
      '/admin/competitions/tournaments',
      tournamentForm({ title: 'Bad\u0000title' }),
    );
    // Without a page to go back to: the first section, with the flash.
    expect([bare.statusCode, bare.headers.location]).toEqual([303, '/admin?error=bad_input']);
    const nulReason = await admin.post('/admin/competitions/tournaments/1/cancel', {
      reason: 'bad\u0000reason',
    });
    expect(nulReason.statusCode).toBe(303);
    // Other malformed bodies: JSON, empty, bytes that are not UTF-8, an unknown id.
    const json = await t.app.inject({
      method: 'POST',
      url: '/admin/competitions/tournaments',
      headers: { 'content-type': 'application/json', cookie },
      payload: '{"title": ',
    });
    expect([json.statusCode, json.headers.location]).toEqual([303, '/admin?error=bad_input']);
    const text = await t.app.inject({
      method: 'POST',
      url: '/admin/competitions/tournaments',
      headers: { 'content-type': 'text/plain', cookie },
      payload: 'title=x',
    });
    // Read as text, so no form token: back to the back-office with the expired-form message.
    expect([text.statusCode, text.headers.location]).toEqual([303, '/admin?error=csrf']);
    const bytes = await t.app.inject({
      method: 'POST',
      url: '/admin/competitions/tournaments',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: Buffer.concat([Buffer.from(`_csrf=${admin.csrf}&title=`), Buffer.from([0xff, 0xfe])]),
    });
    expect([bytes.statusCode, bytes.headers.location]).toEqual([303, '/admin?error=bad_input']);
    expect((await admin.post('/admin/competitions/tournaments', {})).statusCode).toBe(422);
    expect((await admin.get('/admin/competitions/tournaments/99999999')).statusCode).toBe(404);
    expect(
      (await admin.post('/admin/competitions/tournaments/99999999/cancel', { reason: 'Because so' })).headers
        .location,
    ).toBe('/admin/competitions/tournaments/99999999?error=id_notFound');
    const control = await admin.post('/admin/competitions/tournaments/1/cancel', {
      reason: 'bad\u0001reason',
    });
    expect(control.headers.location).toBe('/admin/competitions/tournaments/1?error=reason_wrongField');
    const after2 = await queryRows<{ n: string }>(
      t.app.ctx.db,
      sql`select count(*)::text as n from tournaments`,
    );
    expect(after2[0]?.n).toBe(before[0]?.n);
  });

  it('scores a tournament by provider: bets on any game of the studio count', async () => {
    const id = createdId(
      (
        await admin.post(
          '/admin/competitions/tournaments',
          tournamentForm({ games: '', providers: 'sparkrush', entry_fee: '', opt_in: '' }),
        )
      ).headers.location,
    );
    const other = createdId(
      (
        await admin.post(
          '/admin/competitions/tournaments',
          tournamentForm({ games: '', providers: 'copperfox', entry_fee: '', opt_in: '' }),
        )
      ).headers.location,
    );
    const { client, player } = await fundedClient(t.app, 10_000n);
    await playDice(client, '1.50');
    const board = (await client.get('leaderboard.get', { tournament_id: id })).data;
    expect(board.me).toMatchObject({ points: 1.5 });
    // The dice game is sparkrush's: a copperfox tournament does not count it.
    expect((await client.get('leaderboard.get', { tournament_id: other })).data.me).toBeNull();
    const listed = (await client.get('tournaments.get', { ids: String(id) })).data.items[0];
    expect(listed.restrictions.providers).toEqual(['sparkrush']);
    expect(listed.games_count).toBeGreaterThan(0);
    expect(player.id).toBeGreaterThan(0);
  });
});

describe('jackpots in the back-office', () => {
  it('creates a jackpot with seeded pools and edits its shares and state, audited; bad tiers are refused', async () => {
    const bad = await admin.post('/admin/competitions/jackpots', {
      name: 'Bad',
      tier_name: ['mini', 'Major!'],
      tier_percent: ['0.5', '20'],
      tier_seed: ['10.00', 'x'],
      tier_must_drop_by: ['5.00', '100'],
    });
    expect(bad.statusCode).toBe(422);
    for (const problem of [
      'Tier 1: must drop by is above the seed.',
      'Tier 2: a short lowercase name',
      'Tier 2: the share is a percent',
      'Tier 2 seed: enter an amount',
    ])
      expect(bad.body).toContain(problem);
    const created = await admin.post('/admin/competitions/jackpots', {
      name: 'Back-office pot',
      currency: 'USD',
      games: DICE,
      tier_name: ['mini', 'grand', ''],
      tier_percent: ['0.50', '0.25', ''],
      tier_seed: ['10.00', '100.00', ''],
      tier_must_drop_by: ['50.00', '1000.00', ''],
    });
    expect(created.headers.location).toBe('/admin/competitions/jackpots?ok=jackpot_created');
    const list = await admin.get('/admin/competitions/jackpots');
    const id = Number(
      /data-jackpot="(\d+)">\s*<td data-label="Jackpot"><a href="\/admin\/competitions\/jackpots\/\d+">Back-office pot/.exec(
        list.body,
      )?.[1],
    );
    expect(id).toBeGreaterThan(0);
    const player = await fundedClient(t.app, 0n);
    const site = (await player.client.get('Jackpots.get', { id })).data;
    expect(site[0].tiers.map((x: { amount: number }) => x.amount)).toEqual([10, 100]);
    const tiers = [
      ...(await admin.get(`/admin/competitions/jackpots/${id}`)).body.matchAll(/name="tier_percent_(\d+)"/g),
    ].map((m) => m[1]);
    const saved = await admin.post(`/admin/competitions/jackpots/${id}`, {
      name: 'Back-office pot',
      games: DICE,
      state: 'paused',
      [`tier_percent_${tiers[0]}`]: '1.00',
      [`tier_percent_${tiers[1]}`]: '0.25',
    });
    expect(saved.headers.location).toBe('/admin/competitions/jackpots?ok=jackpot_saved');
    expect((await player.client.get('Jackpots.get', { id })).data).toEqual([]); // paused: not shown
    const [audit] = await auditRows('jackpot.update', id);
    expect([
      (audit?.before as { state: string } | undefined)?.state,
      (audit?.after as { state: string } | undefined)?.state,
    ]).toEqual(['active', 'paused']);
    const nul = await admin.post(`/admin/competitions/jackpots/${id}`, { name: 'x\u0001', state: 'active' });
    expect(nul.statusCode).toBe(422);
    expect(nul.body).toContain('Name: remove the control characters.');
  });

  it('answers 404 to a malformed jackpot id instead of opening (or saving) the newest jackpot', async () => {
    for (const id of ['abc', '0', '99999999999999999999']) {
      expect((await admin.get(`/admin/competitions/jackpots/${id}`)).statusCode, id).toBe(404);
      const saved = await admin.post(`/admin/competitions/jackpots/${id}`, {
        name: 'Hijacked',
        state: 'paused',
      });
      expect(saved.statusCode, id).toBe(404);
    }
    expect((await admin.get('/admin/competitions/jackpots')).body).not.toContain('Hijacked');
  });
});

describe('permissions', () => {
  it('lets the auditor and finance read but not change; support sees nothing', async () => {
    for (const role of ['auditor', 'finance'] as const) {
      const client = await signInOperator(t.app, t.clock, await makeOperator(t.app, role));
      expect((await client.get('/admin/competitions')).statusCode).toBe(200);
      expect((await client.get('/admin/competitions/jackpots')).statusCode).toBe(200);
      expect((await client.get('/admin/competitions/tournaments/new')).statusCode).toBe(403);
      expect((await client.post('/admin/competitions/tournaments', tournamentForm())).statusCode).toBe(403);
      expect(
        (await client.post('/admin/competitions/tournaments/1/cancel', { reason: 'Nope nope' })).statusCode,
      ).toBe(403);
      expect((await client.post('/admin/competitions/jackpots', { name: 'x' })).statusCode).toBe(403);
    }
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    expect((await support.get('/admin/competitions')).statusCode).toBe(403);
  });
});
