/**
 * Once per run: the database every test app starts from (test-app.ts), migrated and seeded by the real app,
 * so a test file skips initdb, the migrations and the first seeding. On PGlite it is a dumped data directory in
 * a temporary file; with DATABASE_URL, a template database that `create database … template` copies.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app.ts';
import { testConfig } from '../platform/config.ts';
import { fixedClock, seededRandom } from '../platform/providers.ts';
import { postgresAdmin } from './postgres-admin.ts';
import { TEST_NOW, type TTestTemplate } from './test-app.ts';

let cleanUp = async () => {};

const seededApp = (env: Record<string, string>) =>
  buildApp(testConfig(env), { providers: { clock: fixedClock(TEST_NOW), random: seededRandom('template') } });

export async function setup(project: TestProject) {
  const runId = randomUUID().replaceAll('-', '').slice(0, 16);
  const adminUrl = process.env.DATABASE_URL;
  let template: TTestTemplate;
  if (adminUrl) {
    const name = `test_template_${runId}`;
    const admin = postgresAdmin(adminUrl);
    await admin.run(`create database ${name}`);
    cleanUp = () => admin.run(`drop database if exists ${name} with (force)`);
    const app = await seededApp({ DATABASE_URL: admin.url(name) });
    await app.ready();
    await app.close();
    template = { postgres: name };
  } else {
    const app = await seededApp({});
    await app.ready();
    const dump = await app.ctx.database.dump?.();
    await app.close();
    if (!dump) throw new Error('the embedded database gave no dump');
    const file = join(tmpdir(), `casino-test-template-${runId}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    cleanUp = async () => rmSync(file, { force: true });
    template = { pglite: file };
  }
  project.provide('serverTestTemplate', template);
}

export async function teardown() {
  await cleanUp();
}
