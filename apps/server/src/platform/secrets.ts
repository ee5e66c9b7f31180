/**
 * The secrets of a deployment: each signs or seals something an attacker could forge with a value published in
 * this repository. Outside production they default to those development values; a production start (demo or
 * not, on either database) refuses while one is missing or still its development value.
 */
import { randomBytes } from 'node:crypto';
import { Secret } from 'otpauth';

export interface TSecret {
  name: string;
  /** The published development value: what the variable defaults to outside production. */
  devValue: string;
  /** How an operator makes one, for the error message and the README. */
  howToMake: string;
  /** Makes one (the demo's `npm run setup` writes them into DATA_DIR on its first start). */
  make: () => string;
  /** Only the demo needs it (its operator's sign-in). */
  demoOnly?: boolean;
  /** Not needed to start (a feature is off without it); when set, not its development value. */
  optional?: boolean;
}

const hex32 = () => randomBytes(32).toString('hex');
/** The development TOTP key: its id `dev` marks it, whatever bytes follow. */
export const DEV_TOTP_KEY = `dev:${Buffer.alloc(32, 'dev-totp-key').toString('base64')}`;

export const SECRETS: TSecret[] = [
  {
    name: 'SESSION_SECRET',
    devValue: 'dev-session-secret-change-me-in-production',
    howToMake: '$(openssl rand -hex 32)',
    make: hex32,
  },
  {
    name: 'WALLET_HMAC_SECRET',
    devValue: 'dev-wallet-secret-change-me-in-production',
    howToMake: '$(openssl rand -hex 32)',
    make: hex32,
  },
  {
    name: 'TOTP_ENCRYPTION_KEY',
    devValue: DEV_TOTP_KEY,
    howToMake: '"k1:$(openssl rand -base64 32)"',
    make: () => `k1:${randomBytes(32).toString('base64')}`,
  },
  {
    name: 'SPORTSBOOK_FEED_SECRET',
    devValue: 'dev-sportsbook-feed-secret-change-me',
    howToMake: '$(openssl rand -hex 32)',
    make: hex32,
  },
  {
    name: 'CONTENT_JWT_SECRET',
    devValue: 'dev-content-jwt-secret-change-me-in-production',
    howToMake: '$(openssl rand -hex 32)',
    make: hex32,
  },
  {
    name: 'DEMO_OPERATOR_PASSWORD',
    devValue: 'demo-admin-password',
    howToMake: '$(openssl rand -hex 12)',
    make: () => randomBytes(12).toString('hex'),
    demoOnly: true,
  },
  {
    name: 'DEMO_OPERATOR_TOTP_SECRET',
    devValue: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    howToMake: '$(openssl rand 20 | base32)',
    make: () => new Secret({ size: 20 }).base32,
    demoOnly: true,
  },
  {
    // Reads the metrics (GET /metrics): off while unset, in production never the value the README shows.
    name: 'METRICS_TOKEN',
    devValue: 'dev-metrics-token-change-me',
    howToMake: '$(openssl rand -hex 32)',
    make: hex32,
    optional: true,
  },
];

const isDevValue = (secret: TSecret, value: string) =>
  value === secret.devValue || (secret.name === 'TOTP_ENCRYPTION_KEY' && value.startsWith('dev:'));

/** The secrets this start needs (the demo's operator too when it is a demo). */
export const requiredSecrets = (demo: boolean) => SECRETS.filter((s) => !s.optional && (demo || !s.demoOnly));

/** The optional secrets the environment sets to their development value: refused in production like a missing one. */
export const weakOptionalSecrets = (env: Record<string, string | undefined>) =>
  SECRETS.filter((s) => s.optional && isDevValue(s, env[s.name]?.trim() ?? ''));

/** Those of `requiredSecrets` that the environment leaves unset, empty or at their development value. */
export const missingSecrets = (env: Record<string, string | undefined>, demo: boolean) =>
  requiredSecrets(demo).filter((s) => {
    const value = env[s.name]?.trim() ?? '';
    return value === '' || isDevValue(s, value);
  });

export const missingSecretsMessage = (missing: TSecret[]) =>
  [
    'Invalid configuration: a production start needs its own secrets; these are missing or still the development',
    'values published in this repository:',
    ...missing.map((s) => `  ${s.name}  (e.g. export ${s.name}=${s.howToMake})`),
    'Set each one the same on every instance and keep them out of the repository. The demo (npm run setup) makes',
    'its own into DATA_DIR/demo-secrets.env.',
  ].join('\n');
