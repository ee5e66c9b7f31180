import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          // The site's own small i18n stands in for react-i18next, as in the build (apps/web/vite.config.ts).
          alias: {
            'react-i18next': new URL('./apps/web/app/lib/i18n-lite.tsx', import.meta.url).pathname,
            i18next: new URL('./apps/web/app/lib/i18next-lite.ts', import.meta.url).pathname,
          },
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Globals let Testing Library clean the DOM after each test by itself.
          globals: true,
        },
      },
    ],
  },
});
