import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../lib/test/render-with-site';
import { DialogHost } from '../../ui/dialogs/dialog-host';
import { ToastHost, toastStore } from '../../ui/toasts';
import TelegramMiniApp from './telegram-mini-app';

const noop = () => {};
const WEB_APP = {
  initData: 'query_id=1&user=%7B%22id%22%3A1%7D&hash=stale',
  themeParams: {},
  ready: noop,
  onEvent: noop,
  offEvent: noop,
  BackButton: { show: noop, hide: noop, onClick: noop, offClick: noop },
};

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toastStore.clear());
  delete (window as { Telegram?: unknown }).Telegram;
});

/** The Mini App on a site whose auth.register answers `answer` for each call's params; answers the calls made. */
const mountWith = (answer: (params: URLSearchParams) => Response) => {
  (window as { Telegram?: unknown }).Telegram = { WebApp: WEB_APP };
  const registers: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const name = new URL(input, 'http://site.test').pathname.replace('/api/', '');
      if (name === 'auth.register') {
        const params = new URLSearchParams(init?.body as URLSearchParams);
        registers.push(params);
        return answer(params);
      }
      return new Response(JSON.stringify({ data: { uid: 0 }, error: null }));
    }),
  );
  const root = { locale: 'en', defaultLocale: 'en', account: null, cms: {} };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => root,
        element: (
          <>
            <TelegramMiniApp />
            <DialogHost />
            <ToastHost />
          </>
        ),
      },
    ],
    { hydrationData: { loaderData: { root } } },
  );
  renderWithSite(router);
  return registers;
};

const refusal = (invalid_parameters?: Record<string, string>) =>
  new Response(
    JSON.stringify({
      data: null,
      error: {
        type: 'InvalidParameterException',
        error_data: invalid_parameters ? { invalid_parameters } : {},
      },
    }),
    { status: 400 },
  );

describe('the messaging app sign-in (Telegram Mini App)', () => {
  it('a refused sign-up shows the spec §8 error toast (popups.registration.wrongRegServerError)', async () => {
    const registers = mountWith(() => refusal());
    expect(
      await screen.findByText('Registration failed. Please check your details and try again.'),
    ).toBeInTheDocument();
    expect(registers).toHaveLength(1);
  });

  it('a new account refused for the terms asks for them and, accepted, signs up with terms=1', async () => {
    const registers = mountWith((params) =>
      params.get('terms') === '1'
        ? new Response(
            JSON.stringify({ data: { uid: 9, login: 'tg1', is_registration_completed: true }, error: null }),
          )
        : refusal({ terms: 'uncheckedCheckbox' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('I am at least 18 years old and I accept the Terms and Conditions');
    expect(registers).toHaveLength(1);
    expect(registers[0]?.get('terms')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(registers).toHaveLength(2));
    expect(registers[1]?.get('is_tg')).toBe('1');
    expect(registers[1]?.get('terms')).toBe('1');
    expect(screen.queryByText('Registration failed. Please check your details and try again.')).toBeNull();
  });

  it('declining the terms leaves the visitor signed out, with no error', async () => {
    const registers = mountWith(() => refusal({ terms: 'uncheckedCheckbox' }));
    await screen.findByRole('alertdialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(registers).toHaveLength(1);
    expect(screen.queryByText('Registration failed. Please check your details and try again.')).toBeNull();
  });
});
