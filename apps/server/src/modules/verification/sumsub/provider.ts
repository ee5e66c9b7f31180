/**
 * Sumsub as the verification provider: the applicant is created at Sumsub with our player id as externalUserId,
 * the access token is Sumsub's WebSDK token (the site's verification page launches the WebSDK with it, and the
 * WebSDK takes the documents); there is no verifyAccessToken, so our own upload and submit calls refuse. The
 * decision comes back through the applicantReviewed webhook (webhook.ts).
 */
import { AppError } from '../../../platform/http/app-error.ts';
import type { TClock } from '../../../platform/providers.ts';
import type { TVerificationProvider } from '../provider.ts';
import { createSumsubClient, SumsubApiError, type TSumsubSettings } from './client.ts';

export const SUMSUB = 'sumsub';

/** Sumsub refused or could not be reached: the player gets an error to retry, the log gets Sumsub's words. */
const unavailable = (error: unknown) => {
  if (error instanceof SumsubApiError || (error instanceof Error && error.name === 'TimeoutError'))
    return new AppError('UnknownErrorException', { reason: 'verification_provider_failed' }, error.message);
  return error;
};

export const sumsubProvider = (settings: TSumsubSettings, clock: TClock): TVerificationProvider => {
  const client = createSumsubClient(settings, clock);
  return {
    name: SUMSUB,
    async createApplicant({ playerId }) {
      try {
        return await client.createApplicant(String(playerId));
      } catch (error) {
        throw unavailable(error);
      }
    },
    async createAccessToken({ playerId, externalActionId }) {
      try {
        return await client.accessToken(String(playerId), externalActionId);
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
};
