/**
 * The operator gaps of issue 12, through the real pages: a bonus template's per-game contribution overrides are
 * added, removed and refused with field codes (a NUL included), audited before/after, and copied onto the next
 * bonus granted.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { queryRows, toBigInt } from '../../ledger/sql.ts';
import { walletService } from '../../wallet/wallet-service.ts';
import { findTemplate, grantBonus } from '../engine.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t?.close();
});

const SLOT = 'moonmill_pharaohs_lantern';
const ROULETTE = 'velvet_table_european_roulette';

describe('per-game contribution overrides', () => {
  const TERMS = {
    amount: '',
    wager_multiplier: '10',
    max_bet: '',
    max_conversion: '',
    valid_days: '30',
    kind_slot: '100',
    kind_live: '10',
    kind_casino: '10',
    kind_fast: '10',
    kind_logical: '10',
    kind_high_low: '10',
    other: '10',
    is_active: '1',
    games_form: '1',
  };
  const audits = (id: number) =>
    t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'bonus_template.update'), eq(operatorAudit.targetId, String(id))))
      .orderBy(operatorAudit.id);

  it('adds and removes games (audited before/after); the next bonus carries them', async () => {
    const template = await findTemplate(t.app.ctx.db, 'operator_gift');
    const id = Number(template?.id);
    const path = `/admin/promotions/templates/${id}`;
    const page = await marketing.get(path);
    expect(page.body).toContain('name="games_form" value="1"');
    expect(page.body).toContain(`<option value="${ROULETTE}">`);
    expect(page.body.match(/name="game_percent"/g)).toHaveLength(3);

    const added = await marketing.post(path, {
      ...TERMS,
      game: [SLOT, ROULETTE, ''],
      game_percent: ['50', '100', ''],
    });
    expect(added.headers.location).toBe(`${path}?ok=template_saved`);
    expect((await findTemplate(t.app.ctx.db, 'operator_gift'))?.contributions.games).toEqual({
      [SLOT]: 50,
      [ROULETTE]: 100,
    });
    const [first] = await audits(id);
    expect(first?.before).toMatchObject({ contributions: { games: {} } });
    expect(first?.after).toMatchObject({ contributions: { games: { [SLOT]: 50, [ROULETTE]: 100 } } });
    const shown = await marketing.get(path);
    expect(shown.body).toContain(`data-game="${ROULETTE}"`);
    expect(shown.body).toContain(`name="game_remove" value="${SLOT}"`);
    const list = (await marketing.get('/admin/promotions')).body;
    expect(list).toContain('2 game overrides');
    // Amounts with their currency (the seeded DEMO10 template: $10.00, at most $5.00 a bet).
    expect(list).toContain('<td data-label="Amount" class="num">$10.00</td>');
    expect(list).toContain('<td data-label="Max bet" class="num">$5.00</td>');

    const { player } = await makePlayer(t.app);
    await grantBonus(t.app.ctx.db, {
      playerId: player.id,
      template: 'operator_gift',
      amount: 500n,
      source: 'operator',
      sourceRef: 'test',
      grantKey: `test:${player.id}`,
      now: t.clock.now(),
    });
    const [bonus] = await queryRows<{ contributions: { games: Record<string, number> } }>(
      t.app.ctx.db,
      sql`select contributions from player_bonuses where player_id = ${player.id}`,
    );
    expect(bonus?.contributions.games).toEqual({ [SLOT]: 50, [ROULETTE]: 100 });
    // The wallet counts a stake by its game's override: the slot 50 %, the roulette 100 % (its kind: 10 %).
    const stake = async (game: string, round: string, amount: bigint) => {
      const { token } = await walletService.openSession(t.app.ctx, {
        playerId: player.id,
        game,
        mode: 'real',
        provider: 'acme',
      });
      await walletService.bet(t.app.ctx, { session: token, transactionId: round, roundId: round, amount });
    };
    const wagered = async () =>
      (
        await queryRows<{ wagered: unknown }>(
          t.app.ctx.db,
          sql`select wagered from player_bonuses where player_id = ${player.id}`,
        )
      ).map((r) => toBigInt(r.wagered))[0];
    await stake(SLOT, 'ov1', 200n);
    expect(await wagered()).toBe(100n);
    await stake(ROULETTE, 'ov2', 100n);
    expect(await wagered()).toBe(200n);

    // Ticked for removal: gone; the other row kept with its new percent.
    const removed = await marketing.post(path, {
      ...TERMS,
      game: [SLOT, ROULETTE, ''],
      game_percent: ['50', '0', ''],
      game_remove: SLOT,
    });
    expect(removed.headers.location).toBe(`${path}?ok=template_saved`);
    expect((await findTemplate(t.app.ctx.db, 'operator_gift'))?.contributions.games).toEqual({
      [ROULETTE]: 0,
    });
    const rows = await audits(id);
    expect(rows).toHaveLength(2);
    expect([rows[1]?.before, rows[1]?.after]).toMatchObject([
      { contributions: { games: { [SLOT]: 50, [ROULETTE]: 100 } } },
      { contributions: { games: { [ROULETTE]: 0 } } },
    ]);
    // A post without the rows (an older form) keeps them.
    const { games_form: _marker, ...withoutRows } = TERMS;
    await marketing.post(path, { ...withoutRows, valid_days: '31' });
    expect((await findTemplate(t.app.ctx.db, 'operator_gift'))?.contributions.games).toEqual({
      [ROULETTE]: 0,
    });
  });

  it('refuses bad rows with a field code, a NUL with the flash, and changes nothing', async () => {
    const template = await findTemplate(t.app.ctx.db, 'demo10');
    const path = `/admin/promotions/templates/${template?.id}`;
    const before = template?.contributions;
    const cases: [Record<string, string | string[]>, string][] = [
      [{ game: ['no_such_game'], game_percent: ['50'] }, 'games_wrongField'],
      [{ game: ['Bad Name'], game_percent: ['50'] }, 'games_wrongField'],
      [{ game: [SLOT], game_percent: ['101'] }, 'game_percent_maxValue'],
      [{ game: [SLOT], game_percent: ['-1'] }, 'game_percent_wrongField'],
      [{ game: [SLOT], game_percent: ['5.5'] }, 'game_percent_wrongField'],
      [{ game: [SLOT], game_percent: [''] }, 'games_requiredField'],
      [{ game: [''], game_percent: ['20'] }, 'games_requiredField'],
      [{ game: [SLOT, SLOT], game_percent: ['20', '30'] }, 'games_taken'],
      [{ game: [SLOT, ROULETTE], game_percent: ['20'] }, 'games_requiredField'],
    ];
    for (const [change, code] of cases) {
      const refused = await marketing.post(path, { ...TERMS, ...change });
      expect(refused.statusCode).toBe(303);
      expect(refused.headers.location, JSON.stringify(change)).toBe(`${path}?error=${code}`);
    }
    const flash = await marketing.get(`${path}?error=games_wrongField`);
    expect(flash.body).toContain('names a game the catalogue does not have');
    const nul = await marketing.postFrom(path, path, {
      ...TERMS,
      game: [`${SLOT}\u0000`],
      game_percent: ['50'],
    });
    expect(nul.statusCode).toBe(303);
    expect(nul.headers.location).toBe(`${path}?error=bad_input`);
    expect((await findTemplate(t.app.ctx.db, 'demo10'))?.contributions).toEqual(before);
    expect(await audits(Number(template?.id))).toHaveLength(0);
    // A betting template has no per-game rows.
    const freeBet = await findTemplate(t.app.ctx.db, 'free_bet');
    expect((await marketing.get(`/admin/promotions/templates/${freeBet?.id}`)).body).not.toContain(
      'games_form',
    );
  });
});
