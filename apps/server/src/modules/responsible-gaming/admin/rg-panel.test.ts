/**
 * Responsible gaming visible to staff (issue 40): a player in a 24-hour time-out with a loss limit shows
 * "time-out until …" instead of "active" on their page, with the limits, the reality check, the exclusions with
 * their dates and the history of changes; a self-exclusion says so; every role that reads players sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { rgStatusOf } from '../staff-view.ts';

let t: TTestApp;
let support: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const titleOf = (body: string) =>
  /<h1>([\s\S]*?)<\/h1>/.exec(body.slice(body.indexOf('page-head')))?.[1] ?? '';

describe('responsible gaming on the player page', () => {
  it('shows a time-out with its end instead of "active", the limits and the history', async () => {
    const { player, client } = await signedInClient(t.app);
    expect(
      (await client.post('responsibleGaming.setLossLimit', { period: '7', amount: '100' })).error,
    ).toBeNull();
    await client.post('responsibleGaming.setLossLimit', { period: '7', amount: '500' });
    await client.post('responsibleGaming.setSessionLimit', { period: '1', minutes: '120' });
    await client.post('responsibleGaming.setRealityCheck', { minutes: '30' });
    await client.post('cashier.setdepositlimit', { period: '7', amount: '250' });
    const before = await support.get(`/admin/players/${player.id}`);
    expect(titleOf(before.body)).toContain('>active<');
    expect(before.body).toContain('no restriction');

    const now = t.app.ctx.providers.clock.now();
    expect((await client.post('responsibleGaming.takeTimeOut', { period: '24h' })).data.type).toBe(
      'time_out',
    );
    const until = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 16).replace('T', ' ');
    const page = await support.get(`/admin/players/${player.id}`);
    const title = titleOf(page.body);
    expect(title).toContain(`time-out until ${until} UTC`);
    expect(title).not.toContain('>active<');
    const panel = page.body.slice(page.body.indexOf('data-rg-panel'));
    expect(panel).toContain('$100.00 per 7 days');
    expect(panel).toContain('then $500.00 per 7 days from');
    expect(panel).toContain('120 minutes per 1 day');
    expect(panel).toContain('every 30 minutes');
    expect(panel).toContain('Time-out (24h) until');
    expect(panel).toContain('in force');
    // The history, newest first: the deposit limit (the cashier's), the reality check, both loss limit changes.
    expect(panel).toContain('Deposit limit');
    expect(panel).toContain('set to $250.00 per 7 days, in force at once');
    expect(panel).toContain('asked $500.00 per 7 days; waits for the cooling-off until');
    expect(panel).toContain('set to $100.00 per 7 days, in force at once');
    expect(panel).toContain('set to 120 minutes per 1 day');

    // A day later the time-out has ended: "active" again, the time-out in the list as ended.
    t.clock.advance(86_400_000 + 60_000);
    support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    const after = await support.get(`/admin/players/${player.id}`);
    expect(titleOf(after.body)).toContain('>active<');
    expect(after.body.slice(after.body.indexOf('data-rg-panel'))).toContain('>ended<');
  });

  it('says "self-excluded until …" or "permanently", and reads many players at once', async () => {
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);
    const c = await signedInClient(t.app);
    await a.client.post('responsibleGaming.selfExclude', { period: '6m' });
    await b.client.post('responsibleGaming.selfExclude', { period: 'permanent' });
    const status = await rgStatusOf(
      t.app.ctx.db,
      [a.player.id, b.player.id, c.player.id],
      t.app.ctx.providers.clock.now(),
    );
    expect(status.get(a.player.id)?.type).toBe('self_exclusion');
    expect(status.get(b.player.id)).toMatchObject({ type: 'self_exclusion', until: null });
    expect(status.has(c.player.id)).toBe(false);
    expect(titleOf((await support.get(`/admin/players/${a.player.id}`)).body)).toContain(
      'self-excluded until',
    );
    expect(titleOf((await support.get(`/admin/players/${b.player.id}`)).body)).toContain(
      'self-excluded permanently',
    );
  });

  it('is seen by every role that reads players', async () => {
    const { player, client } = await signedInClient(t.app);
    await client.post('responsibleGaming.takeTimeOut', { period: '24h' });
    for (const role of ['admin', 'finance', 'auditor'] as const) {
      const operator = await signInOperator(t.app, t.clock, await makeOperator(t.app, role));
      const page = await operator.get(`/admin/players/${player.id}`);
      expect([role, page.body.includes('data-rg-status="time_out"')]).toEqual([role, true]);
    }
    const marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
    expect((await marketing.get(`/admin/players/${player.id}`)).statusCode).toBe(403);
  });
});
