/** The Mini App pieces against a fake `Telegram.WebApp` (Telegram is outside the product). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTelegramLaunch } from '../../lib/telegram';
import {
  applyTheme,
  historyIndex,
  loadWebApp,
  signInWithInitData,
  TELEGRAM_SCRIPT,
  type TTelegramWebApp,
  themeVariables,
  wireBackButton,
} from './telegram-webapp';

const fakeWebApp = (overrides: Partial<TTelegramWebApp> = {}) => {
  const handlers = new Set<() => void>();
  const back = { visible: false, clicks: new Set<() => void>() };
  const app = {
    initData: 'query_id=Q&user=%7B%22id%22%3A1%7D&auth_date=1&hash=abc',
    colorScheme: 'light' as const,
    themeParams: { bg_color: '#ffffff', text_color: '#111111', button_color: '#2481cc' } as Record<
      string,
      string
    >,
    ready: vi.fn(),
    onEvent: (_: 'themeChanged', h: () => void) => handlers.add(h),
    offEvent: (_: 'themeChanged', h: () => void) => handlers.delete(h),
    BackButton: {
      show: () => {
        back.visible = true;
      },
      hide: () => {
        back.visible = false;
      },
      onClick: (h: () => void) => back.clicks.add(h),
      offClick: (h: () => void) => back.clicks.delete(h),
    },
    ...overrides,
  };
  return {
    app,
    back,
    changeTheme: (params: Record<string, string>, scheme: 'light' | 'dark') => {
      app.themeParams = params;
      (app as { colorScheme: string }).colorScheme = scheme;
      for (const h of handlers) h();
    },
    clickBack: () => {
      for (const h of back.clicks) h();
    },
    handlers,
  };
};

afterEach(() => {
  document.documentElement.removeAttribute('style');
  delete document.documentElement.dataset.theme;
  sessionStorage.clear();
  window.location.hash = '';
  delete (window as { Telegram?: unknown }).Telegram;
});

describe('inside Telegram or not', () => {
  it('is known from the launch hash, remembered for the tab after the hash is gone', () => {
    expect(isTelegramLaunch(window)).toBe(false);
    window.location.hash = '#tgWebAppData=query_id%3DQ&tgWebAppVersion=8.0&tgWebAppPlatform=ios';
    expect(isTelegramLaunch(window)).toBe(true);
    window.location.hash = '';
    expect(isTelegramLaunch(window)).toBe(true);
    sessionStorage.clear();
    expect(isTelegramLaunch(window)).toBe(false);
  });

  it('is known from a WebApp with initData; a look-alike hash is not enough', () => {
    window.location.hash = '#notgWebAppData=1';
    expect(isTelegramLaunch(window)).toBe(false);
    (window as { Telegram?: unknown }).Telegram = { WebApp: { initData: 'x=1' } };
    expect(isTelegramLaunch(window)).toBe(true);
  });
});

describe('Telegram script', () => {
  it('is loaded only when the web view did not provide the WebApp', async () => {
    const { app } = fakeWebApp();
    const loadScript = vi.fn(async () => {
      (window as { Telegram?: unknown }).Telegram = { WebApp: app };
    });
    expect(await loadWebApp(window, loadScript)).toBe(app);
    expect(loadScript).toHaveBeenCalledWith(TELEGRAM_SCRIPT);
    expect(await loadWebApp(window, loadScript)).toBe(app);
    expect(loadScript).toHaveBeenCalledTimes(1);
  });
});

describe('theme', () => {
  it('maps the theme params to our variables, colours only', () => {
    expect(
      themeVariables({
        bg_color: '#17212b',
        secondary_bg_color: '#232e3c',
        text_color: '#f5f5f5',
        hint_color: '#708499',
        button_color: '#5288c1',
        button_text_color: '#ffffff',
        link_color: 'red; background: url(//evil)',
      }),
    ).toEqual({
      '--bg': '#17212b',
      '--bg-elevated': '#232e3c',
      '--surface': '#232e3c',
      '--surface-hover': '#232e3c',
      '--line': '#708499',
      '--text': '#f5f5f5',
      '--text-strong': '#f5f5f5',
      '--text-muted': '#708499',
      '--accent': '#5288c1',
      '--accent-strong': '#5288c1',
      '--accent-contrast': '#ffffff',
      '--header-bg': '#17212b',
    });
  });

  it('applies them with the colour scheme, follows themeChanged and undoes itself', () => {
    const fake = fakeWebApp();
    const root = document.documentElement;
    const undo = applyTheme(root, fake.app);
    expect(root.style.getPropertyValue('--bg')).toBe('#ffffff');
    expect(root.style.getPropertyValue('--accent')).toBe('#2481cc');
    expect(root.dataset.theme).toBe('light');
    fake.changeTheme({ bg_color: '#000000' }, 'dark');
    expect(root.style.getPropertyValue('--bg')).toBe('#000000');
    expect(root.style.getPropertyValue('--accent')).toBe('');
    expect(root.dataset.theme).toBe('dark');
    undo();
    expect(fake.handlers.size).toBe(0);
    expect(root.style.getPropertyValue('--bg')).toBe('');
  });
});

describe('back button', () => {
  it('shows while there is a page to go back to and goes back; hidden on the first page', () => {
    const fake = fakeWebApp();
    const goBack = vi.fn();
    wireBackButton(fake.app, false, goBack)();
    expect(fake.back.visible).toBe(false);
    const undo = wireBackButton(fake.app, true, goBack);
    expect(fake.back.visible).toBe(true);
    fake.clickBack();
    expect(goBack).toHaveBeenCalledTimes(1);
    undo();
    expect(fake.back.visible).toBe(false);
    expect(fake.back.clicks.size).toBe(0);
  });
});

describe('history index', () => {
  it("reads React Router's entry index, 0 when the state is not its own", () => {
    window.history.replaceState({ usr: null, key: 'a', idx: 2 }, '');
    expect(historyIndex(window)).toBe(2);
    window.history.replaceState({ idx: 'x' }, '');
    expect(historyIndex(window)).toBe(0);
    window.history.replaceState(null, '');
    expect(historyIndex(window)).toBe(0);
  });
});

describe('sign-in', () => {
  it('sends the initData as it came through auth.register with is_tg', async () => {
    const fake = fakeWebApp();
    const register = vi.fn(async () => ({ uid: 7, login: 'tg1', is_registration_completed: false }));
    expect(await signInWithInitData(fake.app, register)).toEqual({
      uid: 7,
      login: 'tg1',
      is_registration_completed: false,
    });
    expect(register).toHaveBeenCalledWith({ is_tg: '1', init_data: fake.app.initData });
  });

  it('sends nothing when Telegram gave no initData (opened from a plain link)', async () => {
    const register = vi.fn();
    expect(await signInWithInitData(fakeWebApp({ initData: '' }).app, register)).toBeNull();
    expect(register).not.toHaveBeenCalled();
  });
});
