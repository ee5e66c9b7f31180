/**
 * Full screen for one element: the Fullscreen API (with the webkit prefix of older Safari), or inside Telegram
 * the Mini App's own full screen (lib/telegram-fullscreen.ts), where `app` is true and the element fills the view.
 */
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { TELEGRAM_READY_EVENT, telegramFullscreen } from '../../../lib/telegram-fullscreen';

type TWebkitDocument = Document & { webkitFullscreenElement?: Element; webkitExitFullscreen?: () => void };
type TWebkitElement = HTMLElement & { webkitRequestFullscreen?: () => void };

export const useFullscreen = (ref: RefObject<HTMLElement | null>) => {
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState(false);
  const [app, setApp] = useState(false);
  useEffect(() => {
    const doc = document as TWebkitDocument;
    let stopTelegram: (() => void) | undefined;
    const detect = () => {
      const telegram = telegramFullscreen(window);
      if (telegram && !stopTelegram) {
        setApp(true);
        setActive(telegram.isActive());
        stopTelegram = telegram.onChange(() => setActive(telegram.isActive()));
      }
      setSupported(
        Boolean(
          telegram ||
            document.fullscreenEnabled ||
            (ref.current as TWebkitElement | null)?.webkitRequestFullscreen,
        ),
      );
    };
    detect();
    const onChange = () => setActive(Boolean(doc.fullscreenElement ?? doc.webkitFullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('webkitfullscreenchange', onChange);
    window.addEventListener(TELEGRAM_READY_EVENT, detect);
    return () => {
      stopTelegram?.();
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('webkitfullscreenchange', onChange);
      window.removeEventListener(TELEGRAM_READY_EVENT, detect);
    };
  }, [ref]);
  const toggle = useCallback(async () => {
    const telegram = telegramFullscreen(window);
    if (telegram) {
      telegram.toggle();
      return;
    }
    const doc = document as TWebkitDocument;
    const element = ref.current as TWebkitElement | null;
    if (!element) return;
    if (doc.fullscreenElement ?? doc.webkitFullscreenElement) {
      if (document.exitFullscreen) await document.exitFullscreen();
      else doc.webkitExitFullscreen?.();
    } else if (element.requestFullscreen) await element.requestFullscreen().catch(() => undefined);
    else element.webkitRequestFullscreen?.();
  }, [ref]);
  return { active, supported, toggle, app };
};
