/** The game session sounds a bet, a win, a loss and a cash-out (issue 41); the sound switch decides if they play. */
import { act } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { type TGameSession, type TPlayResult, useGameSession } from './use-game-session';

const mocks = vi.hoisted(() => ({ playSound: vi.fn(), post: vi.fn() }));
vi.mock('../../sound/sounds', () => ({ playSound: mocks.playSound }));
vi.mock('../../../lib/api/browser', () => ({ api: { post: mocks.post, get: vi.fn() } }));

const result = (round: string, win: number, status: TPlayResult['status'] = 'finished'): TPlayResult => ({
  round_id: round,
  status,
  outcome: null,
  bet: 1,
  win,
  balance: 100,
  currency: 'USD',
  server_seed_hash: '',
  client_seed: '',
  nonce: 1,
  resumed: false,
});

let session: TGameSession | null = null;
function Probe() {
  session = useGameSession({ sysname: 'moon-slot' }, 'demo');
  return null;
}

const start = () => {
  const router = createMemoryRouter([{ id: 'root', path: '/', element: <Probe /> }], {
    hydrationData: { loaderData: { root: { account: null } } },
  });
  renderWithSite(router);
  if (!session) throw new Error('not rendered');
  return () => session as TGameSession;
};

beforeEach(() => {
  mocks.playSound.mockReset();
  mocks.post.mockReset();
});

describe('the game sounds', () => {
  it('a bet, then its win or its loss when the screen reveals the round', async () => {
    const game = start();
    mocks.post.mockResolvedValueOnce(result('r1', 5));
    let answer: TPlayResult | null = null;
    await act(async () => {
      answer = await game().play({ bet: '1.00' });
    });
    expect(mocks.playSound.mock.calls).toEqual([['bet']]);
    act(() => game().reveal(answer as unknown as TPlayResult));
    expect(mocks.playSound).toHaveBeenLastCalledWith('win');
    act(() => game().reveal(result('r2', 0)));
    expect(mocks.playSound).toHaveBeenLastCalledWith('lose');
  });

  it('a cash-out sounds like coins, and an action of an open round is no bet', async () => {
    const game = start();
    mocks.post.mockResolvedValueOnce(result('r3', 2.5));
    let answer: TPlayResult | null = null;
    await act(async () => {
      answer = await game().play({ roundId: 'r3', params: { type: 'cashout' } });
    });
    expect(mocks.playSound).not.toHaveBeenCalled();
    act(() => game().reveal(answer as unknown as TPlayResult));
    expect(mocks.playSound.mock.calls).toEqual([['cashout']]);
  });

  it("a round still open makes no outcome sound; a table's settlement of a held bet does", () => {
    const game = start();
    act(() => game().reveal(result('r4', 0, 'open')));
    expect(mocks.playSound).not.toHaveBeenCalled();
    act(() => game().hold('table:1'));
    act(() => game().settledByTable('table:1', 3));
    expect(mocks.playSound).toHaveBeenLastCalledWith('win');
    act(() => game().settledByTable('table:1', 3));
    expect(mocks.playSound).toHaveBeenCalledOnce();
  });
});
