/**
 * Integration tests run the real app on a real database made fresh for each test file:
 * an in-memory PGlite by default; with DATABASE_URL, a new PostgreSQL database that is dropped afterwards;
 * with REDIS_URL, Redis keys under a prefix of their own.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type TBuildOptions } from '../app.ts';
import { testConfig } from '../platform/config.ts';
import { fixedClock, seededRandom } from '../platform/providers.ts';

export interface TTestApp {
  app: FastifyInstance;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export const createTestApp = async (
  options: { env?: Record<string, string>; seed?: string; build?: TBuildOptions } = {},
): Promise<TTestApp> => {
  const clock = fixedClock(new Date('2026-11-21T12:00:00Z'));
  const adminUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const runId = randomUUID().replaceAll('-', '').slice(0, 16);
  let databaseName: string | undefined;
  const env: Record<string, string> = { ...options.env };
  if (adminUrl) {
    databaseName = `test_${runId}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    env.DATABASE_URL = withDatabase(adminUrl, databaseName);
  }
  if (redisUrl) env.REDIS_URL = redisUrl;
  const app = await buildApp(testConfig(env), {
    providers: { clock, random: seededRandom(options.seed ?? runId) },
    redisPrefix: `test:${runId}:`,
    ...options.build,
  });
  await app.ready();
  return {
    app,
    clock,
    async close() {
      await app.close();
      if (adminUrl && databaseName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
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
    async get(call: string, params: Record<string, string | number> = {}) {
      const query = new URLSearchParams({
        v: '1',
        locale: 'en',
        ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      });
      return envelope(await send({ method: 'GET', url: `/api/${call}?${query}` }));
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
