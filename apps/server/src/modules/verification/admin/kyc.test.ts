import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { findPlayerById } from '../../players/service.ts';
import { createApplicant, getAccessToken, submitVerification, uploadDocument } from '../applicants.ts';
import { kycDeps } from '../module.ts';

let t: TTestApp;
let support: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
});
afterAll(async () => {
  await t.close();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);

/** A player who uploaded the four documents and submitted them (through the verification services). */
const submittedPlayer = async () => {
  const { player } = await makePlayer(t.app);
  const deps = kycDeps(t.app.ctx);
  await createApplicant(deps, player.id);
  const { token } = await getAccessToken(deps, player.id, '');
  for (const [kind, data] of [
    ['id_front', JPEG],
    ['id_back', PNG],
    ['selfie', JPEG],
    ['proof_of_address', PNG],
  ] as const)
    await uploadDocument(deps, player.id, { token, kind, file: { filename: `${kind}.img`, data } });
  await submitVerification(deps, player.id, token);
  return player;
};

const auditOf = (playerId: number) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.targetType, 'kyc'), eq(operatorAudit.targetId, String(playerId))));

describe('the KYC review queue', () => {
  it('lists submitted players and shows their documents, served only behind the operator session', async () => {
    const player = await submittedPlayer();
    const queue = await support.get('/admin/kyc');
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain(`/admin/kyc/${player.id}`);
    const page = await support.get(`/admin/kyc/${player.id}`);
    expect(page.body).toContain('Identity document — front');
    expect(page.body).toContain('Proof of address');
    // The built-in review is the operator's own: no Sumsub notice, no override (ADR 073).
    expect(page.body).not.toContain('data-sumsub-case');
    expect(page.body).toContain('>Approve verification</button>');
    const urls = [...page.body.matchAll(/<img src="(\/admin\/kyc\/documents\/[^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(urls).toHaveLength(4);
    const image = await support.get(urls[0] ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // Without an operator session the document is not served.
    const anonymous = await t.app.inject({ method: 'GET', url: urls[0] ?? '' });
    expect(anonymous.statusCode).toBe(303);
    expect((await support.get('/admin/kyc/documents/not-a-document')).statusCode).toBe(404);
  });

  it('approves: the player becomes verified, the decision is audited, a second decision is refused', async () => {
    const player = await submittedPlayer();
    const r = await support.post(`/admin/kyc/${player.id}/approve`);
    expect(r.headers.location).toBe(`/admin/kyc/${player.id}?ok=kyc_approved`);
    const after = await findPlayerById(t.app.ctx.db, player.id);
    expect(after).toMatchObject({ isVerified: true, isOnVerification: false });
    const again = await support.post(`/admin/kyc/${player.id}/reject`, { reason: 'changed my mind' });
    expect(again.headers.location).toBe(`/admin/kyc/${player.id}?error=kyc_not_pending`);
    expect((await findPlayerById(t.app.ctx.db, player.id))?.isVerified).toBe(true);
    const audit = await auditOf(player.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'kyc.approve',
      before: { status: 'on_verification', documents: 4 },
      after: { status: 'verified' },
    });
    expect((await support.get('/admin/kyc')).body).not.toContain(`/admin/kyc/${player.id}"`);
  });

  it('rejects only with a reason, which the player then sees', async () => {
    const player = await submittedPlayer();
    const noReason = await support.post(`/admin/kyc/${player.id}/reject`, { reason: '' });
    expect(noReason.headers.location).toBe(`/admin/kyc/${player.id}?error=reason_requiredField`);
    expect((await findPlayerById(t.app.ctx.db, player.id))?.isOnVerification).toBe(true);
    const r = await support.post(`/admin/kyc/${player.id}/reject`, { reason: 'The selfie is blurred' });
    expect(r.headers.location).toBe(`/admin/kyc/${player.id}?ok=kyc_rejected`);
    expect(await findPlayerById(t.app.ctx.db, player.id)).toMatchObject({
      isVerified: false,
      isOnVerification: false,
    });
    const page = await support.get(`/admin/kyc/${player.id}`);
    expect(page.body).toContain('The selfie is blurred');
    expect((await auditOf(player.id))[0]).toMatchObject({
      action: 'kyc.reject',
      reason: 'The selfie is blurred',
    });
  });

  it("says a player has not started, links the player's page, and answers 404 when there is no such player", async () => {
    const { player } = await makePlayer(t.app);
    const page = await support.get(`/admin/kyc/${player.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This player has not started identity verification.');
    expect(page.body).toContain(`href="/admin/players/${player.id}"`);
    for (const id of ['abc', '0', '99999999'])
      expect((await support.get(`/admin/kyc/${id}`)).statusCode, id).toBe(404);
  });

  it('is closed to finance', async () => {
    const player = await submittedPlayer();
    const finance = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'finance'));
    expect((await finance.get('/admin/kyc')).statusCode).toBe(403);
    expect((await finance.post(`/admin/kyc/${player.id}/approve`)).statusCode).toBe(403);
    expect((await findPlayerById(t.app.ctx.db, player.id))?.isVerified).toBe(false);
  });
});
