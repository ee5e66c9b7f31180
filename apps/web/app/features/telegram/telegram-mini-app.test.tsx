import '@testing-library/jest-dom/vitest';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../lib/test/render-with-site';
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

describe('the messaging app sign-in (Telegram Mini App)', () => {
  it('a refused sign-up shows the spec §8 error toast (popups.registration.wrongRegServerError)', async () => {
    (window as { Telegram?: unknown }).Telegram = { WebApp: WEB_APP };
    const registers: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const name = new URL(input, 'http://site.test').pathname.replace('/api/', '');
        if (name === 'auth.register') {
          registers.push(name);
          return new Response(
            JSON.stringify({ data: null, error: { type: 'InvalidParameterException', error_data: {} } }),
            { status: 400 },
          );
        }
        return new Response(JSON.stringify({ data: { uid: 0 }, error: null }));
      }),
    );
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: () => ({ locale: 'en', defaultLocale: 'en', account: null, cms: {} }),
          element: (
            <>
              <TelegramMiniApp />
              <ToastHost />
            </>
          ),
        },
      ],
      {
        hydrationData: {
          loaderData: { root: { locale: 'en', defaultLocale: 'en', account: null, cms: {} } },
        },
      },
    );
    renderWithSite(router);
    expect(
      await screen.findByText('Registration failed. Please check your details and try again.'),
    ).toBeInTheDocument();
    expect(registers).toEqual(['auth.register']);
  });
});
