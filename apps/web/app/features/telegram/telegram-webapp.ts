/**
 * The site inside Telegram's Mini App web view (https://core.telegram.org/bots/webapps): Telegram's script,
 * sign-in from its initData, its theme on our CSS variables, its back button on the history. Only the part of
 * `Telegram.WebApp` we use is typed here.
 */
import type { TAuthAccount } from '@casino/contracts/calls/auth';

export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

export type TThemeParams = Partial<Record<string, string>>;

export interface TTelegramWebApp {
  initData: string;
  colorScheme?: 'light' | 'dark';
  themeParams: TThemeParams;
  ready: () => void;
  expand?: () => void;
  onEvent: (event: 'themeChanged', handler: () => void) => void;
  offEvent: (event: 'themeChanged', handler: () => void) => void;
  BackButton: {
    show: () => void;
    hide: () => void;
    onClick: (handler: () => void) => void;
    offClick: (handler: () => void) => void;
  };
}

type TTelegramWindow = Window & { Telegram?: { WebApp?: TTelegramWebApp } };

export const webAppOf = (w: Window): TTelegramWebApp | null =>
  (w as TTelegramWindow).Telegram?.WebApp ?? null;

/** Telegram's WebApp object, loading its script first when the web view has not put it there. */
export const loadWebApp = async (
  w: Window,
  loadScript: (src: string) => Promise<void>,
): Promise<TTelegramWebApp | null> => {
  if (!webAppOf(w)) await loadScript(TELEGRAM_SCRIPT);
  return webAppOf(w);
};

/** Our theme variables (app.css) from Telegram's theme params; the first param present wins. */
const THEME_MAP: Record<string, string[]> = {
  '--bg': ['bg_color'],
  '--bg-elevated': ['secondary_bg_color', 'bg_color'],
  '--surface': ['section_bg_color', 'secondary_bg_color'],
  '--surface-hover': ['secondary_bg_color'],
  '--line': ['section_separator_color', 'hint_color'],
  '--text': ['text_color'],
  '--text-strong': ['text_color'],
  '--text-muted': ['hint_color', 'subtitle_text_color'],
  '--accent': ['button_color'],
  '--accent-strong': ['button_color'],
  '--accent-contrast': ['button_text_color'],
  '--brand': ['accent_text_color', 'link_color'],
  '--header-bg': ['header_bg_color', 'bg_color'],
};

// Only colours reach the style sheet: a theme param is text from outside the page.
const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export const themeVariables = (params: TThemeParams) => {
  const variables: Record<string, string> = {};
  for (const [variable, keys] of Object.entries(THEME_MAP)) {
    const colour = keys.map((key) => params[key]).find((value) => value !== undefined && COLOUR.test(value));
    if (colour) variables[variable] = colour;
  }
  return variables;
};

/** Puts Telegram's colours on the page and follows its theme changes; answers the undo. */
export const applyTheme = (root: HTMLElement, webApp: TTelegramWebApp) => {
  let applied: string[] = [];
  const apply = () => {
    for (const name of applied) root.style.removeProperty(name);
    const variables = themeVariables(webApp.themeParams ?? {});
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    applied = Object.keys(variables);
    if (webApp.colorScheme === 'light' || webApp.colorScheme === 'dark')
      root.dataset.theme = webApp.colorScheme;
  };
  apply();
  webApp.onEvent('themeChanged', apply);
  return () => {
    webApp.offEvent('themeChanged', apply);
    for (const name of applied) root.style.removeProperty(name);
  };
};

/** React Router's index of the current history entry (0 for the first, also when the state is not its own). */
export const historyIndex = (w: Window) => {
  const idx = (w.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && Number.isSafeInteger(idx) ? idx : 0;
};

/** Telegram's back button shows while there is a page of ours to go back to, and goes back; answers the undo. */
export const wireBackButton = (webApp: TTelegramWebApp, canGoBack: boolean, goBack: () => void) => {
  if (!canGoBack) {
    webApp.BackButton.hide();
    return () => undefined;
  }
  webApp.BackButton.onClick(goBack);
  webApp.BackButton.show();
  return () => {
    webApp.BackButton.offClick(goBack);
    webApp.BackButton.hide();
  };
};

/**
 * Signs the Telegram user in (or up) through auth.register with the WebApp's initData; null when it has none.
 * `termsAccepted` says the player has just accepted the operator's terms, which a new account needs.
 */
export const signInWithInitData = async (
  webApp: TTelegramWebApp,
  register: (payload: Record<string, string>) => Promise<TAuthAccount>,
  termsAccepted = false,
): Promise<TAuthAccount | null> => {
  if (!webApp.initData) return null;
  return register({ is_tg: '1', init_data: webApp.initData, ...(termsAccepted ? { terms: '1' } : {}) });
};
