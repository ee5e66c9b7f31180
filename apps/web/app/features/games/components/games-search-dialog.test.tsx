import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { clearRecent, readRecent } from '../lib/recent-searches';
import GamesSearchDialog, { SEARCH_DEBOUNCE_MS } from './games-search-dialog';

const GAMES = [
  { sysname: 'sparkrush_dice_duel', name: 'Dice Duel', provider: 'sparkrush' },
  { sysname: 'sparkrush_hex_dice', name: 'Hex Dice', provider: 'sparkrush' },
  { sysname: 'sparkrush_lucky_roll', name: 'Lucky Roll', provider: 'sparkrush' },
];

let location = '';
function Probe() {
  location = useLocation().pathname;
  return null;
}

const fetchMock = vi.fn(async (input: string) => {
  const query = new URL(input, 'http://x').searchParams.get('query') ?? '';
  const items = GAMES.filter((g) => g.name.toLowerCase().includes(query.toLowerCase()));
  return new Response(JSON.stringify({ data: { items, total: items.length }, error: null }));
});

const renderDialog = () => {
  const close = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <GamesSearchDialog dialog={{ id: 'games-search', close, update: vi.fn() }} />
            <Probe />
          </>
        ),
      },
    ],
    { initialEntries: ['/gamehall'] },
  );
  renderWithSite(router);
  return { close };
};

describe('games search dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    clearRecent();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks games.get once the typing stops, then moves with the arrow keys and opens with Enter', async () => {
    const { close } = renderDialog();
    const input = screen.getByTestId('games-search-input');
    fireEvent.change(input, { target: { value: 'd' } });
    fireEvent.change(input, { target: { value: 'di' } });
    fireEvent.change(input, { target: { value: 'dic' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('query=dic');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Dice Duel'),
      expect.stringContaining('Hex Dice'),
    ]);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(close).toHaveBeenCalled();
    expect(location).toBe('/game/sparkrush_hex_dice');
    expect(readRecent()).toEqual(['dic']);
  });

  it('says nothing was found, and offers the recent searches when the field is empty', async () => {
    localStorage.setItem('games_recent_searches', JSON.stringify(['roulette']));
    renderDialog();
    expect(screen.getByRole('button', { name: 'roulette' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('games-search-input'), { target: { value: 'zzz' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50);
    });
    expect(await screen.findByText('No games found')).toBeTruthy();
  });
});
