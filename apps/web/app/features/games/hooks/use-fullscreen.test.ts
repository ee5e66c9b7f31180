/** The game's full-screen toggle inside Telegram: the Mini App's own full screen, found also when Telegram's script loads late. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TELEGRAM_READY_EVENT } from '../../../lib/telegram-fullscreen';
import { useFullscreen } from './use-fullscreen';

/** Telegram's WebApp as far as full screen goes (Telegram is outside the product). */
const fakeWebApp = (version = '8.0') => {
  const handlers = new Set<() => void>();
  const app = {
    isFullscreen: false,
    isVersionAtLeast: (v: string) => Number(version) >= Number(v),
    requestFullscreen: vi.fn(() => {
      app.isFullscreen = true;
      for (const h of handlers) h();
    }),
    exitFullscreen: vi.fn(() => {
      app.isFullscreen = false;
      for (const h of handlers) h();
    }),
    onEvent: (_: string, h: () => void) => handlers.add(h),
    offEvent: (_: string, h: () => void) => handlers.delete(h),
  };
  return { app, handlers };
};

const install = (app: unknown) => {
  (window as { Telegram?: unknown }).Telegram = { WebApp: app };
};

afterEach(() => {
  delete (window as { Telegram?: unknown }).Telegram;
});

const ref = { current: document.createElement('div') };

describe('useFullscreen inside Telegram', () => {
  it("toggles Telegram's full screen and follows fullscreenChanged", async () => {
    const { app, handlers } = fakeWebApp();
    install(app);
    const { result, unmount } = renderHook(() => useFullscreen(ref));
    expect(result.current).toMatchObject({ supported: true, active: false, app: true });
    await act(() => result.current.toggle());
    expect(app.requestFullscreen).toHaveBeenCalledTimes(1);
    expect(result.current.active).toBe(true);
    await act(() => result.current.toggle());
    expect(app.exitFullscreen).toHaveBeenCalledTimes(1);
    expect(result.current.active).toBe(false);
    unmount();
    expect(handlers.size).toBe(0);
  });

  it("finds Telegram's full screen once its script has loaded after the page", () => {
    const { result } = renderHook(() => useFullscreen(ref));
    expect(result.current.app).toBe(false);
    install(fakeWebApp().app);
    act(() => {
      window.dispatchEvent(new Event(TELEGRAM_READY_EVENT));
    });
    expect(result.current).toMatchObject({ supported: true, app: true });
  });

  it('keeps the browser API on a Telegram client older than 8.0', () => {
    install(fakeWebApp('7.10').app);
    const { result } = renderHook(() => useFullscreen(ref));
    expect(result.current.app).toBe(false);
  });
});
