/** The back-office's loyalty points adjustment: reason required, a debit never below zero, once per form, audited. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { pointsAccount } from '../points.ts';

let t: TTestApp;
let finance: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  finance = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'finance'));
}, 180_000);
afterAll(() => t?.close());

const adjust = async (playerId: number, form: Record<string, string>) => {
  const page = await finance.get(`/admin/players/${playerId}`);
  const key = /name="key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const response = await finance.post(`/admin/players/${playerId}/loyalty-adjust`, { key, ...form });
  return { response, key, page };
};

describe('loyalty points adjustment', () => {
  it('credits with a reason, refuses a debit below zero or without a reason, writes once and audits', async () => {
    const { player } = await makePlayer(t.app);
    const first = await adjust(player.id, {
      direction: 'credit',
      points: '120.5',
      reason: 'Goodwill for the outage',
    });
    expect(first.page.body).toContain('Loyalty points');
    expect(first.response.headers.location).toBe(`/admin/players/${player.id}?ok=adjusted`);
    expect((await pointsAccount(t.app.ctx.db, player.id)).balance).toBe(12_050n);
    // The same form posted twice moves nothing more.
    await finance.post(`/admin/players/${player.id}/loyalty-adjust`, {
      key: first.key,
      direction: 'credit',
      points: '120.5',
      reason: 'Goodwill for the outage',
    });
    expect((await pointsAccount(t.app.ctx.db, player.id)).balance).toBe(12_050n);

    const noReason = await adjust(player.id, { direction: 'credit', points: '5', reason: ' ' });
    expect(noReason.response.headers.location).not.toContain('ok=adjusted');
    const overdraft = await adjust(player.id, {
      direction: 'debit',
      points: '500',
      reason: 'Correction of a bug',
    });
    expect(overdraft.response.headers.location).not.toContain('ok=adjusted');
    expect((await pointsAccount(t.app.ctx.db, player.id)).balance).toBe(12_050n);

    await adjust(player.id, { direction: 'debit', points: '20.5', reason: 'Correction of a bug' });
    expect((await pointsAccount(t.app.ctx.db, player.id)).balance).toBe(10_000n);
    const rows = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetType, 'player'), eq(operatorAudit.targetId, String(player.id))));
    expect(rows.map((r) => [r.action, r.before, r.after, r.reason])).toEqual([
      ['loyalty.points_credit', { points: 0 }, { points: 120.5 }, 'Goodwill for the outage'],
      ['loyalty.points_debit', { points: 120.5 }, { points: 100 }, 'Correction of a bug'],
    ]);
  });
});
