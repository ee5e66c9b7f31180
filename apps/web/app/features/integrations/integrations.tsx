/**
 * The third parties of issue 16, none of them in the page's entry chunk: the live chat loads on the first
 * interaction or when idle; the rest (custom code, consent and analytics, the /hit beacon, web vitals) once the
 * app has mounted; inside Telegram's web view, the Mini App wiring (features/telegram) and Telegram's script.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { isTelegramLaunch } from '../../lib/telegram';
import { onFirstInteractionOrIdle } from './first-interaction';

const LiveChat = lazy(() => import('../live-chat/live-chat'));
const Background = lazy(() => import('./background'));
const TelegramMiniApp = lazy(() => import('../telegram/telegram-mini-app'));

export function Integrations() {
  const [chat, setChat] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [telegram, setTelegram] = useState(false);
  useEffect(() => {
    setMounted(true);
    setTelegram(isTelegramLaunch(window));
    return onFirstInteractionOrIdle(() => setChat(true));
  }, []);
  return (
    <>
      <Suspense fallback={null}>{mounted && <Background />}</Suspense>
      <Suspense fallback={null}>{chat && <LiveChat />}</Suspense>
      <Suspense fallback={null}>{telegram && <TelegramMiniApp />}</Suspense>
    </>
  );
}
