/**
 * A player's bonuses in the back-office, through the real pages: grant from a template (its amount or another),
 * cancel with a reason (the bonus money forfeited to the house), free spins; each audited; the ledger checked
 * movement by movement; a template edit changes the next grant; refusals by role; bad input answered with a flash
 * error (a NUL, malformed numbers, a multiplier over 10), nothing written.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { getBalances } from '../../ledger/balances.ts';
import { queryRows, toBigInt } from '../../ledger/sql.ts';
import { findTemplate } from '../engine.ts';

let t: TTestApp;
let support: Awaited<ReturnType<typeof signInOperator>>;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t?.close();
});

/** What the house bonus account holds, from its entries (house accounts keep no running balance). */
const houseBonuses = async () => {
  const [row] = await queryRows<{ balance: unknown }>(
    t.app.ctx.db,
    sql`select coalesce(sum(e.amount), 0) as balance from ledger_entries e
        join ledger_accounts a on a.id = e.account_id where a.code = 'house:bonuses'`,
  );
  return toBigInt(row?.balance ?? 0);
};

const bonusesOf = (playerId: number) =>
  queryRows<{ id: unknown; status: string; amount: unknown; wager_requirement: unknown; source: string }>(
    t.app.ctx.db,
    sql`select id, status, amount, wager_requirement, source from player_bonuses where player_id = ${playerId}
        order by id`,
  );

const auditRows = (playerId: number, action: string) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.action, action), eq(operatorAudit.targetId, String(playerId))));

/** Opens the player's page (a fresh one-time key in the grant form) and posts it. */
const grant = async (
  client: Awaited<ReturnType<typeof signInOperator>>,
  playerId: number,
  form: Record<string, string>,
) => {
  const page = await client.get(`/admin/players/${playerId}`);
  const key = /action="[^"]+\/bonuses\/grant">[\s\S]*?name="key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return client.post(`/admin/players/${playerId}/bonuses/grant`, { key, confirmed: '1', ...form });
};

describe("a player's bonuses", () => {
  it('grants from a template, shows it with its wagering, and cancels it: the money forfeited to the house', async () => {
    const { player } = await makePlayer(t.app);
    const house = await houseBonuses();
    const granted = await grant(support, player.id, {
      template: 'demo10',
      amount: '',
      reason: 'Goodwill after a game outage',
    });
    expect(granted.headers.location).toBe(`/admin/players/${player.id}?ok=bonus_granted`);
    const [bonus] = await bonusesOf(player.id);
    expect(bonus).toMatchObject({ status: 'active', source: 'operator' });
    expect(toBigInt(bonus?.amount)).toBe(1_000n);
    expect(toBigInt(bonus?.wager_requirement)).toBe(10_000n);
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(1_000n);
    expect((await houseBonuses()) - house).toBe(-1_000n);
    const [audit] = await auditRows(player.id, 'bonus.grant');
    expect(audit).toMatchObject({
      reason: 'Goodwill after a game outage',
      after: { bonus_id: Number(bonus?.id), template: 'demo10', amount: '1000', status: 'active' },
    });

    const page = await support.get(`/admin/players/${player.id}?ok=bonus_granted`);
    expect(page.body).toContain('Bonus granted.');
    expect(page.body).toContain(`data-bonus="${bonus?.id}"`);
    expect(page.body).toContain('$0.00 / $100.00');

    // A cancel confirms first (ADR 064): the GET page and an unconfirmed post show what the player loses, move
    // nothing and write no audit row.
    const cancelPath = `/admin/players/${player.id}/bonuses/${bonus?.id}/cancel`;
    const shown = await support.get(`${cancelPath}?reason=Bonus%20abuse`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('data-confirm="bonus_cancel"');
    expect(shown.body).toContain('forfeited: the bonus money the player still has goes back to the house');
    expect(shown.body).toContain('>Bonus abuse</textarea>');
    expect(shown.body).toContain(`Cancel bonus #${bonus?.id}`);
    const asked = await support.post(cancelPath, { reason: 'Bonus abuse: multiple accounts' });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('name="confirmed" value="1"');
    expect(asked.body).toContain('>Bonus abuse: multiple accounts</textarea>');
    expect((await bonusesOf(player.id))[0]?.status).toBe('active');
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(1_000n);
    expect(await auditRows(player.id, 'bonus.cancel')).toHaveLength(0);
    // A role without bonuses.grant sees neither the page nor acts.
    expect((await marketing.get(cancelPath)).statusCode).toBe(403);
    const byMarketing = await marketing.post(cancelPath, { reason: 'Not mine to do', confirmed: '1' });
    expect(byMarketing.statusCode).toBe(403);
    expect((await bonusesOf(player.id))[0]?.status).toBe('active');

    // A confirmed cancel needs a reason; without one (or too short, or with control characters) the page says so.
    for (const [reason, words] of [
      ['', 'Give the reason'],
      ['abc', '5 characters at least'],
      ['Bonus\u0007abuse', 'control characters'],
    ] as const) {
      const refused = await support.post(cancelPath, { reason, confirmed: '1' });
      expect([reason, refused.statusCode]).toEqual([reason, 422]);
      expect(refused.body).toContain(words);
      expect(refused.body).toContain('aria-invalid="true"');
    }
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(1_000n);

    const cancelled = await support.post(cancelPath, {
      reason: 'Bonus abuse: multiple accounts',
      confirmed: '1',
    });
    expect(cancelled.headers.location).toBe(`/admin/players/${player.id}?ok=bonus_cancelled`);
    expect((await bonusesOf(player.id))[0]?.status).toBe('forfeited');
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(0n);
    expect(await houseBonuses()).toBe(house);
    const forfeit = await queryRows<{ code: string; amount: unknown }>(
      t.app.ctx.db,
      sql`select a.code, e.amount from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
          where t.reference = ${`bonus:${bonus?.id}`} and t.kind = 'bonus.forfeit' order by a.code`,
    );
    expect(forfeit.map((e) => [e.code, toBigInt(e.amount)])).toEqual([
      ['house:bonuses', 1_000n],
      [`player:${player.id}:bonus`, -1_000n],
    ]);
    const [cancelAudit] = await auditRows(player.id, 'bonus.cancel');
    expect(cancelAudit).toMatchObject({
      reason: 'Bonus abuse: multiple accounts',
      before: { status: 'active' },
      after: { status: 'forfeited', lost: '1000' },
    });
    // A second cancel finds it ended: a flash error, nothing moves.
    const again = await support.post(cancelPath, {
      reason: 'Bonus abuse: multiple accounts',
      confirmed: '1',
    });
    expect(again.headers.location).toBe(`/admin/players/${player.id}?error=bonus_id_notOpen`);
    // Its confirmation page is refused the same way: there is nothing left to cancel.
    expect((await support.get(cancelPath)).headers.location).toBe(
      `/admin/players/${player.id}?error=bonus_id_notOpen`,
    );
    expect(await auditRows(player.id, 'bonus.cancel')).toHaveLength(1);
  });

  it('grants once per form however often it is sent, and a waiting bonus is cancelled without money moving', async () => {
    const { player } = await makePlayer(t.app);
    await grant(support, player.id, { template: 'demo10', reason: 'First goodwill bonus' });
    const page = await support.get(`/admin/players/${player.id}`);
    const key = /bonuses\/grant">[\s\S]*?name="key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const form = {
      key,
      confirmed: '1',
      template: 'operator_gift',
      amount: '25.50',
      reason: 'Second goodwill bonus',
    };
    await Promise.all([
      support.post(`/admin/players/${player.id}/bonuses/grant`, form),
      support.post(`/admin/players/${player.id}/bonuses/grant`, form),
    ]);
    const rows = await bonusesOf(player.id);
    expect(rows.map((r) => [r.status, toBigInt(r.amount)])).toEqual([
      ['active', 1_000n],
      ['available', 2_550n],
    ]);
    expect(await auditRows(player.id, 'bonus.grant')).toHaveLength(2);
    // The waiting one holds no money on the player's accounts: cancelling it moves none.
    const house = await houseBonuses();
    const waiting = await support.get(`/admin/players/${player.id}/bonuses/${rows[1]?.id}/cancel`);
    expect(waiting.body).toContain('The bonus never starts');
    const done = await support.post(`/admin/players/${player.id}/bonuses/${rows[1]?.id}/cancel`, {
      reason: 'Granted by mistake',
      confirmed: '1',
    });
    expect(done.headers.location).toBe(`/admin/players/${player.id}?ok=bonus_cancelled`);
    expect((await bonusesOf(player.id))[1]?.status).toBe('cancelled');
    expect(await houseBonuses()).toBe(house);
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(1_000n);
  });

  it('refuses bad input with a flash error and grants nothing', async () => {
    const { player } = await makePlayer(t.app);
    const cases: [Record<string, string>, string][] = [
      [{ template: '' }, 'template_requiredField'],
      [{ template: 'nope' }, 'template_wrongField'],
      [{ template: 'operator_gift', amount: '' }, 'amount_requiredField'],
      [{ amount: '1e3' }, 'amount_wrongField'],
      [{ amount: '-5' }, 'amount_wrongField'],
      [{ amount: '10.001' }, 'amount_wrongField'],
      [{ amount: '0' }, 'amount_wrongField'],
      [{ amount: '100000.01' }, 'amount_maxValue'],
      [{ reason: 'abc' }, 'reason_minLength'],
    ];
    for (const [change, code] of cases) {
      const response = await grant(support, player.id, {
        template: 'demo10',
        amount: '5',
        reason: 'A good reason',
        ...change,
      });
      expect(response.headers.location, JSON.stringify(change)).toBe(
        `/admin/players/${player.id}?error=${code}`,
      );
    }
    // A NUL anywhere in the form: back to the page it came from with a flash error, never a 500.
    const cookie = [...support.jar].map(([k, c]) => `${k}=${c.value}`).join('; ');
    const nul = await t.app.inject({
      method: 'POST',
      url: `/admin/players/${player.id}/bonuses/grant`,
      headers: {
        cookie,
        referer: `http://localhost/admin/players/${player.id}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `_csrf=${support.csrf}&template=demo10&reason=Good%00reason&key=${t.app.ctx.providers.random.uuid()}`,
    });
    expect(nul.statusCode).toBe(303);
    expect(nul.headers.location).toBe(`/admin/players/${player.id}?error=bad_input`);
    const shown = await support.get(String(nul.headers.location));
    expect(shown.body).toContain('could not be read');
    expect(await bonusesOf(player.id)).toEqual([]);
    expect(await auditRows(player.id, 'bonus.grant')).toHaveLength(0);
  });

  it('grants free spins on a slot, audited', async () => {
    const { player } = await makePlayer(t.app);
    const page = await support.get(`/admin/players/${player.id}`);
    const game = /name="game" required><option value="">Choose…<\/option><option value="([^"]+)"/.exec(
      page.body,
    )?.[1];
    expect(game).toBeTruthy();
    const key = /freespins\/grant">[\s\S]*?name="key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const form = {
      key,
      confirmed: '1',
      game: game ?? '',
      count: '15',
      bet: '0.20',
      days: '3',
      reason: 'VIP welcome spins',
    };
    const bad = await support.post(`/admin/players/${player.id}/freespins/grant`, { ...form, count: '501' });
    expect(bad.headers.location).toBe(`/admin/players/${player.id}?error=count_maxValue`);
    const done = await support.post(`/admin/players/${player.id}/freespins/grant`, form);
    expect(done.headers.location).toBe(`/admin/players/${player.id}?ok=freespins_granted`);
    const packs = await queryRows<{
      sysname: string;
      remaining_count: unknown;
      stake: unknown;
      expires_at: unknown;
    }>(
      t.app.ctx.db,
      sql`select sysname, remaining_count, stake, expires_at from game_freespins_packs where player_id = ${player.id}`,
    );
    expect(packs.map((p) => [p.sysname, Number(p.remaining_count), toBigInt(p.stake)])).toEqual([
      [game, 15, 20n],
    ]);
    expect(new Date(String(packs[0]?.expires_at)).getTime() - t.clock.now().getTime()).toBe(3 * 86_400_000);
    expect(await auditRows(player.id, 'freespins.grant')).toHaveLength(1);
    expect((await support.get(`/admin/players/${player.id}`)).body).toContain('15 / 15');
  });
});

describe('bonus templates', () => {
  it('an edit changes the next grant (audited); bonuses granted before keep their terms', async () => {
    const { player } = await makePlayer(t.app);
    await grant(support, player.id, { template: 'operator_gift', amount: '10', reason: 'Before the edit' });
    const template = await findTemplate(t.app.ctx.db, 'operator_gift');
    const page = await marketing.get(`/admin/promotions/templates/${template?.id}`);
    expect(page.statusCode).toBe(200);
    const form = {
      amount: '',
      wager_multiplier: '4',
      max_bet: '2.50',
      max_conversion: '',
      valid_days: '14',
      kind_slot: '100',
      kind_live: '20',
      kind_casino: '10',
      kind_fast: '10',
      kind_logical: '10',
      kind_high_low: '10',
      other: '10',
      is_active: '1',
    };
    const saved = await marketing.post(`/admin/promotions/templates/${template?.id}`, form);
    expect(saved.headers.location).toBe(`/admin/promotions/templates/${template?.id}?ok=template_saved`);
    const after = await findTemplate(t.app.ctx.db, 'operator_gift');
    expect(after).toMatchObject({ wagerMultiplier: 4, maxBet: 250n, validDays: 14 });
    expect(after?.contributions).toEqual({ kinds: { slot: 100, live: 20 }, other: 10, games: {} });
    expect(after?.editedAt).not.toBeNull();
    const [audit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(
        and(
          eq(operatorAudit.action, 'bonus_template.update'),
          eq(operatorAudit.targetId, String(template?.id)),
        ),
      );
    expect(audit?.before).toMatchObject({ wager_multiplier: 10, max_bet: null });
    expect(audit?.after).toMatchObject({ wager_multiplier: 4, max_bet: '250' });

    await grant(support, player.id, { template: 'operator_gift', amount: '10', reason: 'After the edit' });
    const rows = await queryRows<{ wager_requirement: unknown; max_bet: unknown }>(
      t.app.ctx.db,
      sql`select wager_requirement, max_bet from player_bonuses where player_id = ${player.id} order by id`,
    );
    expect(
      rows.map((r) => [toBigInt(r.wager_requirement), r.max_bet === null ? null : toBigInt(r.max_bet)]),
    ).toEqual([
      [10_000n, null],
      [4_000n, 250n],
    ]);

    // Over the 10x cap, malformed numbers, a percent over 100: refused, the template unchanged.
    for (const [change, code] of [
      [{ wager_multiplier: '11' }, 'wager_multiplier_maxValue'],
      [{ wager_multiplier: 'ten' }, 'wager_multiplier_wrongField'],
      [{ wager_multiplier: '2.5' }, 'wager_multiplier_wrongField'],
      [{ max_bet: '1,5' }, 'max_bet_wrongField'],
      [{ valid_days: '0' }, 'valid_days_wrongField'],
      [{ kind_slot: '101' }, 'contributions_maxValue'],
    ] as const) {
      const refused = await marketing.post(`/admin/promotions/templates/${template?.id}`, {
        ...form,
        ...change,
      });
      expect(refused.headers.location, JSON.stringify(change)).toBe(
        `/admin/promotions/templates/${template?.id}?error=${code}`,
      );
    }
    expect(await findTemplate(t.app.ctx.db, 'operator_gift')).toMatchObject({
      wagerMultiplier: 4,
      maxBet: 250n,
    });
    // Switched off: no grant from it.
    await marketing.post(`/admin/promotions/templates/${template?.id}`, { ...form, is_active: '' });
    const off = await grant(support, player.id, {
      template: 'operator_gift',
      amount: '1',
      reason: 'When off',
    });
    expect(off.headers.location).toBe(`/admin/players/${player.id}?error=template_inactive`);
    await marketing.post(`/admin/promotions/templates/${template?.id}`, form);
  });

  it('a betting template takes minimum odds and the free-bet flag, which the next grant copies', async () => {
    const template = await findTemplate(t.app.ctx.db, 'free_bet');
    expect(template).toMatchObject({ minOdds: 1_500, isFreeBet: true });
    const page = await marketing.get(`/admin/promotions/templates/${template?.id}`);
    expect(page.body).toContain('name="min_odds"');
    expect(page.body).toContain('value="1.50"');
    const form = {
      amount: '5.00',
      wager_multiplier: '2',
      max_bet: '',
      max_conversion: '',
      valid_days: '7',
      kind_betting: '100',
      other: '0',
      min_odds: '1.755',
      is_free_bet: '1',
      is_active: '1',
    };
    for (const [change, code] of [
      [{ min_odds: 'abc' }, 'min_odds_wrongField'],
      [{ min_odds: '0.99' }, 'min_odds_minValue'],
      [{ wager_multiplier: '0' }, 'wager_multiplier_minValue'],
    ] as const) {
      const refused = await marketing.post(`/admin/promotions/templates/${template?.id}`, {
        ...form,
        ...change,
      });
      expect(refused.headers.location, JSON.stringify(change)).toBe(
        `/admin/promotions/templates/${template?.id}?error=${code}`,
      );
    }
    const saved = await marketing.post(`/admin/promotions/templates/${template?.id}`, form);
    expect(saved.headers.location).toBe(`/admin/promotions/templates/${template?.id}?ok=template_saved`);
    expect(await findTemplate(t.app.ctx.db, 'free_bet')).toMatchObject({
      minOdds: 1_755,
      isFreeBet: true,
      wagerMultiplier: 2,
    });
    const { player } = await makePlayer(t.app);
    await grant(support, player.id, { template: 'free_bet', reason: 'Odds edited' });
    const [row] = await queryRows<{ min_odds: unknown; is_free_bet: boolean }>(
      t.app.ctx.db,
      sql`select min_odds, is_free_bet from player_bonuses where player_id = ${player.id}`,
    );
    expect([Number(row?.min_odds), row?.is_free_bet]).toEqual([1_755, true]);
    // Any odds: the field left empty; not a free bet: unticked.
    await marketing.post(`/admin/promotions/templates/${template?.id}`, {
      ...form,
      min_odds: '',
      is_free_bet: '',
    });
    expect(await findTemplate(t.app.ctx.db, 'free_bet')).toMatchObject({ minOdds: null, isFreeBet: false });
    await marketing.post(`/admin/promotions/templates/${template?.id}`, { ...form, min_odds: '1.50' });
  });

  it('lets each role do only its part', async () => {
    const { player } = await makePlayer(t.app);
    const template = await findTemplate(t.app.ctx.db, 'demo10');
    // Marketing edits templates but cannot grant to a player; support grants but cannot edit templates.
    expect((await marketing.post(`/admin/players/${player.id}/bonuses/grant`, {})).statusCode).toBe(403);
    expect((await support.get('/admin/promotions')).statusCode).toBe(403);
    expect((await support.post(`/admin/promotions/templates/${template?.id}`, {})).statusCode).toBe(403);
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    const read = await auditor.get(`/admin/promotions/templates/${template?.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain('may read these, not change them');
    expect((await auditor.post(`/admin/promotions/templates/${template?.id}`, {})).statusCode).toBe(403);
    const playerPage = await auditor.get(`/admin/players/${player.id}`);
    expect(playerPage.body).toContain('id="bonuses-title"');
    expect(playerPage.body).not.toContain('/bonuses/grant');
    expect(await bonusesOf(player.id)).toEqual([]);
  });
});
