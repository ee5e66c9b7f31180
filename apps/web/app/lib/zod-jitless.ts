/**
 * The page's CSP has no 'unsafe-eval': zod's schemas compiled with `new Function` are refused, and even zod's
 * probe for that (run when the first object schema is built) reports a violation. So, in the browser, zod
 * interprets its schemas instead. This module is root.tsx's first import: it runs before any module builds a
 * schema. Not on the server, whose API shares this zod (docs/decisions/009-csp-nonce.md).
 *
 * It writes zod's global config object (zod/v4/core keeps it on `globalThis.__zod_globalConfig`, made on first
 * use) instead of importing zod's `config()`: that import put all of zod's core into every page's site chunk
 * (+20 KB gzip on the home page, which builds no schema).
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };

if (typeof document !== 'undefined') {
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
