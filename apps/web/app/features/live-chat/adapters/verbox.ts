/**
 * Verbox: the script from its `scriptUrl` with `h` = the id; `Verbox(command, …)`. Gets the phone (the one
 * provider that does), lang and a custom object holding the uid. Its failures are the §8 VERBOX names.
 */
import { settingText, type TChatAdapterFactory, type TChatClient } from '../types';

const info = (client: TChatClient) => ({
  name: client.name,
  email: client.email,
  phone: client.phone,
  lang: client.language,
  custom: { uid: client.uid },
});

export const createVerboxAdapter: TChatAdapterFactory = (settings, env) => {
  const call = (...args: unknown[]) => env.window.Verbox(...args);
  const setInfo = (client: TChatClient, errorName: string) => {
    try {
      call('setClientInfo', info(client));
    } catch (error) {
      env.logError(errorName, error);
    }
  };
  return {
    provider: 'verbox',
    async load(client) {
      const url = new URL(settingText(settings, 'scriptUrl') || 'https://admin.verbox.ru/support/support.js');
      url.searchParams.set('h', settingText(settings, 'id'));
      await env.loadScript(url.toString());
      await env.waitFor(() => typeof env.window.Verbox === 'function');
      setInfo(client, 'ERROR_SET_CLIENT_INFO_VERBOX_INIT');
      try {
        call('onOpenWindow', () => env.onEvent('chat_opened'));
        call('onMessageSent', () => env.onEvent('message_sent'));
      } catch {
        // Older widgets have no event hooks: nothing to store.
      }
    },
    async reload(client) {
      setInfo(client, 'ERROR_SET_CLIENT_INFO_VERBOX_REINIT');
      try {
        call('reload');
      } catch (error) {
        env.logError('ERROR_RELOAD_VERBOX', error);
      }
    },
    open: () => call('openWindow'),
    hideWindow: () => call('closeWindow'),
    setLauncherVisible: (visible) => call(visible ? 'showButton' : 'hideButton'),
    clearHistory: () => {},
  };
};
