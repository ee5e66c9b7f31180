/**
 * JivoChat: `code.jivosite.com/widget/{id}`; `jivo_api` once `jivo_onLoadCallback` ran. Gets the contact info and
 * a custom-data entry titled UID; clears its history on logout. A load failure is LIVE_CHAT:LOAD_JIVOSITE:ERROR.
 */
import { settingText, type TChatAdapterFactory, type TChatClient } from '../types';

export const createJivositeAdapter: TChatAdapterFactory = (settings, env) => {
  const w = env.window;
  const api = () => w.jivo_api;
  const setInfo = (client: TChatClient) => {
    api().setContactInfo({ name: client.name, email: client.email });
    api().setCustomData([{ title: 'UID', content: String(client.uid) }]);
  };
  return {
    provider: 'jivosite',
    async load(client) {
      const base = settingText(settings, 'scriptUrl') || 'https://code.jivosite.com/widget';
      const loaded = new Promise<void>((resolve) => {
        w.jivo_onLoadCallback = () => resolve();
      });
      w.jivo_onOpen = () => env.onEvent('chat_opened');
      w.jivo_onMessageSent = () => env.onEvent('message_sent');
      try {
        await env.loadScript(`${base.replace(/\/$/, '')}/${encodeURIComponent(settingText(settings, 'id'))}`);
        await Promise.race([loaded, env.waitFor(() => api()?.setContactInfo)]);
      } catch (error) {
        env.logError('LIVE_CHAT:LOAD_JIVOSITE:ERROR', error);
        throw error;
      }
      setInfo(client);
    },
    async reload(client) {
      setInfo(client);
    },
    open: () => api()?.open(),
    hideWindow: () => api()?.close(),
    // Jivo has no call for it: its widget is one <jdiv> element.
    setLauncherVisible: (visible) => {
      const container = w.document?.querySelector?.('jdiv');
      if (container) container.style.display = visible ? '' : 'none';
    },
    clearHistory: () => api()?.clearHistory(),
  };
};
