/** What every module gets: the platform services, built once by buildApp in a fixed order. */
import type { FastifyInstance } from 'fastify';
import type { TEventBus } from './bus.ts';
import type { TConfig } from './config.ts';
import type { TDatabase, TDb } from './db/database.ts';
import type { TFileStore } from './file-store.ts';
import type { ApiRegistry } from './http/api-router.ts';
import type { TJobs } from './jobs.ts';
import type { TMessenger } from './messaging.ts';
import type { TMetrics } from './observability/metrics.ts';
import type { TProviders } from './providers.ts';
import type { TRateLimiter } from './rate-limiter.ts';
import type { TSecretBox } from './secret-box.ts';
import type { TSessionPlayer, TSessionService } from './session.ts';

/**
 * Services the modules add themselves (declaration merging from the module that owns them, e.g. the bet pipeline
 * from modules/bets/app-context.ts), so the platform imports no module.
 */
export interface TAppContext {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  providers: TProviders;
  bus: TEventBus;
  rateLimiter: TRateLimiter;
  messenger: TMessenger;
  sessions: TSessionService;
  api: ApiRegistry;
  jobs: TJobs;
  /** Files every instance shares: KYC documents, content images (S3 or the database; file-store.ts). */
  files: TFileStore;
  /** Seals players' and operators' TOTP secrets at rest (TOTP_ENCRYPTION_KEY). */
  totpSecrets: TSecretBox;
  /** The repository's `content/` folder (seed data, translations). */
  contentDir: string;
  /** What the operator's metrics record (observability/metrics.ts): no-ops while METRICS_TOKEN is unset. */
  metrics: TMetrics;
}

/** A feature module: registers its calls and routes; may seed its tables from content/ (idempotent). */
export interface TModule {
  name: string;
  register(app: FastifyInstance, ctx: TAppContext): void | Promise<void>;
  seed?(ctx: TAppContext): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: TAppContext;
  }
  interface FastifyRequest {
    player: TSessionPlayer | null;
    sessionId: number | null;
    /** The `locale` protocol param, else the player's locale, else the default. */
    locale: string;
  }
}

/**
 * A hook a higher module fills at start for a lower one to call (how import cycles are broken: ADR 058). One slot per
 * app context, so tests that build several apps never see each other's hooks.
 */
export const contextSlot = <TValue, TKey extends object = TAppContext>(missing: string) => {
  const values = new WeakMap<TKey, TValue>();
  return {
    fill: (key: TKey, value: TValue) => {
      values.set(key, value);
    },
    find: (key: TKey): TValue | undefined => values.get(key),
    /** The registered value; throws `missing` when start-up never registered one (a wiring bug, not bad input). */
    get: (key: TKey): TValue => {
      const value = values.get(key);
      if (value === undefined) throw new Error(missing);
      return value;
    },
  };
};
