/**
 * Replicas of a deployment start together: several full app instances, each with its own connections, booted at
 * once on one empty PostgreSQL database all come up, and the seed is applied once (every table holds what one
 * instance's boot gives). PostgreSQL only: PGlite is one process's database, never shared by two instances.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { postgresAdmin } from '../../test/postgres-admin.ts';
import { TEST_NOW } from '../../test/test-app.ts';
import { testConfig } from '../config.ts';
import { fixedClock, seededRandom } from '../providers.ts';
import { queryRows } from './database.ts';

const adminUrl = process.env.DATABASE_URL;
const INSTANCES = 4;
const databases: string[] = [];
afterAll(async () => {
  if (adminUrl)
    for (const name of databases)
      await postgresAdmin(adminUrl).run(`drop database if exists ${name} with (force)`);
});

const emptyDatabase = async (admin: ReturnType<typeof postgresAdmin>) => {
  const name = `test_boot_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await admin.run(`create database ${name}`);
  databases.push(name);
  return admin.url(name);
};

/** An instance as main.ts starts one (development: the demo competitions and operator are seeded too). */
const boot = async (databaseUrl: string, n: number) => {
  const app = await buildApp(
    testConfig({
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    }),
    {
      providers: { clock: fixedClock(TEST_NOW), random: seededRandom(`boot-${n}`) },
      redisPrefix: `test:${randomUUID()}:`,
    },
  );
  await app.ready();
  return app;
};

const byStatus = ({ current, pending }: { current: string; pending: string }) => ({ current, pending });

/** Every table's row count, and each jackpot tier's cycles by status. */
const census = async (app: FastifyInstance) => {
  const tables = await queryRows<{ name: string }>(
    app.ctx.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number(
      (await queryRows<{ n: string }>(app.ctx.db, sql.raw(`select count(*)::text as n from "${name}"`)))[0]
        ?.n,
    );
  const cycles = await queryRows<{ tier: string; current: string; pending: string }>(
    app.ctx.db,
    sql`select t.id::text as tier,
               count(*) filter (where c.status = 'current')::text as current,
               count(*) filter (where c.status = 'pending')::text as pending
          from jackpot_tiers t left join jackpot_cycles c on c.tier_id = t.id group by t.id order by t.id`,
  );
  return { counts, cycles };
};

/** Written by a running instance's clocks (the live tables), not by the seed: their count depends on timing. */
const RUNTIME_TABLES = ['live_table_rounds', 'jobs'];

/** The counts of the tables one boot seeds (those it left rows in). */
const seededPart = (counts: Record<string, number>, single: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(counts).filter(([name]) => (single[name] ?? 0) > 0 && !RUNTIME_TABLES.includes(name)),
  );

describe.skipIf(!adminUrl)(
  'instances booting at once on one empty PostgreSQL database (skipped without DATABASE_URL: PGlite is never shared)',
  () => {
    it(`all ${INSTANCES} come up, and the seed is applied once`, { timeout: 180_000 }, async () => {
      // The demo operator's seed prints its sign-in on every start.
      vi.spyOn(console, 'log').mockImplementation(() => undefined);
      const admin = postgresAdmin(adminUrl ?? '');

      const single = await boot(await emptyDatabase(admin), 0);
      const expected = await census(single);
      await single.close();
      expect(expected.cycles.length).toBeGreaterThan(0);

      const shared = await emptyDatabase(admin);
      const booted = await Promise.allSettled(
        Array.from({ length: INSTANCES }, (_, i) => boot(shared, i + 1)),
      );
      const apps = booted.flatMap((b) => (b.status === 'fulfilled' ? [b.value] : []));
      try {
        expect(booted.map((b) => (b.status === 'rejected' ? String(b.reason) : 'up'))).toEqual(
          Array(INSTANCES).fill('up'),
        );
        const seen = await census(apps[0] as FastifyInstance);
        expect(seededPart(seen.counts, expected.counts)).toEqual(
          seededPart(expected.counts, expected.counts),
        );
        // One current cycle per jackpot tier (the crash was a second one), and as many pending ones as one boot draws.
        expect(seen.cycles.map(byStatus)).toEqual(expected.cycles.map(byStatus));
        for (const tier of seen.cycles) expect(tier.current, `tier ${tier.tier}`).toBe('1');
      } finally {
        await Promise.all(apps.map((app) => app.close()));
      }
    });
  },
);
