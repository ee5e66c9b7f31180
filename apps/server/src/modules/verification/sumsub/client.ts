/**
 * Sumsub's API as its reference documents it (docs.sumsub.com/reference/authentication, create-applicants,
 * generate-access-token): every call carries X-App-Token, X-App-Access-Ts (Unix seconds) and X-App-Access-Sig,
 * the lowercase hex HMAC-SHA256, keyed with the app token's secret key, of ts + METHOD + path with its query +
 * the body's bytes. Applicants are created at a level with our player id as externalUserId; access tokens for
 * the WebSDK are asked with the body parameters (userId = externalUserId, levelName, ttlInSecs, and the
 * externalActionId the token is bound to when one is given).
 */
import { createHmac } from 'node:crypto';
import type { TClock } from '../../../platform/providers.ts';

export interface TSumsubSettings {
  appToken: string;
  secretKey: string;
  levelName: string;
  baseUrl: string;
}

/** The request signature: lowercase hex HMAC-SHA256 over ts + METHOD + path-with-query + body. */
export const signSumsubRequest = (
  secretKey: string,
  ts: string,
  method: string,
  pathWithQuery: string,
  body: string | Uint8Array,
) =>
  createHmac('sha256', secretKey)
    .update(`${ts}${method.toUpperCase()}${pathWithQuery}`)
    .update(body)
    .digest('hex');

/** A call Sumsub answered with an error: its HTTP status and the description / errorCode of its error body. */
export class SumsubApiError extends Error {
  readonly status: number;
  readonly description: string;
  readonly errorCode: number | null;

  constructor(status: number, description: string, errorCode: number | null) {
    super(`Sumsub answered ${status}: ${description}`);
    this.status = status;
    this.description = description;
    this.errorCode = errorCode;
  }
}

/** How long a WebSDK access token lives (the same 30 minutes as our own provider's). */
export const SUMSUB_TOKEN_TTL_SECONDS = 1800;

const CALL_TIMEOUT_MS = 10_000;

export const createSumsubClient = (settings: TSumsubSettings, clock: TClock) => {
  const call = async <T>(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<T> => {
    const ts = String(Math.floor(clock.now().getTime() / 1000));
    const raw = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'X-App-Token': settings.appToken,
      'X-App-Access-Ts': ts,
      'X-App-Access-Sig': signSumsubRequest(settings.secretKey, ts, method, pathWithQuery, raw),
    };
    if (raw) headers['content-type'] = 'application/json';
    const response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}${pathWithQuery}`, {
      method,
      headers,
      body: raw || undefined,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { description: text.slice(0, 200) };
    }
    if (!response.ok)
      throw new SumsubApiError(
        response.status,
        typeof json.description === 'string' ? json.description : response.statusText,
        typeof json.errorCode === 'number' ? json.errorCode : null,
      );
    return json as T;
  };

  const applicantByExternalId = (externalUserId: string) =>
    call<{ id: string }>(
      'GET',
      `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`,
    );

  return {
    /** Creates the applicant at the level (or, when Sumsub already has one for this externalUserId, finds it). */
    async createApplicant(externalUserId: string): Promise<string> {
      try {
        const created = await call<{ id?: unknown }>(
          'POST',
          `/resources/applicants?levelName=${encodeURIComponent(settings.levelName)}`,
          { externalUserId },
        );
        if (typeof created.id !== 'string' || created.id === '')
          throw new SumsubApiError(502, 'no applicant id', null);
        return created.id;
      } catch (error) {
        // 409: an applicant with this externalUserId exists (the WebSDK or an earlier call made it).
        if (error instanceof SumsubApiError && error.status === 409)
          return (await applicantByExternalId(externalUserId)).id;
        throw error;
      }
    },
    /** A WebSDK access token for the applicant of this externalUserId at the level. */
    async accessToken(externalUserId: string, externalActionId: string): Promise<string> {
      const answer = await call<{ token?: unknown }>('POST', '/resources/accessTokens/sdk', {
        userId: externalUserId,
        levelName: settings.levelName,
        ttlInSecs: SUMSUB_TOKEN_TTL_SECONDS,
        ...(externalActionId ? { externalActionId } : {}),
      });
      if (typeof answer.token !== 'string' || answer.token === '')
        throw new SumsubApiError(502, 'no token', null);
      return answer.token;
    },
  };
};
export type TSumsubClient = ReturnType<typeof createSumsubClient>;
