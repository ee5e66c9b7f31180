/**
 * KYC history (issue 40): the queue's tabs (waiting for review, waiting for the player, approved, rejected),
 * documents uploaded but not submitted shown as waiting for the player, each document accepted or rejected with a
 * reason (audited before/after), and every decision in the case's history; only reviewers decide.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { createApplicant, getAccessToken, submitVerification, uploadDocument } from '../applicants.ts';
import { kycDeps } from '../module.ts';

let t: TTestApp;
let support: Awaited<ReturnType<typeof signInOperator>>;
let supportEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  const operator = await makeOperator(t.app, 'support');
  supportEmail = operator.email;
  support = await signInOperator(t.app, t.clock, operator);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const KINDS = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;

/** A player who uploaded the four documents; `submit` also sends them for review. */
const uploader = async (submit: boolean) => {
  const { player } = await makePlayer(t.app);
  const deps = kycDeps(t.app.ctx);
  await createApplicant(deps, player.id);
  const { token } = await getAccessToken(deps, player.id, '');
  for (const kind of KINDS)
    await uploadDocument(deps, player.id, { token, kind, file: { filename: `${kind}.jpg`, data: JPEG } });
  if (submit) await submitVerification(deps, player.id, token);
  return { player, deps, token };
};
const inTab = async (tab: string, playerId: number) =>
  (await support.get(`/admin/kyc?tab=${tab}`)).body.includes(`data-kyc="${playerId}"`);
const docIds = (body: string) => [...body.matchAll(/data-doc-decision="([^"]+)"/g)].map((m) => m[1] ?? '');

describe('KYC history', () => {
  it('shows uploaded but unsubmitted documents as waiting for the player, then for review', async () => {
    const { player, deps, token } = await uploader(false);
    expect(await inTab('waiting', player.id)).toBe(true);
    expect(await inTab('pending', player.id)).toBe(false);
    const waiting = await support.get('/admin/kyc?tab=waiting');
    expect(waiting.body).toContain('4 not submitted');
    expect((await support.get(`/admin/kyc/${player.id}`)).body).toContain('not submitted yet');
    await submitVerification(deps, player.id, token);
    expect(await inTab('waiting', player.id)).toBe(false);
    expect(await inTab('pending', player.id)).toBe(true);
  });

  it('decides each document with its reason, keeps every decision, and files the case under its tab', async () => {
    const { player } = await uploader(true);
    const page = await support.get(`/admin/kyc/${player.id}`);
    const [front, back] = docIds(page.body);
    expect(docIds(page.body)).toHaveLength(4);
    const accepted = await support.post(`/admin/kyc/${player.id}/documents/${front}/accept`);
    expect(accepted.headers.location).toBe(`/admin/kyc/${player.id}?ok=kyc_document_accepted`);
    const noReason = await support.post(`/admin/kyc/${player.id}/documents/${back}/reject`, { reason: ' ' });
    expect(noReason.headers.location).toBe(`/admin/kyc/${player.id}?error=reason_requiredField`);
    const rejected = await support.post(`/admin/kyc/${player.id}/documents/${back}/reject`, {
      reason: 'The back is blurred',
    });
    expect(rejected.headers.location).toBe(`/admin/kyc/${player.id}?ok=kyc_document_rejected`);
    expect((await support.post(`/admin/kyc/${player.id}/documents/nope/accept`)).headers.location).toBe(
      `/admin/kyc/${player.id}?error=document_notFound`,
    );
    await support.post(`/admin/kyc/${player.id}/reject`, { reason: 'Upload a sharp photo of the back' });

    const shown = await support.get(`/admin/kyc/${player.id}`);
    const backDecision = shown.body.slice(shown.body.indexOf(`data-doc-decision="${back}"`));
    expect(backDecision).toContain('rejected');
    expect(backDecision).toContain('“The back is blurred”');
    const history = shown.body.slice(shown.body.indexOf('data-kyc-history'));
    expect(history).toContain('Verification rejected');
    expect(history).toContain('Upload a sharp photo of the back');
    expect(history).toContain('Document rejected');
    expect(history).toContain('The back is blurred');
    expect(history).toContain('Document accepted');
    expect(history).toContain(supportEmail);
    const [audit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(
        and(eq(operatorAudit.action, 'kyc.document.reject'), eq(operatorAudit.targetId, String(player.id))),
      );
    expect(audit).toMatchObject({
      before: { document: back, decision: null },
      after: { document: back, decision: 'rejected', reason: 'The back is blurred' },
    });

    expect(await inTab('rejected', player.id)).toBe(true);
    const rejectedTab = await support.get('/admin/kyc?tab=rejected');
    expect(rejectedTab.body).toContain('Upload a sharp photo of the back');
    expect(await inTab('pending', player.id)).toBe(false);

    const approved = await uploader(true);
    await support.post(`/admin/kyc/${approved.player.id}/approve`);
    expect(await inTab('verified', approved.player.id)).toBe(true);
  });

  it('lets only reviewers decide a document', async () => {
    const { player } = await uploader(true);
    const [doc] = docIds((await support.get(`/admin/kyc/${player.id}`)).body);
    for (const role of ['auditor', 'finance', 'marketing'] as const) {
      const client = await signInOperator(t.app, t.clock, await makeOperator(t.app, role));
      const r = await client.post(`/admin/kyc/${player.id}/documents/${doc}/accept`);
      expect([role, r.statusCode]).toEqual([role, 403]);
    }
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    const view = await auditor.get(`/admin/kyc/${player.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain('/accept"');
  });
});
