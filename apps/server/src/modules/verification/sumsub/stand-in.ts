/**
 * A stand-in for Sumsub (tests, journeys): node:http on a free port speaking the shapes Sumsub's reference
 * documents. Every call must carry the app token and a valid X-App-Access-Sig (401 with Sumsub's error body
 * otherwise, errorCode 4003 "app-token-signature mismatch"); it creates applicants at its one level (409 for
 * an externalUserId it already has, found again by GET /resources/applicants/-;externalUserId=…/one) and issues
 * WebSDK access tokens, recording each call. `review()` plays Sumsub's webhook: an applicantReviewed body signed
 * with the webhook secret (X-Payload-Digest, X-Payload-Digest-Alg) posted to the target; `submitted()` plays the
 * applicantPending Sumsub sends when the player submits documents in the WebSDK.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signSumsubRequest } from './client.ts';
import { sumsubDigest } from './webhook.ts';

export interface TStandInCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface TStandInOptions {
  appToken: string;
  secretKey: string;
  levelName: string;
  webhookSecret: string;
  /** Where webhooks go (e.g. `${server}/webhooks/sumsub`); settable later with `setWebhookTarget`. */
  webhookTarget?: string;
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const sumsubError = (code: number, description: string, errorCode?: number, errorName?: string) => ({
  description,
  code,
  correlationId: randomBytes(16).toString('hex'),
  ...(errorCode ? { errorCode, errorName } : {}),
});

export const startSumsubStandIn = async (options: TStandInOptions) => {
  const applicants = new Map<string, { id: string; externalUserId: string; levelName: string }>();
  const calls: TStandInCall[] = [];
  let webhookTarget = options.webhookTarget ?? '';
  let sent = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const raw = await readBody(request);
    const method = request.method ?? 'GET';
    const pathWithQuery = request.url ?? '/';
    const ts = String(request.headers['x-app-access-ts'] ?? '');
    const signature = String(request.headers['x-app-access-sig'] ?? '');
    if (request.headers['x-app-token'] !== options.appToken)
      return send(response, 401, sumsubError(401, 'App token is invalid', 4000, 'app-token-invalid'));
    if (
      !/^\d{9,11}$/.test(ts) ||
      signature !== signSumsubRequest(options.secretKey, ts, method, pathWithQuery, raw)
    )
      return send(
        response,
        401,
        sumsubError(401, 'Request signature mismatch', 4003, 'app-token-signature mismatch'),
      );
    let body: Record<string, unknown> = {};
    try {
      body = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      return send(response, 400, sumsubError(400, 'Invalid JSON'));
    }
    const url = new URL(pathWithQuery, 'http://stand-in');
    calls.push({ method, path: pathWithQuery, body });

    if (method === 'POST' && url.pathname === '/resources/applicants') {
      const levelName = url.searchParams.get('levelName') ?? '';
      const externalUserId = body.externalUserId;
      if (levelName !== options.levelName)
        return send(response, 404, sumsubError(404, `Level '${levelName}' not found`));
      if (typeof externalUserId !== 'string' || externalUserId === '')
        return send(response, 400, sumsubError(400, 'externalUserId is required'));
      const existing = applicants.get(externalUserId);
      if (existing)
        return send(
          response,
          409,
          sumsubError(
            409,
            `Applicant with external user id '${externalUserId}' already exists: ${existing.id}`,
          ),
        );
      const applicant = { id: randomBytes(12).toString('hex'), externalUserId, levelName };
      applicants.set(externalUserId, applicant);
      return send(response, 201, {
        id: applicant.id,
        createdAt: new Date().toISOString().replace('T', ' ').slice(0, 19),
        key: 'STANDIN',
        clientId: 'stand-in',
        inspectionId: randomBytes(12).toString('hex'),
        externalUserId,
        type: 'individual',
        review: { reviewId: randomBytes(4).toString('hex'), attemptCnt: 0, levelName, reviewStatus: 'init' },
      });
    }
    const byExternal = /^\/resources\/applicants\/-;externalUserId=([^/]+)\/one$/.exec(url.pathname);
    if (method === 'GET' && byExternal) {
      const applicant = applicants.get(decodeURIComponent(byExternal[1] ?? ''));
      return applicant
        ? send(response, 200, { id: applicant.id, externalUserId: applicant.externalUserId })
        : send(response, 404, sumsubError(404, 'Applicant not found'));
    }
    if (method === 'POST' && url.pathname === '/resources/accessTokens/sdk') {
      if (typeof body.userId !== 'string' || body.levelName !== options.levelName)
        return send(response, 400, sumsubError(400, 'userId and a known levelName are required'));
      return send(response, 200, {
        token: `_act-sbx-${randomBytes(16).toString('hex')}`,
        userId: body.userId,
      });
    }
    return send(response, 404, sumsubError(404, 'Not found'));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, sumsubError(500, 'stand-in failed')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Posts a webhook body as Sumsub does: signed with the webhook secret unless `digest` overrides it. */
  const postWebhook = async (
    payload: Record<string, unknown>,
    signing: { digest?: string; alg?: string; raw?: string } = {},
  ) => {
    const raw = signing.raw ?? JSON.stringify(payload);
    const alg = signing.alg ?? 'HMAC_SHA256_HEX';
    const response = await fetch(webhookTarget, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-payload-digest': signing.digest ?? sumsubDigest(options.webhookSecret, raw, alg),
        'x-payload-digest-alg': alg,
      },
      body: raw,
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown, raw };
  };

  const reviewPayload = (
    externalUserId: string,
    answer: 'GREEN' | 'RED',
    extra: {
      rejectType?: 'FINAL' | 'RETRY';
      comment?: string;
      createdAtMs?: string;
      rejectLabels?: string[];
    } = {},
  ): Record<string, unknown> => {
    const applicant = applicants.get(externalUserId);
    sent += 1;
    return {
      applicantId: applicant?.id ?? randomBytes(12).toString('hex'),
      inspectionId: randomBytes(12).toString('hex'),
      correlationId: `req-${randomBytes(8).toString('hex')}-${sent}`,
      externalUserId,
      levelName: options.levelName,
      type: 'applicantReviewed',
      reviewResult: {
        reviewAnswer: answer,
        ...(answer === 'RED'
          ? {
              reviewRejectType: extra.rejectType ?? 'RETRY',
              moderationComment: extra.comment ?? '',
              rejectLabels: extra.rejectLabels ?? ['BAD_PROOF_OF_IDENTITY'],
            }
          : {}),
      },
      reviewStatus: 'completed',
      // Sumsub's format ("2020-02-21 13:23:19.321", UTC), later for each body this stand-in makes.
      createdAtMs:
        extra.createdAtMs ?? new Date(Date.now() + sent).toISOString().replace('T', ' ').replace('Z', ''),
      sandboxMode: true,
    };
  };

  /** Sumsub's applicantPending body: the player submitted documents in the WebSDK, a review starts. */
  const pendingPayload = (externalUserId: string, extra: { createdAtMs?: string } = {}) => {
    sent += 1;
    return {
      applicantId: applicants.get(externalUserId)?.id ?? randomBytes(12).toString('hex'),
      inspectionId: randomBytes(12).toString('hex'),
      correlationId: `req-${randomBytes(8).toString('hex')}-${sent}`,
      externalUserId,
      levelName: options.levelName,
      type: 'applicantPending',
      reviewStatus: 'pending',
      createdAtMs:
        extra.createdAtMs ?? new Date(Date.now() + sent).toISOString().replace('T', ' ').replace('Z', ''),
      sandboxMode: true,
    };
  };

  return {
    url,
    calls,
    applicantOf: (externalUserId: string) => applicants.get(externalUserId),
    setWebhookTarget(target: string) {
      webhookTarget = target;
    },
    postWebhook,
    /** Sumsub's applicantReviewed body for this player: GREEN, or RED with FINAL or RETRY (unsigned). */
    reviewPayload,
    /** Plays Sumsub: posts the signed applicantReviewed to the webhook target. */
    review: (...args: Parameters<typeof reviewPayload>) => postWebhook(reviewPayload(...args)),
    pendingPayload,
    /** Plays Sumsub when the player submits again: posts the signed applicantPending to the webhook target. */
    submitted: (...args: Parameters<typeof pendingPayload>) => postWebhook(pendingPayload(...args)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type TSumsubStandIn = Awaited<ReturnType<typeof startSumsubStandIn>>;
