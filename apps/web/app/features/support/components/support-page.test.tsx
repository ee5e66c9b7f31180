/** /support says what is true (a live chat only when one is configured) and prefills a player's own e-mail. */
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setChatState } from '../../../lib/chat-bus';
import { parseCmsConfig } from '../../../lib/site/cms';
import type { TSiteData } from '../../../lib/site/types';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { playerEmail } from '../lib/feedback';
import { FeedbackForm } from './feedback-form';
import { SupportPage } from './support-page';

const data: TSiteData = {
  locale: 'en',
  defaultLocale: 'en',
  dir: 'ltr',
  locales: [{ code: 'en' }],
  theme: 'dark',
  messages: {},
  account: null,
  cms: parseCmsConfig({}),
  generalInfo: { time_to_force_logout: 0 },
};

const renderSupport = () => {
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => data, element: <SupportPage /> }],
    {
      hydrationData: { loaderData: { root: data } },
    },
  );
  return renderWithSite(router);
};

afterEach(() => setChatState('none'));

describe('the support page', () => {
  it('promises no round-the-clock team, and names the live chat only once one is configured', async () => {
    renderSupport();
    const page = await screen.findByTestId('support-page');
    expect(page).not.toHaveTextContent(/around the clock|24\/7/i);
    expect(page).toHaveTextContent('Our team answers what you write to us by e-mail or with the form below.');
    expect(page).not.toHaveTextContent(/live chat/i);
    act(() => setChatState('ready'));
    expect(page).toHaveTextContent('a live chat with our team');
  });

  it("prefills the player's e-mail, from their contacts or an e-mail login", () => {
    expect(playerEmail('ann', [{ type: 'email', value: 'ann@example.com' }])).toBe('ann@example.com');
    expect(playerEmail('bob@example.com', [{ type: 'phone', value: '+3312345678' }])).toBe('bob@example.com');
    expect(playerEmail('bob', [])).toBe('');
    const { rerender } = render(<FeedbackForm signedIn playerEmail="" />);
    const field = screen.getByLabelText('Your e-mail') as HTMLInputElement;
    expect(field.value).toBe('');
    rerender(<FeedbackForm signedIn playerEmail="ann@example.com" />);
    expect(field.value).toBe('ann@example.com');
  });
});
