import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // …and the browser journeys' own helpers (the crawl's English detector), and the house's checks (scripts/).
          include: ['packages/*/src/**/*.test.ts', 'e2e/support/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/src/test/setup.ts'],
          // One migrated and seeded database per run, which every test app copies (test/global-setup.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Every file builds its own app on its own database; the server's modules are loaded once per worker,
          // not once per file (loading them was a third to a half of the run).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Globals let Testing Library clean the DOM after each test by itself.
          globals: true,
        },
      },
    ],
  },
});
