import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/** The site's small i18n in place of i18next/react-i18next (apps/web/app/lib/i18n-lite.tsx): ~15 KB less per page. */
export const I18N_ALIASES = {
  'react-i18next': fileURLToPath(new URL('./app/lib/i18n-lite.tsx', import.meta.url)),
  i18next: fileURLToPath(new URL('./app/lib/i18next-lite.ts', import.meta.url)),
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: I18N_ALIASES },
  build: { target: 'es2022' },
});
