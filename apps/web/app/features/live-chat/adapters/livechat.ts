/**
 * LiveChat: `window.__lc` (license, group) then `cdn.livechatinc.com/tracking.js`; `LiveChatWidget.call(…)`.
 * Gets name, e-mail and session variables (uid, lang).
 */
import { settingText, type TChatAdapterFactory, type TChatClient } from '../types';

export const createLivechatAdapter: TChatAdapterFactory = (settings, env) => {
  const w = env.window;
  const call = (...args: unknown[]) => w.LiveChatWidget.call(...args);
  const setInfo = (client: TChatClient) => {
    if (client.name) call('set_customer_name', client.name);
    if (client.email) call('set_customer_email', client.email);
    call('set_session_variables', { uid: String(client.uid), lang: client.language });
  };
  return {
    provider: 'livechat',
    async load(client) {
      w.__lc = {
        ...(w.__lc ?? {}),
        license: Number(settingText(settings, 'license')),
        group: Number(settingText(settings, 'group')) || 0,
        integration_name: 'casino',
      };
      await env.loadScript('https://cdn.livechatinc.com/tracking.js');
      await env.waitFor(() => typeof w.LiveChatWidget?.call === 'function');
      setInfo(client);
      w.LiveChatWidget.on?.('visibility_changed', (data: { visibility?: string }) => {
        if (data?.visibility === 'maximized') env.onEvent('chat_opened');
      });
      w.LiveChatWidget.on?.('new_event', (event: { author?: { type?: string } }) => {
        if (event?.author?.type === 'customer') env.onEvent('message_sent');
      });
    },
    async reload(client) {
      setInfo(client);
    },
    open: () => call('maximize'),
    hideWindow: () => call('minimize'),
    setLauncherVisible: (visible) => call(visible ? 'minimize' : 'hide'),
    clearHistory: () => {},
  };
};
