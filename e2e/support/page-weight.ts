/**
 * The JavaScript a page loads before hydration (its entry and module preloads), gzipped as a server sends it.
 * Used by the home page's budget check (site.spec.ts) and bench/lighthouse.ts.
 */
import { gzipSync } from 'node:zlib';

/** The home page's budget (DEVELOPERS.md: ≤ 150 KB gzip). */
export const HOME_JS_BUDGET_KB = 150;

export const pageJavaScriptKb = async (url: string) => {
  const html = await (await fetch(url)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) scripts.add(match[1] as string);
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) scripts.add(match[1] as string);
  let bytes = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(new URL(script, url))).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return { kb: bytes / 1024, files: scripts.size };
};
