/**
 * Intercom: `widget.intercom.io/widget/{appId}`; `Intercom('boot' | 'update' | 'show' | 'hide' | 'shutdown')`.
 * Gets user_id, name, e-mail and the language; a visitor boots anonymous.
 */
import { settingText, type TChatAdapterFactory, type TChatClient } from '../types';

export const createIntercomAdapter: TChatAdapterFactory = (settings, env) => {
  const w = env.window;
  const appId = settingText(settings, 'appId');
  let launcherVisible = true;
  const boot = (client: TChatClient) => ({
    app_id: appId,
    language_override: client.language,
    hide_default_launcher: !launcherVisible,
    ...(client.uid > 0 && { user_id: String(client.uid), name: client.name, email: client.email }),
  });
  return {
    provider: 'intercom',
    async load(client) {
      w.intercomSettings = boot(client);
      await env.loadScript(`https://widget.intercom.io/widget/${encodeURIComponent(appId)}`);
      await env.waitFor(() => typeof w.Intercom === 'function');
      w.Intercom('boot', boot(client));
      w.Intercom('onShow', () => env.onEvent('chat_opened'));
    },
    async reload(client) {
      // A new person: Intercom keeps the old conversation until shut down and booted again.
      w.Intercom('shutdown');
      w.Intercom('boot', boot(client));
    },
    open: () => w.Intercom('show'),
    hideWindow: () => w.Intercom('hide'),
    setLauncherVisible: (visible) => {
      launcherVisible = visible;
      w.Intercom?.('update', { hide_default_launcher: !visible });
    },
    clearHistory: () => {},
  };
};
