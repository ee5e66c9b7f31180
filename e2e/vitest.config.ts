import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser journeys: each file starts its own production server on a free port with a fresh database, so files
 * may run side by side. E2E_WORKERS (default 1) sets how many; CI runs two, as the journeys spend much of their
 * time waiting on the site's own clocks (betting windows, live delays, socket pushes).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS) || 1);

/** The longest journeys first, so the others fill the second worker beside them instead of after them. */
const LONGEST = ['crawl.spec.ts', 'game-layout.spec.ts', 'profile.spec.ts', 'games.spec.ts'];
const rank = (spec: TestSpecification) => {
  const at = LONGEST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return at === -1 ? LONGEST.length : at;
};
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
  },
});
