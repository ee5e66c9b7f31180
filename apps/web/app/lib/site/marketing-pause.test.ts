/** Issue 36: the cms banners a browser carrying the rg_pause cookie is shown (none while the pause lasts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCmsConfig } from './cms';
import { cmsForBrowser, isMarketingPaused } from './marketing-pause';

const CONTENT = join(import.meta.dirname, '../../../../../content');
const terms = { percent: 100, max_amount: 200, min_amount: 20, wager: 35 };
const raw = JSON.parse(readFileSync(join(CONTENT, 'cms/en.json'), 'utf8'));
/** The seeded English cms config as the server answers it while the welcome offer is live. */
const cms = parseCmsConfig({
  ...raw,
  heroBanners: raw.heroBanners.map((b: { offer?: string }) => (b.offer ? { ...b, terms } : b)),
  authBanner: { ...raw.authBanner, terms },
});
const NOW = new Date('2026-11-21T12:00:00Z');
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

describe('the cms banners of a browser', () => {
  it('are all there without a pause, or once it ended', () => {
    expect(cms.banners.length).toBeGreaterThan(0);
    expect(cms.authBanner).toEqual({ terms });
    expect(cms.menuBanner).toBeTruthy();
    for (const cookie of [null, 'theme=dark', `rg_pause=${unix(NOW)}`, 'rg_pause=soon'])
      expect(cmsForBrowser(cms, cookie, NOW), String(cookie)).toBe(cms);
  });

  it('are none while a time-out, a self-exclusion or a permanent one lasts: no hero, menu or sign-in panel', () => {
    for (const cookie of [`theme=dark; rg_pause=${unix(NOW) + 60}`, 'rg_pause=permanent']) {
      expect(isMarketingPaused(cookie, NOW)).toBe(true);
      expect(cmsForBrowser(cms, cookie, NOW)).toEqual({
        ...cms,
        banners: [],
        authBanner: null,
        menuBanner: null,
      });
    }
  });
});
