/**
 * Whether the page runs inside Telegram's Mini App web view. Tiny on purpose: it is in the entry chunk, while
 * Telegram's script and our Mini App wiring (features/telegram) load only when this says yes.
 * Telegram opens the app with launch params in the hash (`#tgWebAppData=…&tgWebAppPlatform=…`); the hash is
 * gone after the first navigation, so the answer is remembered for the tab.
 */
const FLAG = 'tg-webapp';

type TTelegramWindow = Window & {
  Telegram?: { WebApp?: { initData?: string } };
  TelegramWebviewProxy?: unknown;
};

const remembered = (w: Window) => {
  try {
    return w.sessionStorage.getItem(FLAG) === '1';
  } catch {
    return false;
  }
};

const remember = (w: Window) => {
  try {
    w.sessionStorage.setItem(FLAG, '1');
  } catch {
    // storage refused (private mode): the launch hash still told us for this page
  }
};

/** Inside Telegram: launch params in the hash, Telegram's web view bridge, its WebApp with initData, or remembered. */
export const isTelegramLaunch = (w: Window = window) => {
  const t = w as TTelegramWindow;
  const launched =
    /(^#|&)tgWebApp(Data|Platform|Version)=/.test(w.location.hash) ||
    t.TelegramWebviewProxy !== undefined ||
    Boolean(t.Telegram?.WebApp?.initData);
  if (launched) remember(w);
  return launched || remembered(w);
};

/** The same answer during server rendering: never (the server cannot know). */
export const isInTelegram = () => typeof window !== 'undefined' && isTelegramLaunch(window);
