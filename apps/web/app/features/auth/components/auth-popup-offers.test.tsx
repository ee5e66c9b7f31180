/**
 * Issue 36: the sign-in dialog offers no bonus to a player in a time-out or self-exclusion — neither on a browser
 * that carries the pause (the root's cms comes without the panel) nor once the sign-in it tried is refused.
 */
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { cmsForBrowser } from '../../../lib/site/marketing-pause.ts';
import type { TCmsConfig } from '../../../lib/site/types.ts';
import { fakeAuthApi, renderAuth, resetDialogs } from '../test/render-auth.tsx';

afterEach(resetDialogs);

const NOW = new Date('2026-11-21T12:00:00Z');
const cms: TCmsConfig = {
  banners: [],
  pages: [],
  redirects: [],
  localeDetect: 'browser',
  flags: {},
  authBanner: { terms: { percent: 100, max_amount: 200, min_amount: 20, wager: 35 } },
};
const OFFER = '100% up to $200.00';

describe('the sign-in dialog and the welcome offer', () => {
  it('offers it to a visitor', async () => {
    renderAuth({ view: 'authorization', site: { cms } });
    expect(await screen.findByText(OFFER)).toBeInTheDocument();
    expect(screen.getByText('Welcome bonus')).toBeInTheDocument();
  });

  it('offers nothing on a browser paused by a time-out or self-exclusion', async () => {
    const paused = cmsForBrowser(cms, `rg_pause=${Math.floor(NOW.getTime() / 1000) + 3600}`, NOW);
    for (const view of ['authorization', 'registration'] as const) {
      const { unmount } = renderAuth({ view, site: { cms: paused } });
      await screen.findByRole('dialog');
      expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
      expect(screen.queryByText('Welcome bonus')).not.toBeInTheDocument();
      unmount();
      resetDialogs();
    }
  });

  it('takes the offer away when the sign-in is refused for a time-out or self-exclusion', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({
      login: vi.fn(async () => {
        throw new ApiError(
          'AccessDeniedException',
          { reason: 'self_excluded', type: 'self_exclusion', until: null, is_permanent: true },
          403,
        );
      }),
    });
    renderAuth({ view: 'authorization', api, site: { cms } });
    expect(await screen.findByText(OFFER)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/permanently self-excluded/)).toBeInTheDocument();
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
    expect(screen.queryByText('Welcome bonus')).not.toBeInTheDocument();
  });
});
