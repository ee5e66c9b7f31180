/**
 * Sumsub as the provider, against a stand-in speaking Sumsub's documented shapes (stand-in.ts): signed calls,
 * applicants with our player id as externalUserId, WebSDK tokens with externalActionId, the applicantReviewed
 * webhook and its digest, replays, late decisions, and the withdrawal rule's SumsubVerificationRequiredException.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../../platform/config.ts';
import { queryRows } from '../../../platform/db/database.ts';
import { fixedClock } from '../../../platform/providers.ts';
import { requiredSecrets } from '../../../platform/secrets.ts';
import { SUMSUB_DEV_SECRETS } from '../../../platform/sumsub-config.ts';
import { signedInClient } from '../../../test/factories.ts';
import { createTestApp, TEST_NOW, type TTestApp } from '../../../test/test-app.ts';
import { confirmContacts } from '../../cashier/cashier-test-helpers.ts';
import { kycThreshold } from '../../cashier/settings.ts';
import { providerFor } from '../module.ts';
import { createSumsubClient, SumsubApiError, signSumsubRequest } from './client.ts';
import { startSumsubStandIn, type TSumsubStandIn } from './stand-in.ts';
import { sumsubDigest } from './webhook.ts';

const SETTINGS = {
  appToken: 'sbx:stand-in-app-token',
  secretKey: SUMSUB_DEV_SECRETS.SUMSUB_SECRET_KEY,
  levelName: 'basic-kyc-level',
  webhookSecret: SUMSUB_DEV_SECRETS.SUMSUB_WEBHOOK_SECRET,
};

let t: TTestApp;
let sumsub: TSumsubStandIn;
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
});
afterAll(async () => {
  await t?.close();
  await sumsub?.close();
});

/** Posts a body to the webhook as Sumsub does (signed unless told otherwise). */
const webhook = async (
  payload: Record<string, unknown>,
  headers: Record<string, string> | null = null,
  raw = JSON.stringify(payload),
) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/webhooks/sumsub',
    headers: headers ?? {
      'content-type': 'application/json',
      'x-payload-digest': sumsubDigest(SETTINGS.webhookSecret, raw),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() as { ok: boolean; outcome?: string } };
};

const playerFlags = async (id: number) =>
  (
    await queryRows<{ is_verified: boolean; is_on_verification: boolean }>(
      t.app.ctx.db,
      sql`select is_verified, is_on_verification from players where id = ${id}`,
    )
  )[0];

/** A signed-in player with a Sumsub applicant. */
const applicantPlayer = async () => {
  const made = await signedInClient(t.app);
  const created = await made.client.post('verification.createApplicant');
  expect(created.error).toBeNull();
  return made;
};

describe('Sumsub requests', () => {
  it('signs as documented: hex HMAC-SHA256 of ts + METHOD + path with query + body', () => {
    const body = '{"externalUserId":"42"}';
    const path = '/resources/applicants?levelName=basic-kyc-level';
    const signature = signSumsubRequest('secret', '1700000000', 'post', path, body);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signature).toBe(signSumsubRequest('secret', '1700000000', 'POST', path, Buffer.from(body)));
    expect(signature).not.toBe(signSumsubRequest('secret', '1700000001', 'POST', path, body));
    expect(signature).not.toBe(signSumsubRequest('secret', '1700000000', 'POST', `${path}x`, body));
  });

  it('a call signed with the wrong secret is refused by Sumsub (the stand-in checks every signature)', async () => {
    const forged = createSumsubClient(
      { ...SETTINGS, secretKey: 'not-the-secret-key', baseUrl: sumsub.url },
      fixedClock(TEST_NOW),
    );
    const refused = await forged.createApplicant('999999').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SumsubApiError);
    expect(refused).toMatchObject({ status: 401, errorCode: 4003 });
  });

  it('creates the applicant at the level with the player id as externalUserId, once', async () => {
    const { client, player } = await signedInClient(t.app);
    const before = sumsub.calls.length;
    const first = await client.post('verification.createApplicant');
    expect(first.error).toBeNull();
    const applicant = sumsub.applicantOf(String(player.id));
    expect(first.data).toEqual({ applicant_id: applicant?.id, provider: 'sumsub', status: 'none' });
    expect(sumsub.calls.slice(before)).toEqual([
      {
        method: 'POST',
        path: '/resources/applicants?levelName=basic-kyc-level',
        body: { externalUserId: String(player.id) },
      },
    ]);
    expect((await client.post('verification.createApplicant')).data).toEqual(first.data);
    expect(sumsub.calls.length).toBe(before + 1);
    expect((await client.get('verification.get')).data).toMatchObject({
      status: 'none',
      provider: 'sumsub',
      applicant_id: applicant?.id,
      reject_type: null,
    });
  });

  it('finds the applicant Sumsub already has for the player (409) instead of failing', async () => {
    const { player } = await signedInClient(t.app);
    const provider = providerFor(t.app.ctx);
    const id = await provider?.createApplicant({ playerId: player.id });
    // Our row is gone (e.g. the WebSDK made the applicant first): Sumsub answers 409, the client looks it up.
    expect(await provider?.createApplicant({ playerId: player.id })).toBe(id);
    expect(sumsub.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/resources/applicants/-;externalUserId=${player.id}/one`,
    });
  });

  it('issues a WebSDK access token, bound to externalActionId when one is asked', async () => {
    const { client, player } = await applicantPlayer();
    const withAction = await client.post('verification.getAccessToken', { externalActionId: 'withdrawal-7' });
    expect(withAction.error).toBeNull();
    expect(withAction.data.token).toMatch(/^_act-/);
    expect(sumsub.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/resources/accessTokens/sdk',
      body: {
        userId: String(player.id),
        levelName: 'basic-kyc-level',
        ttlInSecs: 1800,
        externalActionId: 'withdrawal-7',
      },
    });
    await client.post('verification.getAccessToken');
    expect(sumsub.calls.at(-1)?.body).toEqual({
      userId: String(player.id),
      levelName: 'basic-kyc-level',
      ttlInSecs: 1800,
    });
  });

  it('leaves the documents to the WebSDK: our upload and submit refuse', async () => {
    const { client } = await applicantPlayer();
    const submit = await client.post('verification.submit', { token: '_act-anything' });
    expect(submit.error).toEqual({
      type: 'AccessDeniedException',
      error_data: { reason: 'verification_by_provider', provider: 'sumsub' },
    });
  });
});

describe('the applicantReviewed webhook', () => {
  it('GREEN verifies the player', async () => {
    const { client, player } = await applicantPlayer();
    const answer = await webhook(sumsub.reviewPayload(String(player.id), 'GREEN'));
    expect(answer).toEqual({ status: 200, body: { ok: true, outcome: 'applied' } });
    expect((await client.get('verification.get')).data).toMatchObject({
      status: 'verified',
      reason: null,
      reject_type: null,
    });
    expect(await playerFlags(player.id)).toEqual({ is_verified: true, is_on_verification: false });
  });

  it('RED + RETRY asks for new documents; RED + FINAL rejects for good', async () => {
    const retry = await applicantPlayer();
    await webhook(
      sumsub.reviewPayload(String(retry.player.id), 'RED', { rejectType: 'RETRY', comment: 'Blurry photo' }),
    );
    expect((await retry.client.get('verification.get')).data).toMatchObject({
      status: 'rejected',
      reason: 'Blurry photo',
      reject_type: 'retry',
    });
    expect(await playerFlags(retry.player.id)).toEqual({ is_verified: false, is_on_verification: false });

    const final = await applicantPlayer();
    await webhook(sumsub.reviewPayload(String(final.player.id), 'RED', { rejectType: 'FINAL' }));
    expect((await final.client.get('verification.get')).data).toMatchObject({
      status: 'rejected',
      reject_type: 'final',
    });
  });

  it('applicantPending puts the player on verification', async () => {
    const { client, player } = await applicantPlayer();
    const applicantId = sumsub.applicantOf(String(player.id))?.id;
    const answer = await webhook({
      applicantId,
      externalUserId: String(player.id),
      type: 'applicantPending',
      reviewStatus: 'pending',
      createdAtMs: '2026-11-21 12:00:00.000',
    });
    expect(answer.body.outcome).toBe('applied');
    expect((await client.get('verification.get')).data.status).toBe('on_verification');
    expect(await playerFlags(player.id)).toEqual({ is_verified: false, is_on_verification: true });
  });

  it('refuses a bad, missing or unknown-algorithm digest and changes nothing', async () => {
    const { client, player } = await applicantPlayer();
    const payload = sumsub.reviewPayload(String(player.id), 'GREEN');
    const raw = JSON.stringify(payload);
    const forged = sumsubDigest('someone-elses-secret', raw);
    const refusedHeaders: Record<string, string>[] = [
      {
        'content-type': 'application/json',
        'x-payload-digest': forged,
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      },
      { 'content-type': 'application/json' },
      {
        'content-type': 'application/json',
        'x-payload-digest': sumsubDigest(SETTINGS.webhookSecret, raw),
        'x-payload-digest-alg': 'MD5_HEX',
      },
    ];
    for (const headers of refusedHeaders) expect((await webhook(payload, headers)).status).toBe(401);
    // The body changed after signing (a GREEN written over a RED) is refused too.
    const red = JSON.stringify(sumsub.reviewPayload(String(player.id), 'RED', { rejectType: 'FINAL' }));
    const tampered = await webhook(payload, {
      'content-type': 'application/json',
      'x-payload-digest': sumsubDigest(SETTINGS.webhookSecret, red),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    });
    expect(tampered.status).toBe(401);
    expect((await client.get('verification.get')).data.status).toBe('none');
    // SHA-512, the other algorithm Sumsub's webhook manager offers, is accepted.
    const sha512 = await webhook(payload, {
      'content-type': 'application/json',
      'x-payload-digest': sumsubDigest(SETTINGS.webhookSecret, raw, 'HMAC_SHA512_HEX'),
      'x-payload-digest-alg': 'HMAC_SHA512_HEX',
    });
    expect(sha512.body.outcome).toBe('applied');
    expect((await client.get('verification.get')).data.status).toBe('verified');
  });

  it('applies a replay once and never lets an older decision undo a newer one', async () => {
    const { client, player } = await applicantPlayer();
    const green = sumsub.reviewPayload(String(player.id), 'GREEN', {
      createdAtMs: '2026-11-21 12:00:00.000',
    });
    const red = sumsub.reviewPayload(String(player.id), 'RED', {
      rejectType: 'FINAL',
      createdAtMs: '2026-11-21 12:05:00.000',
    });
    expect((await webhook(green)).body.outcome).toBe('applied');
    expect((await webhook(green)).body).toEqual({ ok: true, outcome: 'replay' });
    // A later RED (a fraudster found after approval) wins; the GREEN resent with a new correlation id is stale.
    expect((await webhook(red)).body.outcome).toBe('applied');
    expect((await webhook({ ...green, correlationId: 'req-resent' })).body.outcome).toBe('stale');
    expect((await webhook(green)).body.outcome).toBe('replay');
    expect((await client.get('verification.get')).data).toMatchObject({
      status: 'rejected',
      reject_type: 'final',
    });
    expect(await playerFlags(player.id)).toEqual({ is_verified: false, is_on_verification: false });
    const [events] = await queryRows<{ n: unknown }>(
      t.app.ctx.db,
      sql`select count(*) as n from kyc_webhook_events where player_id = ${player.id}`,
    );
    expect(Number(events?.n)).toBe(3);
  });

  it('acknowledges what it cannot use (an unknown applicant, another event type, a non-object body)', async () => {
    const unknown = await webhook({
      applicantId: 'ffffffffffffffffffffffff',
      externalUserId: 'someone-else',
      type: 'applicantReviewed',
      reviewResult: { reviewAnswer: 'GREEN' },
    });
    expect(unknown).toEqual({ status: 200, body: { ok: true, outcome: 'unknown_applicant' } });
    expect((await webhook({ type: 'applicantCreated', applicantId: 'x' })).body.outcome).toBe('ignored');
    expect((await webhook({}, null, '[1,2]')).status).toBe(400);
  });
});

describe('the withdrawal rule', () => {
  const card = {
    method: 'card',
    'requisites[card_holder]': 'Jane Doe',
    'requisites[card_number]': '4242 4242 4242 4242',
  };

  it('asks an unverified player for Sumsub verification over the threshold, and lets them through once GREEN', async () => {
    const { client, player } = await applicantPlayer();
    await confirmContacts(t.app, player.id);
    const refused = await client.post('cashier.makewithdrawal', { ...card, amount: '2000.01' });
    expect(refused.error).toEqual({
      type: 'SumsubVerificationRequiredException',
      error_data: { link: '/profile/verification', show: true, threshold: 2000 },
    });
    // At or under the threshold the rule does not apply (the player simply has no money).
    const small = await client.post('cashier.makewithdrawal', { ...card, amount: '30' });
    expect(small.error?.type).toBe('WithdrawalDeclinedException');
    await webhook(sumsub.reviewPayload(String(player.id), 'GREEN'));
    const after = await client.post('cashier.makewithdrawal', { ...card, amount: '2000.01' });
    expect(after.error?.type).toBe('WithdrawalDeclinedException');
  });
});

describe('configuration', () => {
  const sumsubEnv = {
    SUMSUB_APP_TOKEN: 'prd:token',
    SUMSUB_SECRET_KEY: 'a-real-secret-key-from-the-dashboard',
    SUMSUB_LEVEL_NAME: 'basic-kyc-level',
    SUMSUB_WEBHOOK_SECRET: 'a-real-webhook-secret-from-sumsub',
  };

  it('needs all four settings, and in production secrets of its own over HTTPS', () => {
    expect(() => testConfig({ SUMSUB_APP_TOKEN: 'x' })).toThrow(/missing: SUMSUB_SECRET_KEY/);
    expect(testConfig(sumsubEnv).SUMSUB_BASE_URL).toBe('https://api.sumsub.com');
    // The withdrawal rule's threshold is the operator's: minor units, 2000.00 unless set.
    expect(kycThreshold(testConfig())).toBe(200_000n);
    expect(kycThreshold(testConfig({ KYC_WITHDRAWAL_THRESHOLD: '50000' }))).toBe(50_000n);
    expect(() => testConfig({ KYC_WITHDRAWAL_THRESHOLD: '-1' })).toThrow(/KYC_WITHDRAWAL_THRESHOLD/);
    const production = (env: Record<string, string>) => () =>
      loadConfig({ ...productionEnv(), ...sumsubEnv, ...env });
    expect(production({})).not.toThrow();
    expect(production({ SUMSUB_SECRET_KEY: SUMSUB_DEV_SECRETS.SUMSUB_SECRET_KEY })).toThrow(
      /SUMSUB_SECRET_KEY/,
    );
    expect(production({ SUMSUB_WEBHOOK_SECRET: 'short' })).toThrow(/SUMSUB_WEBHOOK_SECRET/);
    expect(production({ SUMSUB_BASE_URL: 'http://sumsub.example' })).toThrow(/https/);
    expect(production({ SUMSUB_BASE_URL: 'http://127.0.0.1:9999' })).not.toThrow();
  });

  it('uses the built-in provider only in the demo: production without Sumsub has none', () => {
    const clockAndRandom = t.app.ctx.providers;
    const config = (env: Record<string, string>) => loadConfig({ ...productionEnv(), ...env });
    expect(providerFor({ config: config({}), providers: clockAndRandom })).toBeNull();
    expect(
      providerFor({ config: config({ DEMO_MODE: '1', ...demoSecrets }), providers: clockAndRandom })?.name,
    ).toBe('inhouse');
    expect(providerFor({ config: config(sumsubEnv), providers: clockAndRandom })?.name).toBe('sumsub');
  });
});

const demoSecrets = {
  DEMO_OPERATOR_PASSWORD: 'a-demo-operator-password',
  DEMO_OPERATOR_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
};

/** A production start's required settings, none of them a development value (as the journeys make them). */
const productionEnv = () => ({
  ...Object.fromEntries(
    requiredSecrets(false).map((secret) => [
      secret.name,
      `p-${secret.name.toLowerCase()}-0123456789abcdef0123456789`,
    ]),
  ),
  TOTP_ENCRYPTION_KEY: `p1:${Buffer.alloc(32, 'p').toString('base64')}`,
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://casino.example.com',
});
