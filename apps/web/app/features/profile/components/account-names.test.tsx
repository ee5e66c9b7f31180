import '@testing-library/jest-dom/vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { AccountNames } from './account-names';

const renderNames = (validators?: { passwordMin: number; fakenameMin: number }) => {
  const site = {
    locale: 'en',
    defaultLocale: 'en',
    locales: [{ code: 'en' }],
    cms: { flags: {}, ...(validators && { validators }) },
  };
  const router = createMemoryRouter(
    [{ id: 'root', path: '/profile/settings', loader: () => site, element: <AccountNames fakename="" /> }],
    { initialEntries: ['/profile/settings'], hydrationData: { loaderData: { root: site } } },
  );
  renderWithSite(router);
};

const submit = (name: string) => {
  fireEvent.change(screen.getByLabelText(/Nickname/), { target: { value: name } });
  fireEvent.click(screen.getByTestId('save-fakename'));
};

describe('the nickname follows the operator’s validator config (spec §3)', () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ data: 1, error: null })));
  beforeEach(() => {
    fetch.mockClear();
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a nickname under the raised minimum before asking the server, and says the minimum', async () => {
    renderNames({ passwordMin: 6, fakenameMin: 8 });
    submit('Abcdef7');
    expect(await screen.findByText('Min length is 8')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the spec’s 4 when the operator set nothing', async () => {
    renderNames();
    submit('Abcdef7');
    expect(screen.queryByText(/Min length/)).toBeNull();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  });
});
