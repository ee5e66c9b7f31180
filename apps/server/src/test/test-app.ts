/**
 * Integration tests run the real app on a real database made fresh for each test file:
 * an in-memory PGlite by default; with DATABASE_URL, a new PostgreSQL database that is dropped afterwards;
 * with REDIS_URL, Redis keys under a prefix of their own.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type TBuildOptions } from '../app.ts';
import { testConfig } from '../platform/config.ts';
import { fixedClock, seededRandom } from '../platform/providers.ts';
import { postgresAdmin } from './postgres-admin.ts';

/** The tests' "now": every test app's fixed clock starts here. */
export const TEST_NOW = new Date('2026-11-21T12:00:00Z');

/** The run's migrated and seeded database (global-setup.ts): a PGlite dump file or a PostgreSQL template. */
export type TTestTemplate = { pglite: string } | { postgres: string };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestTemplate: TTestTemplate;
  }
}

/** The run's template, or none (outside the server project's runs, e.g. a bench that builds test apps). */
const runTemplate = (): TTestTemplate | undefined => {
  try {
    return inject('serverTestTemplate');
  } catch {
    return undefined;
  }
};

let pgliteDump: Blob | undefined;
const templateDump = (file: string) => {
  pgliteDump ??= new Blob([readFileSync(file)]);
  return pgliteDump;
};

export interface TTestApp {
  app: FastifyInstance;
  clock: ReturnType<typeof fixedClock>;
  /** What a second instance needs to share this one's database and Redis (createTestApp's `join`). */
  shared: { databaseUrl?: string; redisPrefix: string };
  close(): Promise<void>;
}

export const createTestApp = async (
  options: {
    env?: Record<string, string>;
    seed?: string;
    build?: TBuildOptions;
    /**
     * Another server instance beside this test app: the same database (its own connections on PostgreSQL, the
     * same PGlite in-process) and the same Redis prefix (one bus), with its own process state. Closing it leaves
     * the database to the first app.
     */
    join?: TTestApp;
  } = {},
): Promise<TTestApp> => {
  const clock = fixedClock(TEST_NOW);
  const adminUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const runId = randomUUID().replaceAll('-', '').slice(0, 16);
  let databaseName: string | undefined;
  const env: Record<string, string> = { ...options.env };
  const joined = options.join;
  // A test that brings its own content or database starts from an empty one, as before.
  const template = joined || options.build?.contentDir || options.build?.database ? undefined : runTemplate();
  if (joined?.shared.databaseUrl) env.DATABASE_URL = joined.shared.databaseUrl;
  else if (adminUrl && !joined) {
    databaseName = `test_${runId}`;
    const from = template && 'postgres' in template ? ` template ${template.postgres}` : '';
    await postgresAdmin(adminUrl).run(`create database ${databaseName}${from}`);
    env.DATABASE_URL = postgresAdmin(adminUrl).url(databaseName);
  }
  const loadDataDir =
    !adminUrl && template && 'pglite' in template ? templateDump(template.pglite) : undefined;
  if (redisUrl) env.REDIS_URL = redisUrl;
  const redisPrefix = joined?.shared.redisPrefix ?? `test:${runId}:`;
  const app = await buildApp(testConfig(env), {
    providers: { clock, random: seededRandom(options.seed ?? runId) },
    redisPrefix,
    ...(joined && !joined.shared.databaseUrl ? { database: joined.app.ctx.database } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    ...options.build,
  });
  await app.ready();
  return {
    app,
    clock,
    shared: { databaseUrl: env.DATABASE_URL, redisPrefix },
    async close() {
      await app.close();
      if (adminUrl && databaseName) {
        await postgresAdmin(adminUrl).run(`drop database if exists ${databaseName} with (force)`);
      }
    },
  };
};

/** A tiny browser-like client: keeps cookies between calls, sends forms, answers the envelope. */
export const apiClient = (app: FastifyInstance) => {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), value.join('='));
    }
  };
  const send = async (options: InjectOptions) => {
    const response = await app.inject({
      ...options,
      headers: { ...(jar.size ? { cookie: cookieHeader() } : {}), ...options.headers },
    });
    remember(response.headers['set-cookie']);
    return response;
  };
  const envelope = (response: Awaited<ReturnType<typeof send>>) => {
    const body = response.json() as {
      data: unknown;
      error: { type: string; error_data: Record<string, unknown> } | null;
    };
    return { status: response.statusCode, ...body } as { status: number; data: any; error: any };
  };
  return {
    jar,
    async get(
      call: string,
      params: Record<string, string | number> = {},
      headers: Record<string, string> = {},
    ) {
      const query = new URLSearchParams({
        v: '1',
        locale: 'en',
        ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      });
      return envelope(await send({ method: 'GET', url: `/api/${call}?${query}`, headers }));
    },
    async post(
      call: string,
      form: Record<string, string | number> = {},
      headers: Record<string, string> = {},
    ) {
      const body = new URLSearchParams(
        Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])),
      ).toString();
      return envelope(
        await send({
          method: 'POST',
          url: `/api/${call}?v=1&locale=en`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: body,
        }),
      );
    },
    send,
  };
};
