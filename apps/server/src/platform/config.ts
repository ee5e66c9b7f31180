/** Configuration from the environment, validated once at boot; a bad value stops the start with a clear message. */
import { z } from 'zod';

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
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
  WALLET_HMAC_SECRET: z.string().min(16).default('dev-wallet-secret-change-me-in-production'),
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /**
   * The outbox page `/dev/mailbox`. Default: on, except in a production deployment (NODE_ENV=production on
   * PostgreSQL); the embedded demo run keeps it so a person can read the codes it mails.
   */
  DEV_MAILBOX: z.enum(['0', '1', 'auto']).default('auto'),
  /** Seed the documented demo back-office operator: always in development; in production only on the embedded database. */
  DEMO_OPERATOR: z.enum(['0', '1']).default('0'),
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
];

export const isMailboxEnabled = (config: TConfig) =>
  config.DEV_MAILBOX === 'auto'
    ? !(config.NODE_ENV === 'production' && config.DATABASE_URL)
    : config.DEV_MAILBOX === '1';

export const loadConfig = (env: Record<string, string | undefined> = process.env): TConfig => {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && config.DATABASE_URL !== undefined) {
    const weak = DEV_SECRETS.filter((s) => s === config.SESSION_SECRET || s === config.WALLET_HMAC_SECRET);
    if (weak.length > 0)
      throw new Error('Invalid configuration: set SESSION_SECRET and WALLET_HMAC_SECRET in production');
    if (config.DEMO_OPERATOR === '1')
      throw new Error(
        'Invalid configuration: DEMO_OPERATOR is for the embedded demo, never a PostgreSQL production deployment',
      );
  }
  return config;
};

/** A config for tests: embedded in-memory database, quiet logs, no site. */
export const testConfig = (overrides: Partial<Record<string, string>> = {}): TConfig =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: '0', DATA_DIR: 'memory://', ...overrides });
