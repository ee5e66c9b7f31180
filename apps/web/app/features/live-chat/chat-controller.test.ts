import type { TChatConfig } from '@casino/contracts/calls/support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatState, setChatState } from '../../lib/chat-bus';
import { createChatController } from './chat-controller';
import { withRetry } from './load-script';
import { fakeVendor } from './test/fake-vendors';
import type { TChatClient } from './types';

const client = (uid: number): TChatClient => ({ uid, name: 'Ana', email: '', phone: '', language: 'en' });

const controllerFor = (
  config: TChatConfig | Error,
  fake = fakeVendor(config instanceof Error ? 'custom' : config.chat || 'custom'),
) => {
  let uid = 7;
  const stored: [string, string][] = [];
  const chat = createChatController({
    fetchSettings: async () => {
      if (config instanceof Error) throw config;
      return config;
    },
    fetchClient: async () => client(uid),
    storeEvent: (provider, event) => stored.push([provider, event]),
    env: { ...fake.env, loadScript: withRetry(fake.env.loadScript) },
  });
  return { chat, fake, stored, setUid: (next: number) => (uid = next) };
};

afterEach(() => setChatState('none'));

describe('chat controller', () => {
  it('drops the config and shows no chat when the settings fail (PLUGIN:LIVECHAT:LOAD_CONFIG)', async () => {
    const { chat, fake } = controllerFor(new Error('HTTP 500'));
    await chat.start();
    expect(fake.errors).toEqual(['PLUGIN:LIVECHAT:LOAD_CONFIG']);
    expect(chatState()).toBe('none');
    expect(chat.provider).toBeNull();
  });

  it('loads nothing when no provider is active', async () => {
    const { chat, fake } = controllerFor({ chat: '', settings: {} }, fakeVendor('custom'));
    await chat.start();
    expect(fake.loaded).toEqual([]);
    expect(chatState()).toBe('none');
  });

  it('retries a failed script once, then is ready and opens a window asked for while loading', async () => {
    const { chat, fake } = controllerFor({ chat: 'zendesk', settings: { zendesk: { key: 'k' } } });
    fake.failNext(1);
    chat.open();
    await chat.start();
    expect(fake.loaded).toHaveLength(2);
    expect(chatState()).toBe('ready');
    expect(fake.calls.at(-1)).toEqual(['messenger', 'open']);
  });

  it('gives up after the second failure and shows no chat', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { chat, fake } = controllerFor({ chat: 'zendesk', settings: { zendesk: { key: 'k' } } });
    fake.failNext(2);
    await chat.start();
    expect(fake.loaded).toHaveLength(2);
    expect(chatState()).toBe('none');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('hands over new client info on reload, hides the launcher on hidden routes, clears history on logout', async () => {
    const { chat, fake, setUid, stored } = controllerFor({
      chat: 'jivosite',
      settings: { jivosite: { id: 'j' } },
    });
    chat.setLauncherVisible(false);
    await chat.start();
    setUid(0);
    await chat.reload();
    expect(fake.calls).toContainEqual(['setCustomData', [{ title: 'UID', content: '0' }]]);
    chat.hideWindow();
    chat.beforeLogout();
    expect(fake.calls.slice(-2).map((c) => c[0])).toEqual(['close', 'clearHistory']);
    fake.window.jivo_onMessageSent();
    expect(stored).toEqual([['jivosite', 'message_sent']]);
  });

  it('keeps the badge for the custom widget, which the site cannot open', async () => {
    const { chat, fake } = controllerFor({
      chat: 'custom',
      settings: { custom: { src: 'https://c.example/w.js' } },
    });
    await chat.start();
    expect(fake.loaded).toEqual(['https://c.example/w.js']);
    expect(chatState()).toBe('none');
  });
});
