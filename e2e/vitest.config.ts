import { defineConfig } from 'vitest/config';

/** Browser journeys: each file starts its own production server on a free port with a fresh database. */
export default defineConfig({
  test: {
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
