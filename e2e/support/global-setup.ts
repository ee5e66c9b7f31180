/**
 * Once per run: a data directory migrated and seeded by the real server, which every journey's server copies
 * (server.ts, freshDataDir) instead of running initdb, the migrations and the first seeding again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertBuilt, spawnServer } from './server.ts';

let templateDir = '';

export async function setup(project: TestProject) {
  assertBuilt();
  templateDir = mkdtempSync(join(tmpdir(), 'casino-e2e-template-'));
  const server = await spawnServer({ DATA_DIR: templateDir });
  // A clean shutdown: PGlite writes its checkpoint, so the copies open without recovery.
  await server.stop();
  project.provide('e2eTemplateDir', templateDir);
}

export function teardown() {
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
}
