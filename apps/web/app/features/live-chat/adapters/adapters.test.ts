import { describe, expect, it } from 'vitest';
import { fakeVendor } from '../test/fake-vendors';
import type { TChatClient } from '../types';
import { CHAT_ADAPTERS } from '.';

const player: TChatClient = {
  uid: 42,
  name: 'Ana',
  email: 'ana@example.com',
  phone: '34600111222',
  language: 'es',
};
const visitor: TChatClient = { uid: 0, name: '', email: '', phone: '', language: 'es' };

describe('verbox', () => {
  it('loads from its script URL with h = the id and hands over phone, lang and custom uid', async () => {
    const fake = fakeVendor('verbox');
    const chat = CHAT_ADAPTERS.verbox(
      { id: 'abc123', scriptUrl: 'https://admin.verbox.ru/support/support.js' },
      fake.env,
    );
    await chat.load(player);
    expect(fake.loaded).toEqual(['https://admin.verbox.ru/support/support.js?h=abc123']);
    expect(fake.calls).toContainEqual([
      'setClientInfo',
      { name: 'Ana', email: 'ana@example.com', phone: '34600111222', lang: 'es', custom: { uid: 42 } },
    ]);
    chat.open();
    chat.hideWindow();
    chat.setLauncherVisible(false);
    expect(fake.calls.map((c) => c[0])).toEqual(
      expect.arrayContaining(['openWindow', 'closeWindow', 'hideButton']),
    );
  });

  it('reports its client-info and reload failures under the §8 names', async () => {
    const fake = fakeVendor('verbox');
    fake.window.__verboxThrow = 'setClientInfo';
    const chat = CHAT_ADAPTERS.verbox({ id: 'abc' }, fake.env);
    await chat.load(player);
    await chat.reload(visitor);
    fake.window.__verboxThrow = 'reload';
    await chat.reload(visitor);
    expect(fake.errors).toEqual([
      'ERROR_SET_CLIENT_INFO_VERBOX_INIT',
      'ERROR_SET_CLIENT_INFO_VERBOX_REINIT',
      'ERROR_RELOAD_VERBOX',
    ]);
  });
});

describe('jivosite', () => {
  it('loads widget/{id}, sets the contact info and a UID custom-data entry, clears history', async () => {
    const fake = fakeVendor('jivosite');
    const chat = CHAT_ADAPTERS.jivosite(
      { id: 'XyZ', scriptUrl: 'https://code.jivosite.com/widget' },
      fake.env,
    );
    await chat.load(player);
    expect(fake.loaded).toEqual(['https://code.jivosite.com/widget/XyZ']);
    expect(fake.calls).toContainEqual(['setContactInfo', { name: 'Ana', email: 'ana@example.com' }]);
    expect(fake.calls).toContainEqual(['setCustomData', [{ title: 'UID', content: '42' }]]);
    await chat.reload(visitor);
    expect(fake.calls).toContainEqual(['setCustomData', [{ title: 'UID', content: '0' }]]);
    chat.open();
    chat.hideWindow();
    chat.clearHistory();
    expect(fake.calls.map((c) => c[0])).toEqual(expect.arrayContaining(['open', 'close', 'clearHistory']));
    fake.window.jivo_onOpen();
    expect(fake.events).toEqual(['chat_opened']);
  });

  it('reports a load failure as LIVE_CHAT:LOAD_JIVOSITE:ERROR', async () => {
    const fake = fakeVendor('jivosite');
    fake.failNext(1);
    await expect(CHAT_ADAPTERS.jivosite({ id: 'x' }, fake.env).load(player)).rejects.toThrow();
    expect(fake.errors).toEqual(['LIVE_CHAT:LOAD_JIVOSITE:ERROR']);
  });
});

describe('livechat', () => {
  it('sets __lc before its tracking script and the customer and session variables after', async () => {
    const fake = fakeVendor('livechat');
    const chat = CHAT_ADAPTERS.livechat({ license: '1234567', group: 2 }, fake.env);
    await chat.load(player);
    expect(fake.loaded).toEqual(['https://cdn.livechatinc.com/tracking.js']);
    expect(fake.window.__lcAtLoad).toMatchObject({ license: 1234567, group: 2 });
    expect(fake.calls).toContainEqual(['set_customer_name', 'Ana']);
    expect(fake.calls).toContainEqual(['set_customer_email', 'ana@example.com']);
    expect(fake.calls).toContainEqual(['set_session_variables', { uid: '42', lang: 'es' }]);
    chat.open();
    chat.hideWindow();
    chat.setLauncherVisible(false);
    expect(fake.calls.slice(-3)).toEqual([['maximize'], ['minimize'], ['hide']]);
  });
});

describe('intercom', () => {
  it('boots with the player, boots anonymous again after logout, shows and hides', async () => {
    const fake = fakeVendor('intercom');
    const chat = CHAT_ADAPTERS.intercom({ appId: 'app1' }, fake.env);
    await chat.load(player);
    expect(fake.loaded).toEqual(['https://widget.intercom.io/widget/app1']);
    expect(fake.window.__intercomSettingsAtLoad).toMatchObject({ app_id: 'app1', user_id: '42' });
    expect(fake.calls[0]).toEqual([
      'boot',
      expect.objectContaining({
        user_id: '42',
        name: 'Ana',
        email: 'ana@example.com',
        language_override: 'es',
      }),
    ]);
    await chat.reload(visitor);
    expect(fake.calls.slice(-2)).toEqual([
      ['shutdown'],
      ['boot', { app_id: 'app1', language_override: 'es', hide_default_launcher: false }],
    ]);
    chat.open();
    chat.hideWindow();
    expect(fake.calls.slice(-2)).toEqual([['show'], ['hide']]);
  });
});

describe('zendesk', () => {
  it('loads the snippet with its key and sets the locale and conversation fields', async () => {
    const fake = fakeVendor('zendesk');
    const chat = CHAT_ADAPTERS.zendesk({ key: 'k-1' }, fake.env);
    await chat.load(player);
    expect(fake.loaded).toEqual(['https://static.zdassets.com/ekr/snippet.js?key=k-1']);
    expect(fake.calls).toContainEqual(['messenger:set', 'locale', 'es']);
    expect(fake.calls).toContainEqual([
      'messenger:set',
      'conversationFields',
      expect.arrayContaining([{ id: 'uid', value: '42' }]),
    ]);
    chat.open();
    chat.hideWindow();
    chat.setLauncherVisible(false);
    expect(fake.calls.slice(-3)).toEqual([
      ['messenger', 'open'],
      ['messenger', 'close'],
      ['messenger', 'hide'],
    ]);
  });
});

describe('tawk', () => {
  it('loads property/widget, waits for onLoad and sets the attributes', async () => {
    const fake = fakeVendor('tawk');
    const chat = CHAT_ADAPTERS.tawk({ propertyId: 'p1', widgetId: 'w1' }, fake.env);
    await chat.load(player);
    expect(fake.loaded).toEqual(['https://embed.tawk.to/p1/w1']);
    expect(fake.window.Tawk_API.visitor).toEqual({ name: 'Ana', email: 'ana@example.com' });
    expect(fake.calls).toContainEqual([
      'setAttributes',
      { name: 'Ana', email: 'ana@example.com', uid: '42', lang: 'es' },
      expect.any(Function),
    ]);
    chat.open();
    chat.hideWindow();
    chat.setLauncherVisible(false);
    expect(fake.calls.slice(-3).map((c) => c[0])).toEqual(['maximize', 'minimize', 'hideWidget']);
  });
});

describe('custom', () => {
  it('loads the configured src and has no action', async () => {
    const fake = fakeVendor('custom');
    const chat = CHAT_ADAPTERS.custom({ src: 'https://chat.example/widget.js' }, fake.env);
    await chat.load(player);
    chat.open();
    chat.hideWindow();
    await chat.reload(visitor);
    expect(fake.loaded).toEqual(['https://chat.example/widget.js']);
    expect(fake.calls).toEqual([]);
  });
});
