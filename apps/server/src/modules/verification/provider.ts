/**
 * The identity-verification provider behind the §7 calls "create applicant" and "get access token". Our own
 * provider keeps applicants in our database and issues HMAC-signed access tokens that the upload and submit
 * calls require; an outside provider (Sumsub, sumsub/provider.ts) fills the same interface with its API (its SDK
 * then takes the uploads and a webhook brings the decision). Which one a start uses: module.ts (providerFor).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TClock, TRandom } from '../../platform/providers.ts';

export interface TVerificationProvider {
  readonly name: string;
  /** Registers the player as an applicant; answers the provider's applicant id. */
  createApplicant(input: { playerId: number }): Promise<string>;
  /** A short-lived token for the applicant's document step. */
  createAccessToken(input: {
    playerId: number;
    applicantId: string;
    externalActionId: string;
  }): Promise<string>;
  /**
   * The applicant a token was issued for, or null when it is forged, someone else's or expired. Absent for a
   * provider whose own SDK takes the documents: our upload and submit calls then refuse.
   */
  verifyAccessToken?(token: string): { playerId: number; applicantId: string } | null;
}

export const ACCESS_TOKEN_TTL_MS = 30 * 60_000;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `kyc:${secret}`).update(payload).digest('base64url');

export const inhouseProvider = (secret: string, clock: TClock, random: TRandom): TVerificationProvider => ({
  name: 'inhouse',
  async createApplicant() {
    return random.bytes(12).toString('hex');
  },
  async createAccessToken({ playerId, applicantId, externalActionId }) {
    const expires = clock.now().getTime() + ACCESS_TOKEN_TTL_MS;
    const action = Buffer.from(externalActionId).toString('base64url');
    const payload = `${playerId}.${applicantId}.${expires}.${action}`;
    return `${payload}.${sign(secret, payload)}`;
  },
  verifyAccessToken(token) {
    const parts = token.split('.');
    if (parts.length !== 5) return null;
    const [playerId, applicantId, expires, , signature] = parts as [string, string, string, string, string];
    const expected = Buffer.from(sign(secret, parts.slice(0, 4).join('.')));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^\d+$/.test(playerId) || !/^\d+$/.test(expires)) return null;
    if (Number(expires) <= clock.now().getTime()) return null;
    return { playerId: Number(playerId), applicantId };
  },
});
