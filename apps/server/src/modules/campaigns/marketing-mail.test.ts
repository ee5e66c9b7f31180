/**
 * Marketing mail and SMS (issue 36): never during a time-out or self-exclusion; after a time-out it resumes, after
 * a self-exclusion only once the player subscribes again. Transactional mail (password reset) still goes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { confirmContacts } from '../cashier/cashier-test-helpers.ts';
import { sendMarketing } from './marketing-mail.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const DAY = 86_400_000;

/** A signed-in player with a confirmed, subscribed e-mail. */
const subscriber = async () => {
  const made = await signedInClient(t.app);
  await confirmContacts(t.app, made.player.id);
  return made;
};

const news = (playerId: number) =>
  sendMarketing(t.app.ctx, {
    playerId,
    channel: 'email',
    subject: 'Weekend reload',
    text: '50% this weekend',
  });

const mailsTo = async (email: string) =>
  queryRows<{ subject: string; body_text: string }>(
    t.app.ctx.db,
    sql`select subject, body_text from outbox_messages where lower(recipient) = lower(${email}) order by id`,
  );

describe('marketing mail', () => {
  it('goes to a confirmed, subscribed player, with the unsubscribe link', async () => {
    const { player, email } = await subscriber();
    expect(await news(player.id)).toBe(true);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Weekend reload');
    expect(mail?.body_text).toContain('50% this weekend');
    expect(mail?.body_text).toMatch(/\/unsubscribe\?uid=\d+&type=email&token=[0-9a-f]{64}/);
  });

  it('is held during a time-out and resumes after it', async () => {
    const start = t.clock.now();
    const { client, player, email } = await subscriber();
    expect((await client.post('responsibleGaming.takeTimeOut', { period: '24h' })).error).toBeNull();
    try {
      expect(await news(player.id)).toBe(false);
      expect(
        await sendMarketing(t.app.ctx, { playerId: player.id, channel: 'sms', subject: '', text: 'x' }),
      ).toBe(false);
      t.clock.advance(DAY);
      expect(await news(player.id)).toBe(true);
      expect(await mailsTo(email)).toHaveLength(1);
    } finally {
      t.clock.set(start);
    }
  });

  it('is held during a self-exclusion and after it until the player subscribes again; a reset mail still goes', async () => {
    const start = t.clock.now();
    const { client, player, email, password } = await subscriber();
    expect((await client.post('responsibleGaming.selfExclude', { period: '1d' })).error).toBeNull();
    try {
      expect(await news(player.id)).toBe(false);
      const visitor = apiClient(t.app);
      expect((await visitor.post('auth.restore', { login: email })).error).toBeNull();
      expect((await mailsTo(email)).map((m) => m.subject)).toEqual(['Reset your password']);

      t.clock.advance(DAY);
      expect(await news(player.id)).toBe(false);
      const back = apiClient(t.app);
      expect((await back.post('auth.login', { login: email, password })).error).toBeNull();
      const subscribe = await back.post('account.changeSubscription', {
        contact: 'email',
        subscription: '1',
      });
      expect(subscribe.error).toBeNull();
      expect(await news(player.id)).toBe(true);
    } finally {
      t.clock.set(start);
    }
  });
});
