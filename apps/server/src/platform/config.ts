/** Configuration from the environment, validated once at boot; a bad value stops the start with a clear message. */
import { z } from 'zod';

/** An exact origin: scheme, host and optional port, nothing else (no path, no wildcard). */
const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    // Named hosts only: a wildcard would be read by browsers as a CSP pattern.
    return /^https?:$/.test(url.protocol) && url.origin === value && /^[a-z0-9.-]+$/.test(url.hostname);
  } catch {
    return false;
  }
};

export interface TEncryptionKey {
  id: string;
  key: Buffer;
}

const ZEncryptionKey = z.string().transform((value, ctx): TEncryptionKey => {
  const match = /^([A-Za-z0-9_-]{1,32}):(.+)$/.exec(value);
  const key = match ? Buffer.from(match[2] ?? '', 'base64') : Buffer.alloc(0);
  if (!match || key.length !== 32) {
    ctx.addIssue({ code: 'custom', message: 'expected <key id>:<32 bytes in base64>' });
    return z.NEVER;
  }
  return { id: match[1] ?? '', key };
});

/** The development key: public in this repository; its id `dev` is refused in production. */
const DEV_TOTP_KEY = `dev:${Buffer.alloc(32, 'dev-totp-key').toString('base64')}`;

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /**
   * The site's public address. Without it (development, a first start on any port) links follow the address
   * each request came in on (platform/public-url.ts); production refuses to start without it. '' is unset.
   */
  PUBLIC_URL: z.string().url().or(z.literal('')).default(''),
  SESSION_SECRET: z.string().min(16).default('dev-session-secret-change-me-in-production'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Casino <no-reply@localhost>'),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  /**
   * The built-in sandbox OpenID Connect provider (/sandbox-oidc) and its social sign-in button: `auto` is on
   * except in a production deployment (NODE_ENV=production on PostgreSQL); `0` or `1` to force.
   */
  SOCIAL_SANDBOX: z.enum(['0', '1', 'auto']).default('auto'),
  /** Social sign-in credentials: a provider is offered only when its credentials are set (and the operator lists it). */
  OAUTH_GOOGLE_CLIENT_ID: z.string().optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OAUTH_APPLE_CLIENT_ID: z.string().optional(),
  OAUTH_APPLE_TEAM_ID: z.string().optional(),
  OAUTH_APPLE_KEY_ID: z.string().optional(),
  /** The Sign in with Apple private key (PKCS#8 PEM; `\n` escapes allowed): signs the client secret JWT. */
  OAUTH_APPLE_PRIVATE_KEY: z.string().optional(),
  OAUTH_FACEBOOK_CLIENT_ID: z.string().optional(),
  OAUTH_FACEBOOK_CLIENT_SECRET: z.string().optional(),
  OAUTH_X_CLIENT_ID: z.string().optional(),
  OAUTH_X_CLIENT_SECRET: z.string().optional(),
  WALLET_HMAC_SECRET: z.string().min(16).default('dev-wallet-secret-change-me-in-production'),
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  /** Behind a TLS-terminating proxy: client address and protocol (HSTS, Secure cookies) from X-Forwarded-*. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** Origins that may frame the embedded sign-in and sign-up forms (comma-separated, e.g. https://partner.example). */
  FRAME_PARTNER_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const origin of origins)
        if (!isOrigin(origin)) ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${origin}` });
      return origins;
    }),
  /**
   * Origins (besides our own) that a return address may point to after social sign-in or a payment
   * (`redirect_url`, `backUrl`): comma-separated, e.g. https://partner.example. Anything else returns to a path of ours.
   */
  ALLOWED_RETURN_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const origin of origins)
        if (!isOrigin(origin)) ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${origin}` });
      return origins;
    }),
  /** The key sealing TOTP secrets at rest: `<key id>:<32 bytes base64>`; new writes use it. */
  TOTP_ENCRYPTION_KEY: ZEncryptionKey.prefault(DEV_TOTP_KEY),
  /** Earlier keys, still able to open what they sealed (comma-separated `<id>:<base64>`): key rotation. */
  TOTP_ENCRYPTION_OLD_KEYS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(ZEncryptionKey)),
  /**
   * The outbox page `/dev/mailbox`. Default: on, except in a production deployment (NODE_ENV=production on
   * PostgreSQL); the embedded demo run keeps it so a person can read the codes it mails.
   */
  DEV_MAILBOX: z.enum(['0', '1', 'auto']).default('auto'),
  /** Seed the documented demo back-office operator: always in development; in production only on the embedded database. */
  DEMO_OPERATOR: z.enum(['0', '1']).default('0'),
  /** Signs the sportsbook's odds feed (POST /feed/sportsbook, X-Feed-Signature); refused in production as the default. */
  SPORTSBOOK_FEED_SECRET: z.string().min(16).default('dev-sportsbook-feed-secret-change-me'),
  /** Signs the headless content client's tokens (HS256, modules/content-auth); refused in production as the default. */
  CONTENT_JWT_SECRET: z.string().min(32).default('dev-content-jwt-secret-change-me-in-production'),
  /** How long a content-client token lives (minutes); a password change revokes it earlier. */
  CONTENT_JWT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** How long a live bet waits before it is checked again and placed. */
  SPORTSBOOK_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Without an `alive` message for this long, every live market is suspended until one comes. */
  SPORTSBOOK_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  /** Cash-out pays the current value less this margin (percent). */
  SPORTSBOOK_CASHOUT_MARGIN: z.coerce.number().min(0).max(50).default(5),
  /** The built-in feed simulator: `auto` runs it except in a production deployment (PostgreSQL) and in tests. */
  SPORTSBOOK_SIMULATOR: z.enum(['0', '1', 'auto']).default('auto'),
  /**
   * Keep resolved sessions and their player in memory, dropped by the database's notifications
   * (platform/session-cache.ts): `auto` keeps them except in tests, which turn it on where they test it.
   */
  SESSION_CACHE: z.enum(['0', '1', 'auto']).default('auto'),
  /** Serve the site (React Router) from this process; off in API-only tests. */
  SERVE_WEB: z
    .string()
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
});

export type TConfig = z.output<typeof ZConfig>;

const DEV_SECRETS = [
  'dev-session-secret-change-me-in-production',
  'dev-wallet-secret-change-me-in-production',
  'dev-sportsbook-feed-secret-change-me',
  'dev-content-jwt-secret-change-me-in-production',
];

export const isMailboxEnabled = (config: TConfig) =>
  config.DEV_MAILBOX === 'auto'
    ? !(config.NODE_ENV === 'production' && config.DATABASE_URL)
    : config.DEV_MAILBOX === '1';

export const isSportsbookSimulatorOn = (config: TConfig) =>
  config.SPORTSBOOK_SIMULATOR === 'auto'
    ? config.NODE_ENV !== 'test' && !(config.NODE_ENV === 'production' && config.DATABASE_URL)
    : config.SPORTSBOOK_SIMULATOR === '1';

export const isSocialSandboxEnabled = (config: TConfig) =>
  config.SOCIAL_SANDBOX === 'auto'
    ? !(config.NODE_ENV === 'production' && config.DATABASE_URL)
    : config.SOCIAL_SANDBOX === '1';

export const loadConfig = (env: Record<string, string | undefined> = process.env): TConfig => {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && config.PUBLIC_URL === '')
    throw new Error(
      'Invalid configuration: set PUBLIC_URL in production, the address players reach the site on ' +
        `(e.g. PUBLIC_URL=https://casino.example.com, or PUBLIC_URL=http://localhost:${config.PORT} on this machine); ` +
        'mail links and payment redirects are built from it',
    );
  if (config.NODE_ENV === 'production' && config.DATABASE_URL !== undefined) {
    const weak = DEV_SECRETS.filter((s) => s === config.SESSION_SECRET || s === config.WALLET_HMAC_SECRET);
    if (weak.length > 0)
      throw new Error('Invalid configuration: set SESSION_SECRET and WALLET_HMAC_SECRET in production');

    if (config.TOTP_ENCRYPTION_KEY.id === 'dev')
      throw new Error('Invalid configuration: set TOTP_ENCRYPTION_KEY in production');
    if (config.DEMO_OPERATOR === '1')
      throw new Error(
        'Invalid configuration: DEMO_OPERATOR is for the embedded demo, never a PostgreSQL production deployment',
      );
    if (DEV_SECRETS.includes(config.SPORTSBOOK_FEED_SECRET))
      throw new Error('Invalid configuration: set SPORTSBOOK_FEED_SECRET in production');
    if (DEV_SECRETS.includes(config.CONTENT_JWT_SECRET))
      throw new Error('Invalid configuration: set CONTENT_JWT_SECRET in production');
  }
  return config;
};

/** A config for tests: embedded in-memory database, quiet logs, no site. */
export const testConfig = (overrides: Partial<Record<string, string>> = {}): TConfig =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: '0',
    DATA_DIR: 'memory://',
    PUBLIC_URL: 'http://localhost:3000',
    ...overrides,
  });
