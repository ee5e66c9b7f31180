/**
 * The offline page the service worker keeps (apps/web/public/sw.js): one static page, no script, with the
 * message in every enabled locale (the worker cannot know which one the player reads), each with its direction.
 */
import type { FastifyInstance } from 'fastify';
import type { TAppContext, TModule } from '../../platform/context.ts';
import { localeSettings, t } from '../i18n/index.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const offlinePage = (locales: { code: string; dir: string }[], defaultLocale: string) => {
  const sections = locales
    .map(
      ({ code, dir }) => `<section lang="${escapeHtml(code)}" dir="${dir === 'rtl' ? 'rtl' : 'ltr'}">
  <h1>${escapeHtml(t(code, 'pwa.offline.title'))}</h1><p>${escapeHtml(t(code, 'pwa.offline.text'))}</p>
  <a href="/${escapeHtml(code === defaultLocale ? '' : code)}">${escapeHtml(t(code, 'pwa.offline.retry'))}</a></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(defaultLocale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="theme-color" content="#0b0d17"><title>${escapeHtml(t(defaultLocale, 'pwa.offline.title'))}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{margin:0;min-height:100vh;background:#0b0d17;color:#e8eaf2;font:16px/1.5 system-ui,sans-serif;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;box-sizing:border-box}
section{max-width:420px;width:100%;padding:14px 18px;border-radius:12px;background:#181c2e}
h1{font-size:18px;margin:0 0 4px}p{margin:0 0 8px;color:#c4c8d6}a{color:#f5b400;font-weight:600}</style>
</head><body><img src="/icons/icon-192.png" width="64" height="64" alt="">
${sections}
</body></html>`;
};

const register = (app: FastifyInstance, ctx: TAppContext) => {
  app.get('/offline.html', async (_request, reply) => {
    const { locales, defaultLocale } = await localeSettings(ctx.db);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return offlinePage(
      locales.map((l) => ({ code: l.code, dir: l.dir })),
      defaultLocale,
    );
  });
};

export const pwaModule: TModule = { name: 'pwa', register };
