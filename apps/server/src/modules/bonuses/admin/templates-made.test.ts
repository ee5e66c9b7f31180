/**
 * Issue 40 (ADR 066), through the real pages: bonus templates created, copied, scheduled and retired (permissions,
 * validation, audit), and the wagering cap per jurisdiction — the licence's 10x by default, a jurisdiction's own
 * cap for its players' countries — set by settings.edit only and followed by every grant.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { BonusError, grantBonus } from '../engine.ts';
import { bonusTemplates, playerBonuses } from '../schema.ts';
import { kindsOf } from '../templates-admin.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
let admin: Awaited<ReturnType<typeof signInOperator>>;
let support: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
  support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const audited = (action: string) =>
  t.app.ctx.db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(operatorAudit.id);
const templateBySysname = async (sysname: string) =>
  (await t.app.ctx.db.select().from(bonusTemplates).where(eq(bonusTemplates.sysname, sysname)))[0];

const FORM = {
  sysname: 'spring_boost',
  type: 'casino',
  title: 'Spring boost {amount}',
  text: 'Wager it {wager} times.',
  amount: '15.00',
  wager_multiplier: '10',
  max_bet: '',
  max_conversion: '',
  valid_days: '14',
  other: '10',
  ...Object.fromEntries(kindsOf('casino').map((kind) => [`kind_${kind}`, kind === 'slot' ? '100' : '10'])),
  is_active: '1',
};

const grant = async (playerId: number, template: string, key: string) =>
  grantBonus(t.app.ctx.db, {
    playerId,
    template,
    source: 'operator',
    sourceRef: 'test',
    grantKey: key,
    now: t.app.ctx.providers.clock.now(),
  });

describe('bonus templates made in the back-office', () => {
  it('the new page answers, creates a template (id above the content’s), audited, grantable at once', async () => {
    const list = await marketing.get('/admin/promotions');
    expect(list.body).toContain('href="/admin/promotions/templates/new"');
    const page = await marketing.get('/admin/promotions/templates/new');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="sysname"');
    expect((await marketing.get('/admin/promotions/templates/new?type=betting')).body).toContain(
      'name="min_odds"',
    );

    const created = await marketing.post('/admin/promotions/templates', FORM);
    expect(created.headers.location).toBe('/admin/promotions/templates/1001?ok=template_created');
    const row = await templateBySysname('spring_boost');
    expect(row).toMatchObject({
      id: 1001,
      type: 'casino',
      amount: 1500n,
      wagerMultiplier: 10,
      validDays: 14,
    });
    expect(row?.description.texts.en).toEqual({
      title: 'Spring boost {amount}',
      text: 'Wager it {wager} times.',
    });
    expect(row?.editedAt).not.toBeNull();
    const [audit] = await audited('bonus_template.create');
    expect(audit).toMatchObject({ targetId: '1001', after: { sysname: 'spring_boost', amount: '1500' } });

    const { player } = await makePlayer(t.app);
    const granted = await grant(player.id, 'spring_boost', `made:${player.id}`);
    expect(granted).toMatchObject({ created: true, status: 'active' });
  });

  it('refuses bad input with field codes, nothing stored; support may not open or post the form', async () => {
    for (const [change, code] of [
      [{ sysname: '' }, 'sysname_requiredField'],
      [{ sysname: 'Bad Name' }, 'sysname_wrongField'],
      [{ sysname: 'spring_boost' }, 'sysname_taken'],
      [{ title: '' }, 'title_requiredField'],
      [{ wager_multiplier: '11' }, 'wager_multiplier_maxValue'],
      [{ starts_at: '2030-02-01', ends_at: '2030-01-01' }, 'ends_at_wrongField'],
      [{ type: 'poker' }, 'type_wrongField'],
    ] as const) {
      const refused = await marketing.post('/admin/promotions/templates', {
        ...FORM,
        sysname: 'other_one',
        ...change,
      });
      expect([code, refused.headers.location]).toEqual([
        code,
        `/admin/promotions/templates/new?type=casino&error=${code}`,
      ]);
    }
    expect(await templateBySysname('other_one')).toBeUndefined();
    expect((await support.get('/admin/promotions/templates/new')).statusCode).toBe(403);
    expect(
      (await support.post('/admin/promotions/templates', { ...FORM, sysname: 'x_by_support' })).statusCode,
    ).toBe(403);
    expect(await templateBySysname('x_by_support')).toBeUndefined();
  });

  it('copies a template switched off, schedules one, retires one: nothing grants outside its window or retired', async () => {
    const copied = await marketing.post('/admin/promotions/templates/1001/copy', {
      sysname: 'spring_boost_b',
    });
    expect(copied.headers.location).toBe('/admin/promotions/templates/1002?ok=template_copied');
    const copy = await templateBySysname('spring_boost_b');
    expect(copy).toMatchObject({ isActive: false, amount: 1500n, wagerMultiplier: 10 });
    expect((await audited('bonus_template.copy'))[0]).toMatchObject({
      targetId: '1002',
      after: { copied_from: 'spring_boost' },
    });

    // Scheduled: switched on, from a day ahead.
    const now = t.app.ctx.providers.clock.now();
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    const saved = await marketing.post('/admin/promotions/templates/1002', {
      ...FORM,
      starts_at: tomorrow,
    });
    expect(saved.headers.location).toBe('/admin/promotions/templates/1002?ok=template_saved');
    expect((await marketing.get('/admin/promotions')).body).toContain('scheduled');
    const { player } = await makePlayer(t.app);
    await expect(grant(player.id, 'spring_boost_b', `early:${player.id}`)).rejects.toBeInstanceOf(BonusError);

    const retired = await marketing.post('/admin/promotions/templates/1001/retire', {});
    expect(retired.headers.location).toBe('/admin/promotions/templates/1001?ok=template_retired');
    expect((await templateBySysname('spring_boost'))?.retiredAt).not.toBeNull();
    await expect(grant(player.id, 'spring_boost', `late:${player.id}`)).rejects.toMatchObject({
      code: 'templateInactive',
    });
    expect((await audited('bonus_template.retire'))[0]).toMatchObject({ after: { is_active: false } });
    // Retiring twice changes nothing and records nothing more.
    await marketing.post('/admin/promotions/templates/1001/retire', {});
    expect(await audited('bonus_template.retire')).toHaveLength(1);
    expect((await support.post('/admin/promotions/templates/1002/retire', {})).statusCode).toBe(403);
  });
});

describe('the wagering cap per jurisdiction', () => {
  it('keeps today’s 10x for everyone by default; a jurisdiction caps its countries’ players; audited', async () => {
    const page = await marketing.get('/admin/promotions/wagering');
    expect(page.body).toContain('licence');
    expect(page.body).not.toContain('action="/admin/promotions/wagering"');
    // Marketing reads but may not set a licence matter.
    expect((await marketing.post('/admin/promotions/wagering', { jurisdiction: 'se' })).statusCode).toBe(403);

    const saved = await admin.post('/admin/promotions/wagering', {
      jurisdiction: 'sga',
      name: 'Spelinspektionen',
      countries: 'se, fi',
      max_multiplier: '5',
    });
    expect(saved.headers.location).toBe('/admin/promotions/wagering?ok=wager_cap_saved');
    expect((await audited('wager_cap.save'))[0]).toMatchObject({
      targetId: 'sga',
      before: null,
      after: { countries: ['SE', 'FI'], max_multiplier: 5 },
    });
    for (const [body, code] of [
      [{ jurisdiction: 'licence', name: 'L', countries: 'GB', max_multiplier: '10' }, 'countries_wrongField'],
      [{ jurisdiction: 'mga', name: 'MGA', countries: '', max_multiplier: '10' }, 'countries_requiredField'],
      [
        { jurisdiction: 'mga', name: 'MGA', countries: 'MT', max_multiplier: '201' },
        'max_multiplier_maxValue',
      ],
      [
        { jurisdiction: 'mga', name: 'MGA', countries: 'Malta', max_multiplier: '20' },
        'countries_wrongField',
      ],
    ] as const)
      expect([code, (await admin.post('/admin/promotions/wagering', body)).headers.location]).toEqual([
        code,
        `/admin/promotions/wagering?error=${code}`,
      ]);

    await marketing.post('/admin/promotions/templates', { ...FORM, sysname: 'cap_test' });
    const swede = (await makePlayer(t.app, { countryCode: 'SE' })).player;
    const briton = (await makePlayer(t.app, { countryCode: 'GB' })).player;
    const nowhere = (await makePlayer(t.app)).player;
    for (const p of [swede, briton, nowhere]) await grant(p.id, 'cap_test', `cap:${p.id}`);
    const multipliers = async (id: number) =>
      (await t.app.ctx.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, id)))[0]
        ?.wagerMultiplier;
    expect([
      await multipliers(swede.id),
      await multipliers(briton.id),
      await multipliers(nowhere.id),
    ]).toEqual([5, 10, 10]);

    // The licence's cap raised to 20: a template may ask 15, and a non-Swede gets it; a Swede still 5.
    await admin.post('/admin/promotions/wagering', {
      jurisdiction: 'licence',
      name: 'The licence',
      countries: '',
      max_multiplier: '20',
    });
    const tid = (await templateBySysname('cap_test'))?.id;
    const raised = await marketing.post(`/admin/promotions/templates/${tid}`, {
      ...FORM,
      wager_multiplier: '15',
    });
    expect(raised.headers.location).toBe(`/admin/promotions/templates/${tid}?ok=template_saved`);
    const later = (await makePlayer(t.app, { countryCode: 'GB' })).player;
    await grant(later.id, 'cap_test', `cap:${later.id}`);
    await grant(swede.id, 'cap_test', `cap2:${swede.id}`);
    expect(await multipliers(later.id)).toBe(15);
    const swedes = await t.app.ctx.db
      .select()
      .from(playerBonuses)
      .where(eq(playerBonuses.playerId, swede.id));
    expect(swedes.map((b) => b.wagerMultiplier)).toEqual([5, 5]);

    const removed = await admin.post('/admin/promotions/wagering/sga/remove', {});
    expect(removed.headers.location).toBe('/admin/promotions/wagering?ok=wager_cap_removed');
    expect((await admin.post('/admin/promotions/wagering/licence/remove', {})).headers.location).toBe(
      '/admin/promotions/wagering?error=jurisdiction_wrongField',
    );
    expect((await audited('wager_cap.remove'))[0]).toMatchObject({ before: { max_multiplier: 5 } });
  });
});
