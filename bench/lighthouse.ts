/**
 * Lighthouse (mobile profile) with Debian's Chromium on the home page and the game hall of a production
 * server started here on a free port with a fresh embedded database; prints the four scores per page and the
 * home page's JavaScript in KB gzip. Needs `npm run build` first. Targets: perf ≥ 90, a11y ≥ 95, SEO ≥ 95,
 * JS ≤ 150 KB gzip. `LH_REPORT_DIR=/tmp/lh` keeps each page's full Lighthouse JSON there for a closer look.
 *
 * Before measuring, each page is requested once with its images and scripts, as a player meets a running site
 * rather than the first request after a deploy (the server renders a game tile with sharp on its first
 * request: ~50 ms of CPU each, on the machine that runs the browser too). `LH_COLD=1` measures the cold server.
 * The machine's load average is printed with each page (the simulated CPU figures scale with it).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser.ts';
import { HOME_JS_BUDGET_KB, pageJavaScriptKb } from '../e2e/support/page-weight.ts';
import { startServer } from '../e2e/support/server.ts';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'game hall', path: '/gamehall' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

/** One request of the page and of every image and script it names. */
const warmUp = async (url: string) => {
  const html = await (await fetch(url, { headers: { 'user-agent': MOBILE_UA } })).text();
  const assets = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/(?:_ipx|assets)\/[^"]+)"/g))
    assets.add((match[1] as string).replaceAll('&amp;', '&'));
  for (const asset of assets) await fetch(new URL(asset, url)).then((r) => r.arrayBuffer());
  return assets.size;
};

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: CHROMIUM_ARGS,
});
let failed = false;
try {
  if (!process.env.LH_COLD) for (const page of PAGES) await warmUp(`${server.url}${page.path}`);
  console.log(
    process.env.LH_COLD ? 'cold server (no warm-up request)' : 'warm server (each page requested once)',
  );
  for (const page of PAGES) {
    const before = load();
    const result = await lighthouse(`${server.url}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
    });
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    if (process.env.LH_REPORT_DIR) {
      mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
      const file = join(process.env.LH_REPORT_DIR, `${page.name.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, JSON.stringify(result.lhr, null, 1));
    }
    const scores = CATEGORIES.map((c) => `${c} ${Math.round((result.lhr.categories[c]?.score ?? 0) * 100)}`);
    console.log(`${page.name.padEnd(10)} ${scores.join('  ')}  (load ${before} -> ${load()})`);
    const failedAudits = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => a.id);
    if (failedAudits.length) console.log(`           below 0.9: ${failedAudits.join(', ')}`);
    const metric = (id: string) => result.lhr.audits[id]?.displayValue ?? 'n/a';
    console.log(
      `           FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    );
    if (result.lhr.runtimeError) console.log(`           runtime error: ${result.lhr.runtimeError.message}`);
    const consoleErrors = result.lhr.audits['errors-in-console']?.details as
      | { items?: { description?: string; url?: string }[] }
      | undefined;
    for (const item of consoleErrors?.items ?? [])
      console.log(`           console: ${item.description} ${item.url ?? ''}`);
    if (page.path === '/') {
      // Every script the page loaded (lazy chunks too), as transferred: compressed by the server.
      const requests =
        (
          result.lhr.audits['network-requests']?.details as {
            items?: { resourceType?: string; transferSize?: number }[];
          }
        )?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script');
      const bytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      console.log(
        `           JS loaded: ${(bytes / 1024).toFixed(1)} KB transferred in ${scripts.length} files`,
      );
      const perf = (result.lhr.categories.performance?.score ?? 0) * 100;
      const a11y = (result.lhr.categories.accessibility?.score ?? 0) * 100;
      const seo = (result.lhr.categories.seo?.score ?? 0) * 100;
      if (perf < 90 || a11y < 95 || seo < 95) failed = true;
    }
  }
  const js = await pageJavaScriptKb(`${server.url}/`);
  console.log(
    `home JS    ${js.kb.toFixed(1)} KB gzip in ${js.files} files before hydration (target ≤ ${HOME_JS_BUDGET_KB})`,
  );
  if (js.kb > HOME_JS_BUDGET_KB) failed = true;
} finally {
  chrome.kill();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
