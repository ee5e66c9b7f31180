/** Spec §3 isTitleClickable: a row's title in the game hall and on the home page leads to its category. */
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { HomePage } from '../../home/home-page';
import { GamehallPage, type TGamehallData } from './gamehall-page';

class NoObserver {
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

const category = { id: 'slots', name: 'Slots', image_url: '', priority: 0, games_count: 2 };
const hall: TGamehallData = {
  categories: [category],
  providers: [],
  rows: [{ category, games: [{ sysname: 'a', name: 'A' }] }],
  items: [],
  total: 0,
  layout: 'horizontal',
};
const homeRow = { id: 'slots', titleKey: 'x', title: 'Slots', to: '/gamehall?category=slots', games: [] };

const renderAt = (path: string, element: React.ReactNode, flags: Record<string, boolean>) => {
  const site = { locale: 'en', defaultLocale: 'en', account: null, generalInfo: {}, cms: { flags } };
  const router = createMemoryRouter([{ id: 'root', path, loader: () => site, element }], {
    initialEntries: [path],
    hydrationData: { loaderData: { root: site } },
  });
  renderWithSite(router);
};

const heading = (name: string) => screen.getByRole('heading', { level: 2, name: new RegExp(name) });

describe('row titles follow isTitleClickable', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', NoObserver);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: null, error: null }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the game hall row title is a link to its category when on, plain text when off', () => {
    renderAt('/gamehall', <GamehallPage data={hall} />, { isTitleClickable: true });
    expect(within(heading('Slots')).getByRole('link', { name: 'Slots' })).toHaveAttribute(
      'href',
      '/gamehall?category=slots',
    );
  });

  it('the game hall row title is plain text when the operator turned it off', () => {
    renderAt('/gamehall', <GamehallPage data={hall} />, { isTitleClickable: false });
    expect(within(heading('Slots')).queryByRole('link')).toBeNull();
  });

  it('the home page row title follows the flag too', () => {
    renderAt('/', <HomePage banners={[]} rows={[homeRow]} emptyText="Nothing" />, { isTitleClickable: true });
    expect(within(heading('Slots')).getByRole('link', { name: 'Slots' })).toHaveAttribute(
      'href',
      '/gamehall?category=slots',
    );
  });

  it('the home page row title is plain text when off', () => {
    renderAt('/', <HomePage banners={[]} rows={[homeRow]} emptyText="Nothing" />, {
      isTitleClickable: false,
    });
    expect(within(heading('Slots')).queryByRole('link')).toBeNull();
  });
});
