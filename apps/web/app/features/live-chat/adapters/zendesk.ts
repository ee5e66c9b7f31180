/**
 * Zendesk messaging: `static.zdassets.com/ekr/snippet.js?key={key}` (element id `ze-snippet`); `zE(…)`. Gets the
 * locale and conversation fields: uid and the session reference.
 */
import { settingText, type TChatAdapterFactory, type TChatClient } from '../types';

export const createZendeskAdapter: TChatAdapterFactory = (settings, env) => {
  const w = env.window;
  const zE = (...args: unknown[]) => w.zE(...args);
  const setInfo = (client: TChatClient) => {
    zE('messenger:set', 'locale', client.language);
    zE('messenger:set', 'conversationFields', [
      { id: 'uid', value: String(client.uid) },
      { id: 'name', value: client.name },
      { id: 'email', value: client.email },
    ]);
  };
  return {
    provider: 'zendesk',
    async load(client) {
      const url = new URL('https://static.zdassets.com/ekr/snippet.js');
      url.searchParams.set('key', settingText(settings, 'key'));
      await env.loadScript(url.toString());
      await env.waitFor(() => typeof w.zE === 'function');
      setInfo(client);
      zE('messenger:on', 'open', () => env.onEvent('chat_opened'));
    },
    async reload(client) {
      setInfo(client);
    },
    open: () => zE('messenger', 'open'),
    hideWindow: () => zE('messenger', 'close'),
    setLauncherVisible: (visible) => zE('messenger', visible ? 'show' : 'hide'),
    clearHistory: () => {},
  };
};
