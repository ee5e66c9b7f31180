/**
 * Sumsub's configuration (modules/verification/sumsub, docs/decisions/061-sumsub.md): the app token and its
 * secret key sign our calls, the level names the verification steps, the webhook secret verifies Sumsub's
 * `X-Payload-Digest`. All four together turn Sumsub on; none leaves the built-in provider (the demo's only).
 */
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** The values a local stand-in uses (tests, journeys, development): published here, so refused in production. */
export const SUMSUB_DEV_SECRETS = {
  SUMSUB_SECRET_KEY: 'dev-sumsub-secret-key-change-me',
  SUMSUB_WEBHOOK_SECRET: 'dev-sumsub-webhook-secret-change-me',
} as const;

export const SUMSUB_CONFIG = {
  /** The app token made in Sumsub's dashboard (sent as X-App-Token). */
  SUMSUB_APP_TOKEN: optionalText,
  /** The app token's secret key: signs every call (X-App-Access-Sig). A secret. */
  SUMSUB_SECRET_KEY: optionalText,
  /** The verification level applicants are created at and tokens are issued for (e.g. basic-kyc-level). */
  SUMSUB_LEVEL_NAME: optionalText,
  /** The webhook's secret key set in Sumsub's webhook manager: verifies X-Payload-Digest. A secret. */
  SUMSUB_WEBHOOK_SECRET: optionalText,
  /** Sumsub's API; a local stand-in in tests. */
  SUMSUB_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.sumsub.com'),
  /**
   * The operator's rule: a withdrawal above this amount (minor units, e.g. 200000 = 2000.00) needs a verified
   * identity; with Sumsub on, the refusal is SumsubVerificationRequiredException and the site opens its flow.
   */
  KYC_WITHDRAWAL_THRESHOLD: z.coerce.number().int().min(0).default(200_000),
};

type TSumsubFields = {
  SUMSUB_APP_TOKEN?: string | undefined;
  SUMSUB_SECRET_KEY?: string | undefined;
  SUMSUB_LEVEL_NAME?: string | undefined;
  SUMSUB_WEBHOOK_SECRET?: string | undefined;
  SUMSUB_BASE_URL: string;
};

const NAMES = [
  'SUMSUB_APP_TOKEN',
  'SUMSUB_SECRET_KEY',
  'SUMSUB_LEVEL_NAME',
  'SUMSUB_WEBHOOK_SECRET',
] as const;

/** Sumsub is on: every one of its four settings is there (sumsubConfigError refuses a start with only some). */
export const isSumsubOn = (config: TSumsubFields) => NAMES.every((name) => config[name] !== undefined);

const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/** What is wrong with Sumsub's settings for this start, or '' (production: its own secrets, HTTPS). */
export const sumsubConfigError = (config: TSumsubFields, production: boolean) => {
  const set = NAMES.filter((name) => config[name] !== undefined);
  if (set.length === 0) return '';
  if (set.length < NAMES.length)
    return `Invalid configuration: Sumsub needs all of ${NAMES.join(', ')}; missing: ${NAMES.filter((n) => !set.includes(n)).join(', ')}`;
  if (!production) return '';
  const devValues = (['SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'] as const).filter(
    (name) => config[name] === SUMSUB_DEV_SECRETS[name] || (config[name]?.length ?? 0) < 16,
  );
  if (devValues.length > 0)
    return `Invalid configuration: ${devValues.join(', ')} must be the secret Sumsub's dashboard gave (at least 16 characters), not a development value`;
  if (new URL(config.SUMSUB_BASE_URL).protocol !== 'https:' && !isLoopback(config.SUMSUB_BASE_URL))
    return 'Invalid configuration: SUMSUB_BASE_URL must be https (Sumsub refuses plain HTTP)';
  return '';
};
