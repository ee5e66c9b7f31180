/** Configuration from the environment, validated once at boot; a bad value stops the start with a clear message. */
import { z } from 'zod';
import { HUB88_CONFIG, hub88ConfigError } from './hub88-config.ts';
import {
  DEV_TOTP_KEY,
  missingSecrets,
  missingSecretsMessage,
  SECRETS,
  weakOptionalSecrets,
} from './secrets.ts';
import { SUMSUB_CONFIG, sumsubConfigError } from './sumsub-config.ts';

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

/** A secret's development value (platform/secrets.ts): the default outside production, refused in production. */
const devValue = (name: string) => SECRETS.find((s) => s.name === name)?.devValue ?? '';

/** Comma-separated exact origins. */
const ZOriginList = z
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
  });

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * The demo (`npm run setup`): the sandbox OpenID provider, /dev/mailbox, the sandbox payment provider, the feed
   * simulator, the demo operator and a "no real money" banner on every page. Outside production (development,
   * tests) they are on too; a production start has none of them without DEMO_MODE=1, whatever the database.
   */
  DEMO_MODE: z.enum(['0', '1']).default('0'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL connections this instance's pool may open (DATABASE_URL); replicas × this must fit the server's. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(20),
  /**
   * Done and failed jobs are kept this long, then swept (docs/decisions/063). A day at least: the periodic jobs'
   * singleton keys (the hour, the day) must outlive the period they dedupe.
   */
  JOBS_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(24)
    .max(24 * 366)
    .default(7 * 24),
  /**
   * Files (KYC documents, content images) go to S3-compatible object storage when S3_BUCKET is set, to the
   * database otherwise (platform/file-store.ts). S3_ENDPOINT for a store other than AWS (MinIO, R2…), path-style
   * addresses (bucket in the path) with S3_FORCE_PATH_STYLE=1; credentials from S3_ACCESS_KEY_ID and
   * S3_SECRET_ACCESS_KEY, else the SDK's default chain (instance role, AWS_* variables).
   */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** Keys in the bucket start with this (e.g. `casino/`), so one bucket can hold several deployments. */
  S3_PREFIX: z.string().default(''),
  REDIS_URL: z.string().url().optional(),
  /**
   * The site's public address. Without it (development, a first start on any port) links follow the address
   * each request came in on (platform/public-url.ts); production refuses to start without it. '' is unset.
   */
  PUBLIC_URL: z.string().url().or(z.literal('')).default(''),
  SESSION_SECRET: z.string().min(16).default(devValue('SESSION_SECRET')),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Casino <no-reply@localhost>'),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
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
  WALLET_HMAC_SECRET: z.string().min(16).default(devValue('WALLET_HMAC_SECRET')),
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
  /**
   * How long a whole request (head and body) may take to arrive before the server answers 408 and closes it: a
   * body trickled in holds a connection no longer. 60 s lets an 8 MB document upload through a 1.2 Mbit/s line.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(60_000),
  /** WebSockets are pinged this often; one that has not answered the previous ping is closed. */
  WS_PING_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  /** Images (/_ipx/) rendered at once; more wait in a queue, then get 503. */
  IMAGE_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Renders that may wait: a cold game hall asks for about 60 images at once, which must not be refused. */
  IMAGE_RENDER_QUEUE: z.coerce.number().int().min(1).max(10_000).default(128),
  /** Image renders (cache misses) one client may cause per minute (a cold page is 60–130); cached ones are free. */
  IMAGE_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Origins that may frame the embedded sign-in and sign-up forms (comma-separated, e.g. https://partner.example). */
  FRAME_PARTNER_ORIGINS: ZOriginList,
  /**
   * Origins (besides our own) that a return address may point to after social sign-in or a payment
   * (`redirect_url`, `backUrl`): comma-separated, e.g. https://partner.example. Anything else returns to a path of ours.
   */
  ALLOWED_RETURN_ORIGINS: ZOriginList,
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
  /** The demo operator's sign-in (development and the demo only): fixed in development, generated by the demo. */
  DEMO_OPERATOR_PASSWORD: z.string().min(12).default(devValue('DEMO_OPERATOR_PASSWORD')),
  DEMO_OPERATOR_TOTP_SECRET: z
    .string()
    .regex(/^[A-Z2-7]{32}$/, 'expected 32 base32 characters (20 bytes)')
    .default(devValue('DEMO_OPERATOR_TOTP_SECRET')),
  /** Signs the sportsbook's odds feed (POST /feed/sportsbook, X-Feed-Signature). */
  SPORTSBOOK_FEED_SECRET: z.string().min(16).default(devValue('SPORTSBOOK_FEED_SECRET')),
  /**
   * Sportradar's Unified Odds Feed (modules/sportsbook/uof): the AMQP broker (in production Sportradar's, with the
   * access token as user and the virtual host `/unifiedfeed/<bookmaker id>`). Unset or '' leaves the adapter off.
   */
  UOF_AMQP_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.url({ protocol: /^amqps?$/ }).optional()),
  /** UOF's REST API (fixtures, market descriptions, recovery); a local stand-in in tests. */
  UOF_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.betradar.com'),
  /** Sent as `x-access-token` on UOF's REST calls; required in production only while UOF_AMQP_URL is set. */
  UOF_ACCESS_TOKEN: z.string().optional(),
  /** This instance's node in UOF's routing keys and recovery requests (an integer), when several share a token. */
  UOF_NODE_ID: z.coerce.number().int().optional(),
  /** Signs the headless content client's tokens (HS256, modules/content-auth). */
  CONTENT_JWT_SECRET: z.string().min(32).default(devValue('CONTENT_JWT_SECRET')),
  /** How long a content-client token lives (minutes); a password change revokes it earlier. */
  CONTENT_JWT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** A deposit the player has not finished on the provider's page (card form, 3-D Secure) expires after this. */
  DEPOSIT_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(30),
  /** A deposit the provider reported as pending (a bank transfer under way) expires after this. */
  DEPOSIT_PENDING_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24)
    .default(120),
  /** How long a live bet waits before it is checked again and placed. */
  SPORTSBOOK_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Without an `alive` message for this long, every live market is suspended until one comes. */
  SPORTSBOOK_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  /** Cash-out pays the current value less this margin (percent). */
  SPORTSBOOK_CASHOUT_MARGIN: z.coerce.number().min(0).max(50).default(5),
  /** The built-in feed simulator, part of the demo: `auto` runs it wherever the demo's parts are on, except in tests. */
  SPORTSBOOK_SIMULATOR: z.enum(['0', '1', 'auto']).default('auto'),
  /**
   * Keep resolved sessions and their player in memory, dropped by the database's notifications
   * (platform/session-cache.ts): `auto` keeps them except in tests, which turn it on where they test it.
   */
  SESSION_CACHE: z.enum(['0', '1', 'auto']).default('auto'),
  /** Sumsub, the identity-verification provider (platform/sumsub-config.ts), and the withdrawal rule it serves. */
  ...SUMSUB_CONFIG,
  /** Hub88, the games aggregator (platform/hub88-config.ts): all four settings turn it on. */
  ...HUB88_CONFIG,
  /**
   * The operator's eyes (docs/decisions/062), each off while unset ('' is unset): `GET /metrics` for
   * `Authorization: Bearer <METRICS_TOKEN>`; traces over OTLP/HTTP to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`;
   * the server's errors to SENTRY_DSN, the site's to SENTRY_DSN_PUBLIC (given to the browser: a DSN of its own).
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.string().min(16, 'at least 16 characters').optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  SENTRY_DSN: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  SENTRY_DSN_PUBLIC: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The environment the reports are filed under (NODE_ENV when unset). */
  SENTRY_ENVIRONMENT: z.string().optional(),
  /**
   * Keep a visitor's public pages rendered for 10 s (platform/page-cache.ts, docs/decisions/069): on in production
   * unless 0, off elsewhere unless 1 (a development server shows each edit at once).
   */
  PAGE_CACHE: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  /** Serve the site (React Router) from this process; off in API-only tests. */
  SERVE_WEB: z
    .string()
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
});

export type TConfig = z.output<typeof ZConfig>;

/** The demo's parts are on: the demo itself (DEMO_MODE=1), or any start that is not production. */
export const hasDemoFeatures = (config: TConfig) =>
  config.DEMO_MODE === '1' || config.NODE_ENV !== 'production';

export const isMailboxEnabled = hasDemoFeatures;
export const isSocialSandboxEnabled = hasDemoFeatures;
export const isPaymentSandboxEnabled = hasDemoFeatures;

export const isSportsbookSimulatorOn = (config: TConfig) =>
  config.SPORTSBOOK_SIMULATOR === 'auto'
    ? hasDemoFeatures(config) && config.NODE_ENV !== 'test'
    : config.SPORTSBOOK_SIMULATOR === '1';

/** The Unified Odds Feed adapter is on: a broker is configured (modules/sportsbook/uof). */
export const isUofOn = (config: TConfig) => config.UOF_AMQP_URL !== undefined;

export const loadConfig = (env: Record<string, string | undefined> = process.env): TConfig => {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const config = parsed.data;
  const sumsub = sumsubConfigError(config, config.NODE_ENV === 'production');
  if (sumsub) throw new Error(sumsub);
  const hub88 = hub88ConfigError(config);
  if (hub88) throw new Error(hub88);
  if (config.S3_BUCKET && !config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY)
    throw new Error(
      'Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds ' +
        'credentials itself: an instance role, AWS_ACCESS_KEY_ID…)',
    );
  if (config.NODE_ENV !== 'production') return config;
  // Everything a production start lacks, in one message.
  const missing = [...missingSecrets(env, config.DEMO_MODE === '1'), ...weakOptionalSecrets(env)];
  const publicUrl =
    config.PUBLIC_URL === ''
      ? 'Invalid configuration: set PUBLIC_URL in production, the address players reach the site on ' +
        `(e.g. PUBLIC_URL=https://casino.example.com, or PUBLIC_URL=http://localhost:${config.PORT} on this machine); ` +
        'mail links and payment redirects are built from it'
      : '';
  if (publicUrl || missing.length > 0)
    throw new Error(
      [publicUrl, missing.length > 0 ? missingSecretsMessage(missing) : ''].filter(Boolean).join('\n'),
    );
  if (config.UOF_AMQP_URL && !config.UOF_ACCESS_TOKEN?.trim())
    throw new Error(
      'Invalid configuration: UOF_AMQP_URL turns the Unified Odds Feed adapter on; set UOF_ACCESS_TOKEN too ' +
        '(the access token Sportradar issued, sent as x-access-token to UOF_API_URL)',
    );
  if (config.SPORTSBOOK_SIMULATOR === '1' && !hasDemoFeatures(config))
    throw new Error(
      'Invalid configuration: SPORTSBOOK_SIMULATOR=1 is part of the demo; set DEMO_MODE=1 for it',
    );
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
