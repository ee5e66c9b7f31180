/** tawk.to: `embed.tawk.to/{propertyId}/{widgetId}`; `Tawk_API`. Gets name, e-mail and the uid as attributes. */
import { settingText, type TChatAdapterFactory, type TChatClient } from '../types';

export const createTawkAdapter: TChatAdapterFactory = (settings, env) => {
  const w = env.window;
  const api = () => w.Tawk_API;
  const attributes = (client: TChatClient) => ({
    name: client.name,
    email: client.email,
    uid: String(client.uid),
    lang: client.language,
  });
  return {
    provider: 'tawk',
    async load(client) {
      const loaded = new Promise<void>((resolve) => {
        w.Tawk_API = w.Tawk_API ?? {};
        w.Tawk_API.visitor = { name: client.name, email: client.email };
        w.Tawk_API.onLoad = () => resolve();
        w.Tawk_API.onChatMaximized = () => env.onEvent('chat_opened');
        w.Tawk_API.onChatMessageVisitor = () => env.onEvent('message_sent');
      });
      w.Tawk_LoadStart = new Date();
      const property = encodeURIComponent(settingText(settings, 'propertyId'));
      const widget = encodeURIComponent(settingText(settings, 'widgetId') || 'default');
      await env.loadScript(`https://embed.tawk.to/${property}/${widget}`);
      await loaded;
      api().setAttributes(attributes(client), () => {});
    },
    async reload(client) {
      api().setAttributes(attributes(client), () => {});
    },
    open: () => api()?.maximize(),
    hideWindow: () => api()?.minimize(),
    setLauncherVisible: (visible) => (visible ? api()?.showWidget() : api()?.hideWidget()),
    clearHistory: () => {},
  };
};
