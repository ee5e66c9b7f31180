/** The Fullscreen API on one element (with the webkit prefix of older Safari). */
import { type RefObject, useCallback, useEffect, useState } from 'react';

type TWebkitDocument = Document & { webkitFullscreenElement?: Element; webkitExitFullscreen?: () => void };
type TWebkitElement = HTMLElement & { webkitRequestFullscreen?: () => void };

export const useFullscreen = (ref: RefObject<HTMLElement | null>) => {
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    const doc = document as TWebkitDocument;
    setSupported(
      Boolean(document.fullscreenEnabled || (ref.current as TWebkitElement | null)?.webkitRequestFullscreen),
    );
    const onChange = () => setActive(Boolean(doc.fullscreenElement ?? doc.webkitFullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('webkitfullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('webkitfullscreenchange', onChange);
    };
  }, [ref]);
  const toggle = useCallback(async () => {
    const doc = document as TWebkitDocument;
    const element = ref.current as TWebkitElement | null;
    if (!element) return;
    if (doc.fullscreenElement ?? doc.webkitFullscreenElement) {
      if (document.exitFullscreen) await document.exitFullscreen();
      else doc.webkitExitFullscreen?.();
    } else if (element.requestFullscreen) await element.requestFullscreen().catch(() => undefined);
    else element.webkitRequestFullscreen?.();
  }, [ref]);
  return { active, supported, toggle };
};

/** Inside the Telegram web app (its script sets window.Telegram.WebApp, or the page was opened with tgWebApp data). */
export const isInTelegram = () =>
  typeof window !== 'undefined' &&
  (Boolean(
    (window as unknown as { Telegram?: { WebApp?: { initData?: string } } }).Telegram?.WebApp?.initData,
  ) ||
    /tgWebApp/.test(window.location.hash));
