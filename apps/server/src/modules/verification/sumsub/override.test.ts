/**
 * Whose KYC decision counts with Sumsub configured (ADR 073): every decision shows its source (Sumsub with its
 * answer and labels, or the operator); an operator's decision on a Sumsub case is an override that needs a reason,
 * is audited and holds against Sumsub's later webhooks until the player submits again (applicantPending). The
 * webhooks come from the Sumsub stand-in, signed as Sumsub signs them, to the app listening on a free port.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/database.ts';
import { SUMSUB_DEV_SECRETS } from '../../../platform/sumsub-config.ts';
import { signedInClient } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { startSumsubStandIn, type TSumsubStandIn } from './stand-in.ts';

const SETTINGS = {
  appToken: 'sbx:stand-in-app-token',
  secretKey: SUMSUB_DEV_SECRETS.SUMSUB_SECRET_KEY,
  levelName: 'basic-kyc-level',
  webhookSecret: SUMSUB_DEV_SECRETS.SUMSUB_WEBHOOK_SECRET,
};

let t: TTestApp;
let sumsub: TSumsubStandIn;
let support: Awaited<ReturnType<typeof signInOperator>>;
let supportEmail: string;
beforeAll(async () => {
  sumsub = await startSumsubStandIn(SETTINGS);
  t = await createTestApp({
    env: {
      SUMSUB_APP_TOKEN: SETTINGS.appToken,
      SUMSUB_SECRET_KEY: SETTINGS.secretKey,
      SUMSUB_LEVEL_NAME: SETTINGS.levelName,
      SUMSUB_WEBHOOK_SECRET: SETTINGS.webhookSecret,
      SUMSUB_BASE_URL: sumsub.url,
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sumsub.setWebhookTarget(`${address}/webhooks/sumsub`);
  const operator = await makeOperator(t.app, 'support');
  supportEmail = operator.email;
  support = await signInOperator(t.app, t.clock, operator);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await sumsub?.close();
});

/** Sumsub's createdAtMs, `minutes` from the app's clock (an override is made at the clock's now). */
const at = (minutes: number) =>
  new Date(t.clock.now().getTime() + minutes * 60_000).toISOString().replace('T', ' ').replace('Z', '');

/** A signed-in player with a Sumsub applicant. */
const sumsubPlayer = async () => {
  const made = await signedInClient(t.app);
  expect((await made.client.post('verification.createApplicant')).error).toBeNull();
  return { ...made, id: String(made.player.id) };
};

const flags = async (id: number) =>
  (
    await queryRows<{ is_verified: boolean; is_on_verification: boolean }>(
      t.app.ctx.db,
      sql`select is_verified, is_on_verification from players where id = ${id}`,
    )
  )[0];

const casePage = async (playerId: number) => (await support.get(`/admin/kyc/${playerId}`)).body;
const historyOf = (body: string) => body.slice(body.indexOf('data-kyc-history'));
const rowsOf = (body: string, source: 'sumsub' | 'operator') =>
  [...historyOf(body).matchAll(/<tr data-source="([a-z]+)">([\s\S]*?)<\/tr>/g)]
    .filter((m) => m[1] === source)
    .map((m) => m[2] ?? '');

describe('the source of each decision', () => {
  it("shows Sumsub's answer, reject type and labels as Sumsub's, on the case and in the queue", async () => {
    const { player, id } = await sumsubPlayer();
    const answer = await sumsub.review(id, 'RED', {
      rejectType: 'RETRY',
      comment: 'Blurry photo',
      rejectLabels: ['BAD_PROOF_OF_IDENTITY', 'SELFIE_MISMATCH'],
      createdAtMs: at(-60),
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, outcome: 'applied' } });
    const page = await casePage(player.id);
    expect(page).toContain('data-sumsub-case');
    expect(page).toContain('overrides Sumsub’s answer');
    expect(page).toMatch(/by <span data-reviewed-by>Sumsub<\/span>/);
    const [row, ...more] = rowsOf(page, 'sumsub');
    expect(more).toHaveLength(0);
    expect(row).toContain('Verification rejected');
    expect(row).toContain('Blurry photo');
    expect(row).toContain('<strong>Sumsub</strong>');
    expect(row).toContain('RED · RETRY · BAD_PROOF_OF_IDENTITY · SELFIE_MISMATCH');
    expect(row).not.toContain('not applied');
    const rejectedTab = (await support.get('/admin/kyc?tab=rejected')).body;
    const queueRow = rejectedTab.slice(rejectedTab.indexOf(`data-kyc="${player.id}"`));
    expect(queueRow.slice(0, queueRow.indexOf('</tr>'))).toContain('by Sumsub');
  });
});

describe("an operator's override", () => {
  it('needs a reason, says it overrides Sumsub, and is audited with before and after', async () => {
    const { player, id, client } = await sumsubPlayer();
    await sumsub.review(id, 'RED', {
      rejectType: 'FINAL',
      comment: 'Document expired',
      createdAtMs: at(-30),
    });
    // The approve form of a Sumsub case asks for the override's reason.
    const page = await casePage(player.id);
    expect(page).toContain('Approve, overriding Sumsub');
    expect(page).toMatch(/id="kyc-approve-reason" name="reason" required/);
    for (const reason of ['', ' ', 'ok'])
      expect((await support.post(`/admin/kyc/${player.id}/approve`, { reason })).headers.location).toBe(
        `/admin/kyc/${player.id}?error=reason_requiredField`,
      );
    expect(await flags(player.id)).toEqual({ is_verified: false, is_on_verification: false });

    const approved = await support.post(`/admin/kyc/${player.id}/approve`, {
      reason: 'Renewed passport checked on a video call',
    });
    expect(approved.headers.location).toBe(`/admin/kyc/${player.id}?ok=kyc_approved`);
    expect(await flags(player.id)).toEqual({ is_verified: true, is_on_verification: false });
    expect((await client.get('verification.get')).data).toMatchObject({ status: 'verified', reason: null });

    const after = await casePage(player.id);
    expect(after).toContain(`Overridden by ${supportEmail}`);
    expect(after).toContain('does not change the player’s status');
    expect(after).toMatch(/data-reviewed-by>[^<]*\(override of Sumsub\)/);
    const [override] = rowsOf(after, 'operator');
    expect(override).toContain('Verification approved');
    expect(override).toContain('override of Sumsub');
    expect(override).toContain('Renewed passport checked on a video call');
    expect(override).toContain(supportEmail);
    expect(rowsOf(after, 'sumsub')[0]).toContain('RED · FINAL');
    // Already verified: no second approve form, and a second approval is refused.
    expect(after).not.toContain(`action="/admin/kyc/${player.id}/approve"`);
    expect(
      (await support.post(`/admin/kyc/${player.id}/approve`, { reason: 'once more please' })).headers
        .location,
    ).toBe(`/admin/kyc/${player.id}?error=kyc_not_pending`);

    const audit = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetType, 'kyc'), eq(operatorAudit.targetId, String(player.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'kyc.override.approve',
      before: { status: 'rejected', decidedBy: 'sumsub', reason: 'Document expired' },
      after: { status: 'verified', override: true },
      reason: 'Renewed passport checked on a video call',
    });
  });

  it('rejects a player Sumsub approved, with the reason the player sees; a reject without one is refused', async () => {
    const { player, id, client } = await sumsubPlayer();
    await sumsub.review(id, 'GREEN', { createdAtMs: at(-30) });
    expect(await flags(player.id)).toEqual({ is_verified: true, is_on_verification: false });
    expect((await support.post(`/admin/kyc/${player.id}/reject`, { reason: '' })).headers.location).toBe(
      `/admin/kyc/${player.id}?error=reason_requiredField`,
    );
    const rejected = await support.post(`/admin/kyc/${player.id}/reject`, {
      reason: 'The same document is used by another account',
    });
    expect(rejected.headers.location).toBe(`/admin/kyc/${player.id}?ok=kyc_rejected`);
    expect(await flags(player.id)).toEqual({ is_verified: false, is_on_verification: false });
    expect((await client.get('verification.get')).data).toMatchObject({
      status: 'rejected',
      reason: 'The same document is used by another account',
    });
    const [audit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(
        and(eq(operatorAudit.action, 'kyc.override.reject'), eq(operatorAudit.targetId, String(player.id))),
      );
    expect(audit).toMatchObject({
      before: { status: 'verified', decidedBy: 'sumsub' },
      after: { status: 'rejected' },
    });
  });
});

describe("Sumsub's answers after an override", () => {
  it('are recorded in the history but do not change the status, until the player submits again', async () => {
    const { player, id, client } = await sumsubPlayer();
    await sumsub.review(id, 'GREEN', { createdAtMs: at(-30) });
    await support.post(`/admin/kyc/${player.id}/reject`, { reason: 'Fraud ring: shared device' });

    // Sumsub answers again (a GREEN after a re-check), and an older submission arrives late: neither changes it.
    const green = await sumsub.review(id, 'GREEN', { createdAtMs: at(5) });
    expect(green).toMatchObject({ status: 200, body: { ok: true, outcome: 'overridden' } });
    const latePending = await sumsub.submitted(id, { createdAtMs: at(-10) });
    expect(latePending.body).toEqual({ ok: true, outcome: 'overridden' });
    expect(await flags(player.id)).toEqual({ is_verified: false, is_on_verification: false });
    expect((await client.get('verification.get')).data).toMatchObject({
      status: 'rejected',
      reason: 'Fraud ring: shared device',
    });
    const held = await casePage(player.id);
    expect(held).toContain('Overridden by');
    const sumsubRows = rowsOf(held, 'sumsub');
    expect(sumsubRows).toHaveLength(3);
    expect(sumsubRows.filter((r) => r.includes('not applied'))).toHaveLength(2);
    const [outcomes] = await queryRows<{ n: unknown }>(
      t.app.ctx.db,
      sql`select count(*) as n from kyc_webhook_events where player_id = ${player.id} and outcome = 'overridden'`,
    );
    expect(Number(outcomes?.n)).toBe(2);

    // The player submits again in the WebSDK: Sumsub's new review decides again.
    const submitted = await sumsub.submitted(id, { createdAtMs: at(10) });
    expect(submitted.body).toEqual({ ok: true, outcome: 'applied' });
    expect(await flags(player.id)).toEqual({ is_verified: false, is_on_verification: true });
    const reopened = await casePage(player.id);
    expect(reopened).not.toContain('Overridden by');
    expect(reopened).toContain('Sumsub’s answers apply as they arrive');
    expect(rowsOf(reopened, 'sumsub')[0]).toContain('Submitted again: a new review by Sumsub');
    const decided = await sumsub.review(id, 'GREEN', { createdAtMs: at(15) });
    expect(decided.body).toEqual({ ok: true, outcome: 'applied' });
    expect(await flags(player.id)).toEqual({ is_verified: true, is_on_verification: false });
    expect((await client.get('verification.get')).data.status).toBe('verified');
  });
});

describe('permissions', () => {
  it('stay as they were: only reviewers decide, readers see the sources without the forms', async () => {
    const { player, id } = await sumsubPlayer();
    await sumsub.review(id, 'RED', { rejectType: 'RETRY', comment: 'Glare', createdAtMs: at(-5) });
    for (const role of ['auditor', 'finance', 'marketing'] as const) {
      const other = await signInOperator(t.app, t.clock, await makeOperator(t.app, role));
      for (const decision of ['approve', 'reject'])
        expect([
          role,
          decision,
          (await other.post(`/admin/kyc/${player.id}/${decision}`, { reason: 'Looks fine to me' }))
            .statusCode,
        ]).toEqual([role, decision, 403]);
    }
    expect(await flags(player.id)).toEqual({ is_verified: false, is_on_verification: false });
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    const view = await auditor.get(`/admin/kyc/${player.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('data-sumsub-case');
    expect(rowsOf(view.body, 'sumsub')[0]).toContain('RED · RETRY');
    expect(view.body).not.toContain(`action="/admin/kyc/${player.id}/approve"`);
  });
});
