import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { getSetting, updateSetting } from '../metadata/settings-service.ts';
import { documentStoreFor } from './document-store.ts';
import { detectFileType } from './file-type.ts';
import { kycReview } from './module.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(50),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

type TClient = ReturnType<typeof apiClient>;

/** A multipart POST as a browser sends it: text fields and one file part. */
const upload = async (
  client: TClient,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) => {
  const boundary = '----kyc-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await client.send({
    method: 'POST',
    url: '/api/verification.uploadDocument?v=1&locale=en',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return { status: response.statusCode, ...(response.json() as { data: any; error: any }) };
};

const tokenOf = async (client: TClient) =>
  (await client.post('verification.getAccessToken')).data.token as string;

const uploadAll = async (client: TClient, token: string) => {
  for (const [kind, file] of [
    ['id_front', { name: 'front.jpg', type: 'image/jpeg', data: JPEG }],
    ['id_back', { name: 'back.png', type: 'image/png', data: PNG }],
    ['selfie', { name: 'me.webp', type: 'image/webp', data: WEBP }],
    ['proof_of_address', { name: 'bill.pdf', type: 'application/pdf', data: PDF }],
  ] as const) {
    const r = await upload(client, { token, kind }, file);
    expect(r.error).toBeNull();
  }
};

const setFlag = async (value: boolean) => {
  const site = (await getSetting(t.app.ctx.db, 'site-config')) as { features: Record<string, unknown> };
  await updateSetting(
    t.app.ctx.db,
    'site-config',
    { ...site, features: { ...site.features, isVerificationEnable: value } },
    t.clock.now(),
  );
};

describe('file types', () => {
  it('knows JPEG, PNG, WebP and PDF by their bytes only', () => {
    expect(detectFileType(JPEG)).toBe('image/jpeg');
    expect(detectFileType(PNG)).toBe('image/png');
    expect(detectFileType(WEBP)).toBe('image/webp');
    expect(detectFileType(PDF)).toBe('application/pdf');
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectFileType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });

  it('keeps documents in the shared file store under kyc/, refusing keys that climb out of it', async () => {
    const store = documentStoreFor(t.app.ctx.files);
    await store.put('12/abc-def.jpg', JPEG);
    expect(Buffer.from((await store.get('12/abc-def.jpg')) ?? []).equals(JPEG)).toBe(true);
    // Any instance reads it: it is in the store every instance shares, not in this one's DATA_DIR.
    expect(Buffer.from((await t.app.ctx.files.get('kyc/12/abc-def.jpg')) ?? []).equals(JPEG)).toBe(true);
    expect((await t.app.ctx.files.stat('kyc/12/abc-def.jpg'))?.size).toBe(JPEG.length);
    await expect(store.put('../escape.jpg', JPEG)).rejects.toThrow();
    await expect(store.get('12/../../etc.jpg')).rejects.toThrow();
    expect(await store.get('12/missing.jpg')).toBeNull();
    await store.remove('12/abc-def.jpg');
    expect(await t.app.ctx.files.get('kyc/12/abc-def.jpg')).toBeNull();
  });
});

describe('identity verification', () => {
  it('creates one applicant and issues access tokens for it', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.get('verification.get')).data).toMatchObject({
      status: 'none',
      applicant_id: null,
      missing: ['id_front', 'id_back', 'selfie', 'proof_of_address'],
    });
    const first = await client.post('verification.createApplicant');
    expect(first.data).toMatchObject({ provider: 'inhouse', status: 'none' });
    expect((await client.post('verification.createApplicant')).data.applicant_id).toBe(
      first.data.applicant_id,
    );
    const token = await client.post('verification.getAccessToken', { externalActionId: 'profile-page' });
    expect(token.data).toEqual({ token: expect.any(String) });
    expect((await apiClient(t.app).post('verification.getAccessToken')).error.type).toBe(
      'AuthorizationException',
    );
  });

  it('takes good uploads, refuses a disguised or oversized file and a foreign or expired token', async () => {
    const { client } = await signedInClient(t.app);
    const other = await signedInClient(t.app);
    const token = await tokenOf(client);
    const good = await upload(
      client,
      { token, kind: 'id_front' },
      { name: 'a.jpg', type: 'image/jpeg', data: JPEG },
    );
    expect(good.data.documents).toEqual([
      expect.objectContaining({
        kind: 'id_front',
        filename: 'a.jpg',
        mimetype: 'image/jpeg',
        size: JPEG.length,
      }),
    ]);
    // A text file named .jpg and sent as image/jpeg is still text.
    const disguised = await upload(
      client,
      { token, kind: 'id_back' },
      { name: 'b.jpg', type: 'image/jpeg', data: Buffer.from('#!/bin/sh\necho not an image\n') },
    );
    expect(disguised.error.error_data.invalid_parameters).toEqual({ file: 'wrongField' });
    // PDF is for the proof of address only.
    const pdfSelfie = await upload(
      client,
      { token, kind: 'selfie' },
      { name: 's.pdf', type: 'application/pdf', data: PDF },
    );
    expect(pdfSelfie.error.error_data.invalid_parameters).toEqual({ file: 'wrongField' });
    const big = Buffer.concat([JPEG, Buffer.alloc(8 * 1024 * 1024)]);
    const tooLarge = await upload(
      client,
      { token, kind: 'id_back' },
      { name: 'big.jpg', type: 'image/jpeg', data: big },
    );
    expect(tooLarge.error.error_data.invalid_parameters).toEqual({ file: 'maxLength' });
    const noFile = await upload(client, { token, kind: 'id_back' });
    expect(noFile.error.error_data.invalid_parameters).toEqual({ file: 'requiredField' });
    const badKind = await upload(
      client,
      { token, kind: 'passport' },
      { name: 'a.jpg', type: 'image/jpeg', data: JPEG },
    );
    expect(badKind.error.error_data.invalid_parameters).toEqual({ kind: 'wrongField' });
    // Another player's token, a forged one, an expired one.
    const foreign = await upload(
      client,
      { token: await tokenOf(other.client), kind: 'id_back' },
      { name: 'a.jpg', type: 'image/jpeg', data: JPEG },
    );
    expect(foreign.error.error_data.invalid_parameters).toEqual({ token: 'wrongField' });
    const forged = await upload(
      client,
      { token: `${token.slice(0, -2)}xx`, kind: 'id_back' },
      { name: 'a.jpg', type: 'image/jpeg', data: JPEG },
    );
    expect(forged.error.error_data.invalid_parameters).toEqual({ token: 'wrongField' });
    t.clock.advance(31 * 60_000);
    const expired = await upload(
      client,
      { token, kind: 'id_back' },
      { name: 'a.jpg', type: 'image/jpeg', data: JPEG },
    );
    expect(expired.error.error_data.invalid_parameters).toEqual({ token: 'wrongField' });
    expect((await client.get('verification.get')).data.documents).toHaveLength(1);
  });

  it('serves a document to its owner only; another player and a visitor get 404', async () => {
    const { client } = await signedInClient(t.app);
    const other = await signedInClient(t.app);
    const r = await upload(
      client,
      { token: await tokenOf(client), kind: 'selfie' },
      { name: 'me.png', type: 'image/png', data: PNG },
    );
    const url = r.data.documents[0].url as string;
    expect(url).toMatch(/^\/verification\/documents\/[0-9a-f-]{36}$/);
    const own = await client.send({ method: 'GET', url });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await other.client.send({ method: 'GET', url })).statusCode).toBe(404);
    expect((await apiClient(t.app).send({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await client.send({ method: 'GET', url: '/verification/documents/..%2F..%2Fetc' })).statusCode,
    ).toBe(404);
  });

  it('submits for review, and an operator rejects with a reason, then approves the new documents', async () => {
    const { client, player } = await signedInClient(t.app);
    const token = await tokenOf(client);
    await upload(client, { token, kind: 'id_front' }, { name: 'f.jpg', type: 'image/jpeg', data: JPEG });
    const early = await client.post('verification.submit', { token });
    expect(early.error.error_data.invalid_parameters).toEqual({
      id_back: 'requiredField',
      selfie: 'requiredField',
      proof_of_address: 'requiredField',
    });
    await uploadAll(client, token);
    const submitted = await client.post('verification.submit', { token });
    expect(submitted.data).toMatchObject({ status: 'on_verification', missing: [] });
    expect((await client.get('account.getInfo')).data).toMatchObject({
      is_on_verification: true,
      is_verified: false,
    });
    // Documents are frozen while on verification.
    const frozen = await upload(
      client,
      { token, kind: 'selfie' },
      { name: 'x.png', type: 'image/png', data: PNG },
    );
    expect(frozen.error).toEqual({
      type: 'AccessDeniedException',
      error_data: { reason: 'verification_on_verification' },
    });

    const queue = await kycReview.queue(t.app.ctx);
    const mine = queue.find((c) => c.playerId === player.id);
    expect(mine?.documents.map((d) => d.kind).sort()).toEqual([
      'id_back',
      'id_front',
      'proof_of_address',
      'selfie',
    ]);
    expect(mine?.documents[0]?.url).toMatch(/^\/admin\/kyc\/documents\//);
    const front = mine?.documents.find((d) => d.kind === 'id_front');
    const bytes = await kycReview.document(t.app.ctx, front?.id ?? '');
    expect(bytes?.mimetype).toBe('image/jpeg');
    expect(Buffer.from(bytes?.data ?? []).equals(JPEG)).toBe(true);

    await expect(kycReview.reject(t.app.ctx, player.id, '  ', 'op@example.com')).rejects.toMatchObject({
      type: 'InvalidParameterException',
    });
    await kycReview.reject(t.app.ctx, player.id, 'The selfie is blurred', 'op@example.com');
    expect((await client.get('verification.get')).data).toMatchObject({
      status: 'rejected',
      reason: 'The selfie is blurred',
    });
    expect((await client.get('account.getInfo')).data).toMatchObject({
      is_on_verification: false,
      is_verified: false,
    });
    expect((await kycReview.queue(t.app.ctx)).some((c) => c.playerId === player.id)).toBe(false);
    await expect(kycReview.approve(t.app.ctx, player.id, 'op@example.com')).rejects.toMatchObject({
      type: 'AccessDeniedException',
    });

    const again = await upload(
      client,
      { token, kind: 'selfie' },
      { name: 'sharp.png', type: 'image/png', data: PNG },
    );
    expect(again.data.documents.find((d: { kind: string }) => d.kind === 'selfie').filename).toBe(
      'sharp.png',
    );
    await client.post('verification.submit', { token });
    await kycReview.approve(t.app.ctx, player.id, 'op@example.com');
    expect((await client.get('verification.get')).data).toMatchObject({ status: 'verified', reason: null });
    expect((await client.get('account.getInfo')).data).toMatchObject({
      is_on_verification: false,
      is_verified: true,
    });
    expect((await kycReview.get(t.app.ctx, player.id))?.status).toBe('verified');
  });

  it('is gated by isVerificationEnable', async () => {
    const { client } = await signedInClient(t.app);
    await setFlag(false);
    try {
      for (const call of ['verification.createApplicant', 'verification.getAccessToken']) {
        const r = await client.post(call);
        expect(r.status).toBe(403);
        expect(r.error).toEqual({
          type: 'AccessDeniedException',
          error_data: { reason: 'feature_disabled', feature: 'isVerificationEnable' },
        });
      }
      expect((await client.get('verification.get')).error.type).toBe('AccessDeniedException');
    } finally {
      await setFlag(true);
    }
    expect((await client.get('verification.get')).error).toBeNull();
  });
});
