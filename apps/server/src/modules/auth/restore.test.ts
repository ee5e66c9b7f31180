/** auth.restore, auth.checkresettoken and auth.resetpassword. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/messaging.ts';
import { countSessions } from '../../platform/session.ts';
import { makePlayer, signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { updatePlayer } from '../players/service.ts';
import { freshIp, postFrom } from './auth-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const restore = (form: Record<string, string>) => postFrom(apiClient(t.app), freshIp(), 'auth.restore', form);
const messagesTo = (recipient: string) =>
  t.app.ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id));
const tokenOf = (text: string) => /password-reset\?token=([\w-]+)/.exec(text)?.[1] ?? '';
const reset = (token: string, password = 'brand-new1') =>
  postFrom(apiClient(t.app), freshIp(), 'auth.resetpassword', {
    token,
    password,
    password_confirmation: password,
  });

describe('password recovery', () => {
  it('mails a link to the PUBLIC_URL reset page; the same answer whether the account exists or not', async () => {
    const { email } = await makePlayer(t.app);
    const answers = [
      await restore({ login: email }),
      await restore({ login: 'ghost@example.com' }),
      await restore({ email: 'ghost2@example.com' }),
    ];
    for (const a of answers) expect(a).toEqual({ status: 200, data: true, error: null });
    const [mail] = await messagesTo(email);
    expect(mail?.bodyText).toContain(`${t.app.ctx.config.PUBLIC_URL}/password-reset?token=`);
    expect(mail?.bodyText).toContain('valid for 60 minutes');
    expect(await messagesTo('ghost@example.com')).toHaveLength(0);
  });

  it('requires a login or e-mail', async () => {
    expect((await restore({})).error).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { login: 'requiredField' } },
    });
  });

  it('sends the link by SMS to an account with only a phone', async () => {
    const { player } = await makePlayer(t.app, { login: 'phone_only', email: null, phone: '4915199999999' });
    expect(player.email).toBeNull();
    expect((await restore({ login: '+4915199999999' })).data).toBe(true);
    const [sms] = await messagesTo('4915199999999');
    expect(sms?.channel).toBe('sms');
    expect(tokenOf(sms?.bodyText ?? '')).not.toBe('');
  });

  it('sends nothing for a banned account', async () => {
    const { player, email } = await makePlayer(t.app);
    await updatePlayer(t.app.ctx.db, player.id, { status: 'banned' });
    expect((await restore({ login: email })).data).toBe(true);
    expect(await messagesTo(email)).toHaveLength(0);
  });

  it('expires a link after one hour, and a newer link retires the older one', async () => {
    const { email } = await makePlayer(t.app);
    await restore({ login: email });
    const first = tokenOf((await messagesTo(email))[0]?.bodyText ?? '');
    await restore({ login: email });
    const second = tokenOf((await messagesTo(email))[0]?.bodyText ?? '');
    expect(second).not.toBe(first);
    const check = (token: string) => apiClient(t.app).get('auth.checkresettoken', { token });
    expect((await check(first)).data).toEqual({ valid: false });
    expect((await check(second)).data).toEqual({ valid: true });
    expect((await check('')).data).toEqual({ valid: false });
    expect((await check('made-up-token')).data).toEqual({ valid: false });
    t.clock.advance(3600_000 + 1000);
    expect((await check(second)).data).toEqual({ valid: false });
    expect((await reset(second)).error.error_data.invalid_parameters).toEqual({ token: 'wrongField' });
  });

  it('resets once, ends every session of the player, and checks the new password by §5', async () => {
    const { client, player, email } = await signedInClient(t.app);
    await signedInClient(t.app); // another player's session stays
    await restore({ login: email });
    const token = tokenOf((await messagesTo(email))[0]?.bodyText ?? '');
    expect((await reset(token, 'short')).error.error_data.invalid_parameters).toEqual({
      password: 'shortPassword',
    });
    expect((await reset(token, 'with space1')).error.error_data.invalid_parameters).toEqual({
      password: 'useSpace',
    });
    expect(
      (
        await postFrom(apiClient(t.app), freshIp(), 'auth.resetpassword', {
          token,
          password: '',
          password_confirmation: '',
        })
      ).error.error_data.invalid_parameters,
    ).toEqual({ password: 'insertPassword' });
    expect(
      (await postFrom(apiClient(t.app), freshIp(), 'auth.resetpassword', { password: 'brand-new1' })).error
        .error_data.invalid_parameters,
    ).toEqual({ token: 'requiredField' });
    expect(await countSessions(t.app.ctx.db, player.id)).toBe(1);
    expect(await reset(token)).toEqual({ status: 200, data: true, error: null });
    expect(await countSessions(t.app.ctx.db, player.id)).toBe(0);
    expect((await postFrom(client, freshIp(), 'account.changeTwoFactorAuth')).error.type).toBe(
      'AuthorizationException',
    );
    expect((await reset(token, 'again-new2')).error.error_data.invalid_parameters).toEqual({
      token: 'wrongField',
    });
    const signIn = await postFrom(apiClient(t.app), freshIp(), 'auth.login', {
      login: email,
      password: 'brand-new1',
    });
    expect(signIn.data.uid).toBe(player.id);
  });

  it('limits recovery requests per address and login: 5 in 15 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect(
        (await postFrom(apiClient(t.app), ip, 'auth.restore', { login: 'limit@example.com' })).status,
      ).toBe(200);
    const limited = await postFrom(apiClient(t.app), ip, 'auth.restore', { email: 'LIMIT@example.com' });
    expect(limited).toMatchObject({ status: 429, error: { type: 'TooManyRequestsException' } });
    expect(
      (await postFrom(apiClient(t.app), ip, 'auth.restore', { login: 'other@example.com' })).status,
    ).toBe(200);
  });
});
