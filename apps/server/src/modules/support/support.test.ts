import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { getSetting, updateSetting } from '../metadata/settings-service.ts';
import { chatEvents, feedbackMessages } from './schema.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('support.getsettings', () => {
  it('answers no chat by default, then the active provider with only its settings', async () => {
    expect((await apiClient(t.app).get('support.getsettings')).data).toEqual({ chat: '', settings: {} });
    const chat = (await getSetting(t.app.ctx.db, 'chat')) as { settings: Record<string, object> };
    await updateSetting(
      t.app.ctx.db,
      'chat',
      { chat: 'jivosite', settings: { ...chat.settings, jivosite: { id: 'abc' } } },
      t.clock.now(),
    );
    const r = await apiClient(t.app).get('support.getsettings');
    expect(r.data).toEqual({ chat: 'jivosite', settings: { jivosite: { id: 'abc' } } });
    expect(Object.keys(chat.settings)).toHaveLength(7);
  });
});

describe('Support.sendFeedback', () => {
  const lastMessage = async () =>
    (await t.app.ctx.db.select().from(feedbackMessages).orderBy(desc(feedbackMessages.id)).limit(1))[0];

  it('stores a visitor message with the e-mail given and requires one', async () => {
    const visitor = apiClient(t.app);
    const none = await visitor.post('Support.sendFeedback', { message: 'Hello' });
    expect(none.error.error_data.invalid_parameters).toEqual({ email: 'insertEmailAddress' });
    const bad = await visitor.post('Support.sendFeedback', { message: 'Hello', email: 'not-an-email' });
    expect(bad.error.error_data.invalid_parameters).toEqual({ email: 'wrongEmailAddress' });
    const empty = await visitor.post('Support.sendFeedback', { message: '  ', email: 'v@example.com' });
    expect(empty.error.error_data.invalid_parameters).toEqual({ message: 'requiredField' });
    expect(
      (await visitor.post('Support.sendFeedback', { message: 'Where is my bonus?', email: 'v@example.com' }))
        .data,
    ).toBe(1);
    expect(await lastMessage()).toMatchObject({
      playerId: null,
      email: 'v@example.com',
      message: 'Where is my bonus?',
    });
  });

  it("uses a player's own e-mail", async () => {
    const { client, player, email } = await signedInClient(t.app);
    expect((await client.post('support.sendfeedback', { message: 'Hi' })).data).toBe(1);
    expect(await lastMessage()).toMatchObject({ playerId: player.id, email, message: 'Hi' });
  });
});

describe('support.storechatevent', () => {
  it('stores an event for a signed-in player and refuses a visitor', async () => {
    const visitor = await apiClient(t.app).post('support.storechatevent', { event: 'chat_opened' });
    expect(visitor.error.type).toBe('AuthorizationException');
    const { client, player } = await signedInClient(t.app);
    const r = await client.post('support.storechatevent', {
      event: 'chat_opened',
      data: '{"page":"/cashier"}',
    });
    expect(r.data).toBe(1);
    const [row] = await t.app.ctx.db.select().from(chatEvents).orderBy(desc(chatEvents.id)).limit(1);
    expect(row).toMatchObject({ playerId: player.id, event: 'chat_opened', payload: { page: '/cashier' } });
  });
});
