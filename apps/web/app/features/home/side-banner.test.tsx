/** The home page's side banners (the cms Crash banner among them) show their art and their button, not a bare box. */
import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BREAKPOINT_WIDTHS, FALLBACK_IMAGE } from '../../lib/images';
import { parseCmsConfig } from '../../lib/site/cms';
import type { TSiteData } from '../../lib/site/types';
import { renderWithSite } from '../../lib/test/render-with-site';
import { messages } from '../auth/test/render-auth';
import { HomePage } from './home-page';

const CONTENT = join(import.meta.dirname, '../../../../../content');
const cmsEn = JSON.parse(readFileSync(join(CONTENT, 'cms/en.json'), 'utf8'));

const renderHome = (cms: TSiteData['cms']) => {
  const data: TSiteData = {
    locale: 'en',
    defaultLocale: 'en',
    dir: 'ltr',
    locales: [{ code: 'en' }],
    theme: 'dark',
    messages,
    account: null,
    cms,
    generalInfo: { time_to_force_logout: 0 },
  };
  const element = <HomePage banners={cms.banners} rows={[]} emptyText="" />;
  const router = createMemoryRouter([{ id: 'root', path: '/', loader: () => data, element }], {
    hydrationData: { loaderData: { root: data } },
  });
  return renderWithSite(router, { messages });
};

// jsdom loads no image: each is `complete` at once with no width, as one that failed before hydration would be.
beforeEach(() => {
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
});
afterEach(() => vi.restoreAllMocks());

describe('home side banners', () => {
  it('the Crash banner shows its art and a button to its game', async () => {
    renderHome(parseCmsConfig(cmsEn));
    const crash = await screen.findByTestId('hero-banner-crash');
    expect(crash).toHaveTextContent('How high will it fly?');
    const art = within(crash).getByTestId('side-banner-art').querySelector('img');
    expect(art?.getAttribute('src')).toContain('banners/hero-crash.svg');
    // In the breakpoints' widths (spec §9), the browser taking the one the card needs.
    expect(
      art
        ?.getAttribute('srcset')
        ?.split(', ')
        .map((s) => s.split(' ')[1]),
    ).toEqual(BREAKPOINT_WIDTHS.map((w) => `${w}w`));
    expect(art?.getAttribute('srcset')).toContain('/_ipx/f_webp,q_80,w_320/banners/hero-crash.svg 320w');
    expect(art?.getAttribute('sizes')).toBe('(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw');
    const button = within(crash).getByRole('link', { name: 'Play now' });
    expect(button.getAttribute('href')).toMatch(/\/game\/sparkrush_rocket_rush$/);
  });

  it('a banner without a button text or an image still gets a button and no empty art', async () => {
    const cms = parseCmsConfig({
      ...cmsEn,
      heroBanners: [cmsEn.heroBanners[0], { id: 'bare', title: 'Bare', url: '/promotions' }],
    });
    renderHome(cms);
    const bare = await screen.findByTestId('hero-banner-bare');
    expect(within(bare).queryByTestId('side-banner-art')).toBeNull();
    expect(within(bare).getByRole('link', { name: 'Play now' })).toBeInTheDocument();
  });
});

describe('banner art that fails to load', () => {
  it('is replaced by the fallback image, and dropped after six failed attempts', async () => {
    renderHome(parseCmsConfig(cmsEn));
    const crash = await screen.findByTestId('hero-banner-crash');
    const art = () => within(crash).getByTestId('side-banner-art').querySelector('img');
    expect(art()?.getAttribute('src')).toContain('hero-crash.svg');
    fireEvent.error(art() as HTMLImageElement);
    expect(art()?.getAttribute('src')).toBe(FALLBACK_IMAGE);
    expect(art()?.getAttribute('srcset')).toBeNull();
    for (let attempt = 2; attempt <= BREAKPOINT_WIDTHS.length; attempt++)
      fireEvent.error(art() as HTMLImageElement);
    expect(art()).toBeNull();
    expect(crash).toHaveTextContent('How high will it fly?');
  });
});
