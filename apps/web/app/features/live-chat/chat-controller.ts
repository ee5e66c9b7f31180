/**
 * The live chat's life (spec §4 Chat widget): read the settings, pick the provider's adapter, load it with the
 * client info, hand over new info after registration, login and logout, open and hide on request. A settings
 * failure is PLUGIN:LIVECHAT:LOAD_CONFIG: the config is dropped and no chat shows.
 */

import type { TChatConfig } from '@casino/contracts/calls/support';
import { CHAT_PROVIDERS, type TChatProvider } from '@casino/contracts/chat-providers';
import { setChatState } from '../../lib/chat-bus';
import { CHAT_ADAPTERS } from './adapters';
import type { TChatAdapter, TChatClient, TChatEnv } from './types';

export interface TChatControllerDeps {
  fetchSettings(): Promise<TChatConfig>;
  fetchClient(): Promise<TChatClient>;
  /** support.storechatevent, for a signed-in player only (the caller knows). */
  storeEvent(provider: TChatProvider, event: string, data: Record<string, unknown>): void;
  env: Omit<TChatEnv, 'onEvent'>;
}

export type TChatController = ReturnType<typeof createChatController>;

const isProvider = (value: string): value is TChatProvider =>
  (CHAT_PROVIDERS as readonly string[]).includes(value);

export const createChatController = (deps: TChatControllerDeps) => {
  let adapter: TChatAdapter | null = null;
  let ready = false;
  let launcherVisible = true;
  let openWhenReady = false;
  let started: Promise<void> | null = null;

  const start = async () => {
    let config: TChatConfig;
    try {
      config = await deps.fetchSettings();
    } catch (error) {
      deps.env.logError('PLUGIN:LIVECHAT:LOAD_CONFIG', error);
      setChatState('none');
      return;
    }
    const provider = config.chat;
    if (!provider || !isProvider(provider)) {
      setChatState('none');
      return;
    }
    const env: TChatEnv = {
      ...deps.env,
      onEvent: (event, data = {}) => deps.storeEvent(provider, event, data),
    };
    const created = CHAT_ADAPTERS[provider](config.settings[provider] ?? {}, env);
    setChatState('pending');
    try {
      await created.load(await deps.fetchClient());
    } catch (error) {
      console.warn(`live chat ${provider} did not load`, error);
      setChatState('none');
      return;
    }
    adapter = created;
    ready = true;
    // The custom widget has no action the site could take: the badge keeps leading to the support page.
    setChatState(provider === 'custom' ? 'none' : 'ready');
    if (!launcherVisible) adapter.setLauncherVisible(false);
    if (openWhenReady) adapter.open();
  };

  return {
    /** Loads the chat once (later calls wait for the first). */
    start: () => {
      started ??= start();
      return started;
    },
    get provider() {
      return adapter?.provider ?? null;
    },
    /** After registration, login or logout: the widget gets the new client info. */
    async reload() {
      await started;
      if (!adapter || !ready) return;
      await adapter.reload(await deps.fetchClient());
    },
    open() {
      if (adapter && ready) adapter.open();
      else openWhenReady = true;
    },
    hideWindow() {
      openWhenReady = false;
      adapter?.hideWindow();
    },
    setLauncherVisible(visible: boolean) {
      launcherVisible = visible;
      if (adapter && ready) adapter.setLauncherVisible(visible);
    },
    /** Before logout (the page reloads after it). */
    beforeLogout() {
      adapter?.clearHistory();
    },
  };
};
