/**
 * The live chat in the page (loaded lazily on the first interaction or when idle, features/integrations): it
 * follows the player (new client info after login, registration and logout), the route (no launcher on betting
 * and game pages) and open requests (the support page, the chat badge).
 */
import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router';
import { api } from '../../lib/api/browser';
import { onChatOpenRequest } from '../../lib/chat-bus';
import { useAccount } from '../account/use-account';
import { isChatBadgeVisible } from '../frame/chat-badge';
import { useSite } from '../frame/use-site';
import { onLogout } from '../session/logout';
import { createChatController, type TChatController } from './chat-controller';
import { chatClient } from './client-info';
import { injectScript, withRetry } from './load-script';
import { waitFor } from './wait-for';

export default function LiveChat() {
  const account = useAccount();
  const site = useSite();
  const routeId = useMatches().at(-1)?.id;
  const uid = account?.uid ?? 0;
  const player = useRef({ uid, locale: site?.locale ?? 'en' });
  player.current = { uid, locale: site?.locale ?? 'en' };
  const controller = useRef<TChatController | null>(null);

  useEffect(() => {
    const chat = createChatController({
      fetchSettings: () => api.get('support.getsettings'),
      fetchClient: async () => {
        const { uid, locale } = player.current;
        const profile =
          uid > 0
            ? await api.get<never>('account.getprofileinfo', { fields: 'contacts' }).catch(() => null)
            : null;
        return chatClient(uid, profile, locale);
      },
      storeEvent: (provider, event, data) => {
        if (player.current.uid <= 0) return;
        void api
          .post('support.storechatevent', { event, provider, data: JSON.stringify(data) })
          .catch((error: unknown) => console.warn('chat event not stored', error));
      },
      env: {
        window,
        loadScript: withRetry((src) => injectScript(src)),
        logError: (name, cause) => console.error(name, cause),
        waitFor,
      },
    });
    controller.current = chat;
    void chat.start();
    const stops = [onChatOpenRequest(() => chat.open()), onLogout(() => chat.beforeLogout())];
    return () => {
      for (const stop of stops) stop();
    };
  }, []);

  // A new player (login, registration) or none (logout without a reload): the widget hears of it.
  const seen = useRef(uid);
  useEffect(() => {
    if (seen.current === uid) return;
    seen.current = uid;
    void controller.current?.reload();
  }, [uid]);

  useEffect(() => {
    controller.current?.setLauncherVisible(isChatBadgeVisible(routeId));
  }, [routeId]);

  return null;
}
