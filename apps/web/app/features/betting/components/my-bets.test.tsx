import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { MyBets } from './my-bets';

/** sportsbook.getBets answers from `answers` in turn (the network is the only thing stubbed). */
const stubBets = (answers: (() => Promise<Response>)[]) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://site.test');
      calls.push(url.pathname);
      const next = answers.shift();
      if (!next) throw new Error(`unexpected call ${url.pathname}`);
      return next();
    }),
  );
  return calls;
};

const ok = (data: unknown) => async () => new Response(JSON.stringify({ data, error: null }));

const renderBets = () =>
  renderWithSite(createMemoryRouter([{ path: '/', element: <MyBets /> }], { initialEntries: ['/'] }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the player’s sports bets', () => {
  it('says it is loading until the bets arrive, then that there are none', async () => {
    let answer: (r: Response) => void = () => {};
    stubBets([() => new Promise<Response>((resolve) => (answer = resolve))]);
    renderBets();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    answer(new Response(JSON.stringify({ data: { items: [], count: 0 }, error: null })));
    expect(await screen.findByText('No bets here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a failure with a way to try again, which loads them', async () => {
    const calls = stubBets([
      async () => new Response('upstream down', { status: 502 }),
      ok({ items: [], count: 0 }),
    ]);
    renderBets();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByText('No bets here yet.')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No bets here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual(['/api/sportsbook.getBets', '/api/sportsbook.getBets']);
  });
});
