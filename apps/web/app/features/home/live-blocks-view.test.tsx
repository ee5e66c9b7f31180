/** The home page shows the live blocks that have something to show, each linking where it says, and hides the rest. */
import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSiteData } from '../../lib/site/types';
import { renderWithSite } from '../../lib/test/render-with-site';
import { messages } from '../auth/test/render-auth';
import { HomePage } from './home-page';
import { NO_BLOCKS, type THomeBlocks } from './live-blocks';

const LOCALES = join(import.meta.dirname, '../../../../../content/locales');
const arabic = Object.fromEntries(
  ['home', 'common'].map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, 'ar', `${ns}.json`), 'utf8'))]),
);

// The page's clock ticks from the real time once the blocks mount: the test's times are relative to it.
const NOW = Date.now();
const BLOCKS: THomeBlocks = {
  jackpots: [{ id: 3, name: 'Mega', amount: '1234567.891234', currency: 'USD' }],
  tournament: {
    id: 9,
    title: 'Weekend race',
    status: 'active',
    until: new Date(NOW + 26 * 3_600_000 + 5 * 60_000).toISOString(),
    prize: 5000,
    currency: 'USD',
  },
  winners: [
    { id: 'r1', player: 'jo***', sysname: 'moon-slot', game: 'Moon Slot', win: 250, currency: 'USD' },
  ],
  events: [
    {
      id: 'sr:match:1',
      sport: 'soccer',
      tournament: 'Premier League',
      home: 'Reds',
      away: 'Blues',
      live: true,
      start: '2026-11-29T11:00:00Z',
      score: '1:0',
      outcomes: [
        { id: '1', name: 'Reds', odds: 1.8 },
        { id: '2', name: 'Draw', odds: 3.4 },
      ],
    },
  ],
};

/** The browser's IntersectionObserver as the test drives it: nothing is in view until `scrollToBlocks`. */
let observers: { callback: IntersectionObserverCallback; nodes: Element[] }[] = [];
class FakeIntersectionObserver {
  entry: { callback: IntersectionObserverCallback; nodes: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, nodes: [] };
    observers.push(this.entry);
  }
  observe(node: Element) {
    this.entry.nodes.push(node);
  }
  disconnect() {
    observers = observers.filter((o) => o !== this.entry);
  }
}
beforeEach(() => {
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => vi.unstubAllGlobals());

/** Brings the blocks into view (once their code has loaded in this file, they render at once: nothing observes). */
const scrollToBlocks = async () => {
  await act(async () => undefined);
  act(() => {
    for (const { callback, nodes } of observers)
      callback(
        nodes.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
  });
};

const renderHome = (blocks: THomeBlocks, locale = 'en') => {
  const data = {
    locale,
    defaultLocale: 'en',
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    locales: [{ code: 'en' }, { code: 'ar' }],
    theme: 'dark',
    messages,
    account: null,
    cms: { banners: [], flags: {} },
    generalInfo: { time_to_force_logout: 0 },
  } as unknown as TSiteData;
  const element = <HomePage banners={[]} rows={[]} emptyText="" blocks={blocks} now={NOW} />;
  const router = createMemoryRouter([{ id: 'root', path: '/', loader: () => data, element }], {
    hydrationData: { loaderData: { root: data } },
  });
  return renderWithSite(router, { messages: locale === 'ar' ? arabic : messages, locale });
};

describe('the home page live blocks', () => {
  it('hold their place and load no code until they come into view', async () => {
    const { container } = renderHome(BLOCKS);
    await waitFor(() => expect(observers.length).toBe(1));
    const slot = container.querySelector('[aria-hidden="true"].min-h-80');
    expect(observers[0]?.nodes).toEqual([slot]);
    expect(screen.queryByTestId('home-jackpots')).toBeNull();
    await scrollToBlocks();
    expect(await screen.findByTestId('home-jackpots')).toBeInTheDocument();
    expect(observers).toEqual([]);
  });

  it('show the pools, the tournament with its time left, the masked wins and the events with their odds', async () => {
    renderHome(BLOCKS);
    await scrollToBlocks();
    const jackpots = await screen.findByTestId('home-jackpots');
    expect(within(jackpots).getByRole('heading', { name: 'Jackpots' })).toBeInTheDocument();
    expect(within(jackpots).getByTestId('home-jackpot-amount')).toHaveTextContent('$1,234,567.89');
    expect(within(jackpots).getByRole('link', { name: /Mega/ })).toHaveAttribute('href', '/jackpots/3');

    const tournament = screen.getByTestId('home-tournament');
    expect(tournament).toHaveTextContent('Weekend race');
    expect(tournament).toHaveTextContent('$5,000.00');
    expect(within(tournament).getByTestId('home-tournament-left')).toHaveTextContent(/^1d 02:0\d:\d\d$/);
    expect(within(tournament).getByRole('link', { name: 'Take part' })).toHaveAttribute(
      'href',
      '/tournaments/9',
    );

    const winners = screen.getByTestId('home-winners');
    expect(winners).toHaveTextContent('jo***');
    expect(winners).toHaveTextContent('$250.00');
    expect(within(winners).getByRole('link', { name: 'Moon Slot' })).toHaveAttribute(
      'href',
      '/game/moon-slot',
    );

    const sports = screen.getByTestId('home-sports');
    expect(sports).toHaveTextContent(/Live\s*1:0/);
    const draw = within(sports).getByRole('link', { name: 'Reds – Blues: Draw 3.40' });
    expect(draw).toHaveAttribute('href', '/betting/event/sr%3Amatch%3A1');
    expect(draw).toHaveTextContent('3.40');
  });

  it('leave out a block with nothing to show, and the whole section when none has', async () => {
    const { unmount } = renderHome({ ...NO_BLOCKS, winners: BLOCKS.winners });
    await scrollToBlocks();
    await screen.findByTestId('home-winners');
    for (const id of ['home-jackpots', 'home-tournament', 'home-sports'])
      expect(screen.queryByTestId(id)).toBeNull();
    unmount();
    const { container } = renderHome(NO_BLOCKS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector('[data-server-html="live-blocks"]')).toBeNull();
    expect(screen.queryByTestId('home-winners')).toBeNull();
  });

  it('speak Arabic in Arabic', async () => {
    renderHome(BLOCKS, 'ar');
    await scrollToBlocks();
    const jackpots = await screen.findByTestId('home-jackpots');
    expect(within(jackpots).getByRole('heading')).toHaveTextContent('الجوائز الكبرى');
    expect(screen.getByTestId('home-tournament')).toHaveTextContent('شارك');
  });
});
