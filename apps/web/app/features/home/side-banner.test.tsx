/** The home page's side banners (the cms Crash banner among them) show their art and their button, not a bare box. */
import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_IMAGE } from '../../lib/images';
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

describe('home side banners', () => {
  it('the Crash banner shows its art and a button to its game', async () => {
    renderHome(parseCmsConfig(cmsEn));
    const crash = await screen.findByTestId('hero-banner-crash');
    expect(crash).toHaveTextContent('How high will it fly?');
    const art = within(crash).getByTestId('side-banner-art');
    expect(art.style.backgroundImage).toContain('banners/hero-crash.svg');
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

/** A stand-in for the browser's Image: the test says which loads fail. */
const probes: { src: string; onerror: (() => void) | null }[] = [];
class ProbeImage {
  onerror: (() => void) | null = null;
  #src = '';
  set src(value: string) {
    this.#src = value;
    probes.push(this);
  }
  get src() {
    return this.#src;
  }
}
afterEach(() => {
  vi.unstubAllGlobals();
  probes.length = 0;
});

describe('banner art that fails to load', () => {
  it('is replaced by the fallback image, and dropped after six failed attempts', async () => {
    vi.stubGlobal('Image', ProbeImage);
    renderHome(parseCmsConfig(cmsEn));
    const crash = await screen.findByTestId('hero-banner-crash');
    const art = () => within(crash).queryByTestId('side-banner-art');
    expect(art()?.style.backgroundImage).toContain('hero-crash.svg');
    const failLoad = (src: string) => act(() => probes.findLast((p) => p.src.includes(src))?.onerror?.());
    failLoad('hero-crash.svg');
    expect(art()?.style.backgroundImage).toContain(FALLBACK_IMAGE);
    for (let attempt = 2; attempt <= 6; attempt++) failLoad(FALLBACK_IMAGE);
    expect(art()).toBeNull();
    expect(crash).toHaveTextContent('How high will it fly?');
  });
});
