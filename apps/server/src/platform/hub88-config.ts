/**
 * Hub88's configuration (modules/hub88, docs/decisions/060-hub88-aggregator.md): the Games API's address, our
 * operator id, our private key (signs our calls to Hub88) and Hub88's public key (verifies Hub88's calls to our
 * Wallet API). All four together turn the aggregator on; none leaves it off.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';

/** A PEM from the environment: trimmed, `\n` escapes allowed (one-line variables); '' is unset. */
const optionalPem = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim().replaceAll('\\n', '\n') : undefined));

export const HUB88_CONFIG = {
  /** Hub88's Operator API (the Games API), e.g. https://api.hub88.io; a local stand-in in tests and the demo. */
  HUB88_API_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim().replace(/\/+$/, '') : undefined))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Our operator id at Hub88 (an integer), sent with every Games API call. */
  HUB88_OPERATOR_ID: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  /** Our RSA private key (PEM): signs our Games API calls (X-Hub88-Signature). A secret. */
  HUB88_OPERATOR_PRIVATE_KEY: optionalPem,
  /** Hub88's RSA public key (PEM): verifies the X-Hub88-Signature of Hub88's calls to our Wallet API. */
  HUB88_PUBLIC_KEY: optionalPem,
  /** How often the catalogue is imported again from /operator/generic/v2/game/list (minutes). */
  HUB88_IMPORT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(360),
  /**
   * The demo's stand-in (modules/hub88/stand-in): its own private key, used only when the demo's parts are on and
   * HUB88_API_URL is this server's `/hub88-sim`. HUB88_PUBLIC_KEY is then its public key.
   */
  HUB88_SIM_PRIVATE_KEY: optionalPem,
};

type THub88Fields = {
  HUB88_API_URL?: string | undefined;
  HUB88_OPERATOR_ID?: number | undefined;
  HUB88_OPERATOR_PRIVATE_KEY?: string | undefined;
  HUB88_PUBLIC_KEY?: string | undefined;
};

const NAMES = [
  'HUB88_API_URL',
  'HUB88_OPERATOR_ID',
  'HUB88_OPERATOR_PRIVATE_KEY',
  'HUB88_PUBLIC_KEY',
] as const;

/** The aggregator is on: all four settings are there (hub88ConfigError refuses a start with only some). */
export const isHub88On = (config: THub88Fields) => NAMES.every((name) => config[name] !== undefined);

/** What is wrong with Hub88's settings for this start, or '' when they are all there and sound, or all absent. */
export const hub88ConfigError = (config: THub88Fields) => {
  const set = NAMES.filter((name) => config[name] !== undefined);
  if (set.length === 0) return '';
  if (set.length < NAMES.length)
    return `Invalid configuration: Hub88 needs all of ${NAMES.join(', ')}; missing ${NAMES.filter((n) => !set.includes(n)).join(', ')}`;
  try {
    createPrivateKey(config.HUB88_OPERATOR_PRIVATE_KEY ?? '');
  } catch {
    return 'Invalid configuration: HUB88_OPERATOR_PRIVATE_KEY is not a PEM private key';
  }
  try {
    createPublicKey(config.HUB88_PUBLIC_KEY ?? '');
  } catch {
    return 'Invalid configuration: HUB88_PUBLIC_KEY is not a PEM public key';
  }
  return '';
};
