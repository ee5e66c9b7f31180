/** What every module gets: the platform services, built once by buildApp in a fixed order. */
import type { FastifyInstance } from 'fastify';
import type { TPlayer } from '../modules/players/schema.ts';
import type { TEventBus } from './bus.ts';
import type { TConfig } from './config.ts';
import type { TDatabase, TDb } from './db/database.ts';
import type { ApiRegistry } from './http/api-router.ts';
import type { TJobs } from './jobs.ts';
import type { TMessenger } from './messaging.ts';
import type { TProviders } from './providers.ts';
import type { TRateLimiter } from './rate-limiter.ts';
import type { TSessionService } from './session.ts';

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
  /** The repository's `content/` folder (seed data, translations). */
  contentDir: string;
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
    player: TPlayer | null;
    sessionId: number | null;
    /** The `locale` protocol param, else the player's locale, else the default. */
    locale: string;
  }
}
