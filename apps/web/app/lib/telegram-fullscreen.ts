/**
 * Full screen inside Telegram: its web view (iOS above all) has no element Fullscreen API, but the Mini App
 * can ask Telegram to go full screen (WebApp.requestFullscreen, Bot API 8.0). Null outside Telegram or on an
 * older client. features/telegram announces TELEGRAM_READY_EVENT once Telegram's script has loaded.
 */
export const TELEGRAM_READY_EVENT = 'telegram-webapp-ready';

interface TWebAppFullscreen {
  isFullscreen?: boolean;
  requestFullscreen?: () => void;
  exitFullscreen?: () => void;
  isVersionAtLeast?: (version: string) => boolean;
  onEvent?: (event: 'fullscreenChanged', handler: () => void) => void;
  offEvent?: (event: 'fullscreenChanged', handler: () => void) => void;
}

export const telegramFullscreen = (w: Window) => {
  const app = (w as Window & { Telegram?: { WebApp?: TWebAppFullscreen } }).Telegram?.WebApp;
  if (!app?.requestFullscreen || !app.exitFullscreen || !app.onEvent || !app.offEvent) return null;
  if (app.isVersionAtLeast && !app.isVersionAtLeast('8.0')) return null;
  const { onEvent, offEvent } = app;
  return {
    isActive: () => app.isFullscreen === true,
    toggle: () => (app.isFullscreen ? app.exitFullscreen?.() : app.requestFullscreen?.()),
    onChange: (handler: () => void) => {
      onEvent('fullscreenChanged', handler);
      return () => offEvent('fullscreenChanged', handler);
    },
  };
};
