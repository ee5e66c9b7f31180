/** The whole auth journey through the API: register, logout, login, two-factor, recovery, new password. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/messaging.ts';
import { countSessions } from '../../platform/session.ts';
import { totpAt } from '../../test/rfc6238-totp.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { freshIp, postFrom } from './auth-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = () => t.app.ctx.providers.clock.now();

describe('auth journey', () => {
  it('registers, logs out, logs in, turns on two-factor, recovers the password and signs in again', async () => {
    const browser = apiClient(t.app);
    const ip = freshIp();
    const email = 'journey@example.com';

    // Register: a session starts and the account answers.
    const registered = await postFrom(browser, ip, 'auth.register', {
      terms: '1',
      email,
      password: 'first-pass1',
      currency: 'EUR',
      notify: '0',
      promo_code: 'WELCOME',
    });
    expect(registered.error).toBeNull();
    expect(registered.data).toEqual({
      uid: expect.any(Number),
      login: email,
      is_registration_completed: true,
      locale: 'en',
    });
    const uid = registered.data.uid as number;
    expect(browser.jar.get('sid')).toBeTruthy();
    expect(await countSessions(t.app.ctx.db, uid)).toBe(1);

    // Logout ends the session and clears the cookie.
    const out = await browser.get('auth.logout', {}, { 'sec-fetch-site': 'same-origin' });
    expect(out).toMatchObject({ status: 200, data: true, error: null });
    expect(browser.jar.has('sid')).toBe(false);
    expect(await countSessions(t.app.ctx.db, uid)).toBe(0);
    // Signed out, a user-only call is refused.
    expect((await postFrom(browser, ip, 'account.changeTwoFactorAuth')).error.type).toBe(
      'AuthorizationException',
    );

    // Login with the e-mail, in another case.
    const login = await postFrom(browser, ip, 'auth.login', {
      login: 'JOURNEY@example.com',
      password: 'first-pass1',
    });
    expect(login.data).toEqual({ uid, login: email, is_registration_completed: true, locale: 'en' });

    // Enable two-factor: a pending secret, its URI and QR code.
    const setup = await postFrom(browser, ip, 'account.changeTwoFactorAuth');
    expect(setup.error).toBeNull();
    const secret = setup.data.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauth_uri).toContain(`secret=${secret}`);
    expect(setup.data.otpauth_uri).toContain('issuer=Casino');
    expect(setup.data.qr_code).toMatch(/^data:image\/png;base64,/);

    // A wrong code does not confirm; the authenticator's code for the test clock (2026-11-21 12:00:00 UTC) does.
    expect(now().toISOString()).toBe('2026-11-21T12:00:00.000Z');
    const goodCode = totpAt(secret, now());
    const wrongCode = goodCode === '000000' ? '111111' : '000000';
    const wrong = await postFrom(browser, ip, 'account.confirmTwoFactorAuth', { code: wrongCode });
    expect(wrong.error.type).toBe('InvalidParameterException');
    expect(wrong.error.error_data.invalid_parameters).toEqual({ code: 'wrongCode' });
    const confirmed = await postFrom(browser, ip, 'account.confirmTwoFactorAuth', { code: goodCode });
    expect(confirmed).toMatchObject({ data: { two_factor_auth: true }, error: null });
    const again = await postFrom(browser, ip, 'account.confirmTwoFactorAuth', { code: goodCode });
    expect(again.error).toMatchObject({
      type: 'InvalidRequestException',
      error_data: { code: 'already_enabled' },
    });

    await browser.get('auth.logout', {}, { 'sec-fetch-site': 'same-origin' });

    // Login without a code: the popup moves to its two-factor step.
    const noCode = await postFrom(browser, ip, 'auth.login', { login: email, password: 'first-pass1' });
    expect(noCode.status).toBe(401);
    expect(noCode.error).toEqual({
      type: 'AuthorizationException',
      error_data: { message: 'two_factor_enabled', resend_time: 30, login: email },
    });
    expect(browser.jar.has('sid')).toBe(false);
    // The code already spent confirming two-factor cannot sign in (same time step).
    const replayed = await postFrom(browser, ip, 'auth.login', {
      login: email,
      password: 'first-pass1',
      code: goodCode,
    });
    expect(replayed.error).toEqual({
      type: 'AuthorizationException',
      error_data: { message: 'invalid_code' },
    });

    // Thirty seconds later the authenticator shows the next code, which signs in once.
    t.clock.advance(30_000);
    const nextCode = totpAt(secret, now());
    const withCode = await postFrom(browser, ip, 'auth.login', {
      login: email,
      password: 'first-pass1',
      code: nextCode,
    });
    expect(withCode).toMatchObject({ data: { uid }, error: null });
    const reused = await postFrom(apiClient(t.app), ip, 'auth.login', {
      login: email,
      password: 'first-pass1',
      code: nextCode,
    });
    expect(reused.error.error_data).toEqual({ message: 'invalid_code' });
    // A code with the wrong password is still "wrong credentials": the code is never checked first.
    const wrongPassword = await postFrom(apiClient(t.app), ip, 'auth.login', {
      login: email,
      password: 'not-it-123',
      code: nextCode,
    });
    expect(wrongPassword.error.error_data).toEqual({ message: 'wrong_credentials' });

    // Recovery: the answer is the same as for an unknown account; the link arrives in the outbox.
    const other = apiClient(t.app);
    const restoreIp = freshIp();
    const unknown = await postFrom(other, restoreIp, 'auth.restore', { login: 'nobody@example.com' });
    const known = await postFrom(other, restoreIp, 'auth.restore', { email });
    expect(known).toEqual(unknown);
    expect(known).toEqual({ status: 200, data: true, error: null });
    const mailbox = (await t.app.inject(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json() as {
      subject: string;
      bodyText: string;
    }[];
    expect(mailbox).toHaveLength(1);
    expect(mailbox[0]?.subject).toBe('Reset your password');
    const link = /(http\S+\/password-reset\?token=\S+)/.exec(mailbox[0]?.bodyText ?? '')?.[1];
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Only a hash is stored, never the token itself.
    const stored = await t.app.ctx.database.rawTransaction((raw) =>
      raw.query<{ token_hash: string }>('select token_hash from password_reset_tokens'),
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    expect((await other.get('auth.checkresettoken', { token })).data).toEqual({ valid: true });
    const mismatch = await postFrom(other, restoreIp, 'auth.resetpassword', {
      token,
      password: 'second-pass2',
      password_confirmation: 'second-pass3',
    });
    expect(mismatch.error.error_data.invalid_parameters).toEqual({
      password_confirmation: 'passwordsNotEqual',
    });
    const reset = await postFrom(other, restoreIp, 'auth.resetpassword', {
      token,
      password: 'second-pass2',
      password_confirmation: 'second-pass2',
    });
    expect(reset).toMatchObject({ data: true, error: null });
    // Every session of the player ended; the token is spent.
    expect(await countSessions(t.app.ctx.db, uid)).toBe(0);
    expect((await postFrom(browser, ip, 'account.changeTwoFactorAuth')).error.type).toBe(
      'AuthorizationException',
    );
    expect((await other.get('auth.checkresettoken', { token })).data).toEqual({ valid: false });
    const twice = await postFrom(other, restoreIp, 'auth.resetpassword', {
      token,
      password: 'third-pass3',
      password_confirmation: 'third-pass3',
    });
    expect(twice.error.error_data.invalid_parameters).toEqual({ token: 'wrongField' });

    // The old password no longer works; the new one does, with the next TOTP code.
    const oldPassword = await postFrom(other, restoreIp, 'auth.login', {
      login: email,
      password: 'first-pass1',
    });
    expect(oldPassword.error.error_data).toEqual({ message: 'wrong_credentials' });
    t.clock.advance(30_000);
    const fresh = await postFrom(other, restoreIp, 'auth.login', {
      login: email,
      password: 'second-pass2',
      code: totpAt(secret, now()),
    });
    expect(fresh).toMatchObject({ data: { uid }, error: null });

    // Turning two-factor off needs a valid current code.
    const noOff = await postFrom(other, restoreIp, 'account.changeTwoFactorAuth');
    expect(noOff.error.error_data.invalid_parameters).toEqual({ code: 'requiredField' });
    t.clock.advance(30_000);
    const off = await postFrom(other, restoreIp, 'account.changeTwoFactorAuth', {
      code: totpAt(secret, now()),
    });
    expect(off).toMatchObject({ data: { two_factor_auth: false }, error: null });
    await other.get('auth.logout', {}, { 'sec-fetch-site': 'same-origin' });
    const plain = await postFrom(other, restoreIp, 'auth.login', { login: email, password: 'second-pass2' });
    expect(plain).toMatchObject({ data: { uid }, error: null });

    const sent = await t.app.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.playerId, uid));
    expect(sent).toHaveLength(1);
  });
});
