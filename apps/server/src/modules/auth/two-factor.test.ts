/** Two-factor management and the second sign-in step; codes from the tests' RFC 6238 authenticator, not otpauth. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { totpAt } from '../../test/rfc6238-totp.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { findPlayerById } from '../players/service.ts';
import { freshIp, postFrom } from './auth-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = () => t.app.ctx.providers.clock.now();
const at = (offsetSeconds: number) => new Date(now().getTime() + offsetSeconds * 1000);
const nextStep = () => t.clock.advance(30_000);

/** A signed-in player with two-factor on; answers the secret. */
const withTwoFactor = async (input: { login?: string } = {}) => {
  const made = await signedInClient(t.app, { password: 'right-pass1', ...input });
  const ip = freshIp();
  const setup = await postFrom(made.client, ip, 'account.changeTwoFactorAuth');
  const secret = setup.data.secret as string;
  const confirmed = await postFrom(made.client, ip, 'account.confirmTwoFactorAuth', {
    code: totpAt(secret, now()),
  });
  expect(confirmed.data).toEqual({ two_factor_auth: true });
  nextStep();
  return { ...made, ip, secret };
};

describe('two-factor management', () => {
  it('needs a started setup to confirm, and confirms only the newest pending secret', async () => {
    const { client, player } = await signedInClient(t.app);
    const ip = freshIp();
    const early = await postFrom(client, ip, 'account.confirmTwoFactorAuth', { code: '123456' });
    expect(early.error).toMatchObject({
      type: 'InvalidRequestException',
      error_data: { code: 'not_started' },
    });
    const first = (await postFrom(client, ip, 'account.changeTwoFactorAuth')).data.secret as string;
    const second = (await postFrom(client, ip, 'account.changeTwoFactorAuth')).data.secret as string;
    expect(second).not.toBe(first);
    expect((await findPlayerById(t.app.ctx.db, player.id))?.twoFactorEnabled).toBe(false);
    const stale = await postFrom(client, ip, 'account.confirmTwoFactorAuth', {
      code: totpAt(first, now()),
    });
    // The stale secret's code may by chance equal the new one's; only then would it pass.
    if (totpAt(first, now()) !== totpAt(second, now()))
      expect(stale.error.error_data).toMatchObject({ message: 'invalid_code' });
    expect(
      (await postFrom(client, ip, 'account.confirmTwoFactorAuth', { code: '' })).error.error_data,
    ).toEqual({
      invalid_parameters: { code: 'requiredField' },
    });
    expect(
      (await postFrom(client, ip, 'account.confirmTwoFactorAuth', { code: '12345' })).error.error_data,
    ).toEqual({
      invalid_parameters: { code: 'wrongCode' },
    });
    const ok = await postFrom(client, ip, 'account.confirmTwoFactorAuth', { code: totpAt(second, now()) });
    expect(ok.data).toEqual({ two_factor_auth: true });
    const stored = await findPlayerById(t.app.ctx.db, player.id);
    expect(stored).toMatchObject({ twoFactorEnabled: true, twoFactorPendingSecret: null });
    // Stored sealed (totp-at-rest.test.ts): it opens to the confirmed secret.
    expect(t.app.ctx.totpSecrets.open(stored?.twoFactorSecret ?? '')).toBe(second);
    nextStep();
  });

  it('keeps two-factor on when turning it off is tried with a wrong code', async () => {
    const { client, ip, secret, player } = await withTwoFactor();
    const good = totpAt(secret, now());
    const bad = good === '999999' ? '999998' : '999999';
    const r = await postFrom(client, ip, 'account.changeTwoFactorAuth', { code: bad });
    expect(r.error).toMatchObject({
      type: 'InvalidParameterException',
      error_data: { message: 'invalid_code' },
    });
    expect((await findPlayerById(t.app.ctx.db, player.id))?.twoFactorEnabled).toBe(true);
  });

  it('accepts the code of the previous and next step at sign-in, not two steps away', async () => {
    const { player, secret } = await withTwoFactor();
    // The confirming code spent the step before this one; move on so the previous step is unspent.
    nextStep();
    const signIn = (code: string) =>
      postFrom(apiClient(t.app), freshIp(), 'auth.login', {
        login: player.login,
        password: 'right-pass1',
        code,
      });
    expect((await signIn(totpAt(secret, at(-60)))).error.error_data).toEqual({ message: 'invalid_code' });
    expect((await signIn(totpAt(secret, at(60)))).error.error_data).toEqual({ message: 'invalid_code' });
    expect((await signIn(totpAt(secret, at(-30)))).data?.uid).toBe(player.id);
    // Once a step is spent, the codes of that step and of earlier ones are refused.
    expect((await signIn(totpAt(secret, at(-30)))).error.error_data).toEqual({ message: 'invalid_code' });
    expect((await signIn(totpAt(secret, at(30)))).data?.uid).toBe(player.id);
    expect((await signIn(totpAt(secret, now()))).error.error_data).toEqual({ message: 'invalid_code' });
  });

  it('lets only one of two simultaneous sign-ins with one code through', async () => {
    const { player, secret } = await withTwoFactor();
    const code = totpAt(secret, now());
    const results = await Promise.all(
      [1, 2].map(() =>
        postFrom(apiClient(t.app), freshIp(), 'auth.login', {
          login: player.login,
          password: 'right-pass1',
          code,
        }),
      ),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
  });

  it('keys the second step on the normalised login: wrong codes through variants share one budget', async () => {
    const { email, secret } = await withTwoFactor();
    const ip = freshIp();
    const good = totpAt(secret, now());
    const bad = good === '000000' ? '000001' : '000000';
    const variants = [email, ` ${email}`, email.toUpperCase(), `+${email}`, `${email}\u{1F600}`];
    for (let i = 0; i < 10; i++) {
      const login = variants[i % variants.length] ?? email;
      const r = await postFrom(apiClient(t.app), ip, 'auth.login', {
        login,
        password: 'right-pass1',
        code: bad,
      });
      expect(r.error.error_data, login).toEqual({ message: 'invalid_code' });
    }
    const right = await postFrom(apiClient(t.app), ip, 'auth.login', {
      login: ` ${email.toUpperCase()}\u{1F3B0}`,
      password: 'right-pass1',
      code: good,
    });
    expect(right).toMatchObject({ status: 429, error: { type: 'TooManyRequestsException' } });
  });

  it('counts wrong codes per account, whichever identifier and address they come through', async () => {
    const { email, player, secret } = await withTwoFactor({ login: `second_step_${Date.now()}` });
    const good = totpAt(secret, now());
    const bad = good === '000000' ? '000001' : '000000';
    for (let i = 0; i < 10; i++) {
      const login = i % 2 === 0 ? email : player.login;
      const r = await postFrom(apiClient(t.app), freshIp(), 'auth.login', {
        login,
        password: 'right-pass1',
        code: bad,
      });
      expect(r.error.error_data).toEqual({ message: 'invalid_code' });
    }
    const right = await postFrom(apiClient(t.app), freshIp(), 'auth.login', {
      login: player.login,
      password: 'right-pass1',
      code: good,
    });
    expect(right).toMatchObject({ status: 429, error: { type: 'TooManyRequestsException' } });
    // The wait over, the right code signs in and the count starts again. Redis counts windows in its own
    // time, which the test clock does not move: there the wait is not tried.
    if (process.env.REDIS_URL) return;
    t.clock.advance(10 * 60_000);
    const later = await postFrom(apiClient(t.app), freshIp(), 'auth.login', {
      login: email,
      password: 'right-pass1',
      code: totpAt(secret, now()),
    });
    expect(later.data?.uid).toBe(player.id);
  });

  it('answers resend_time as the seconds until the authenticator shows a new code', async () => {
    const { player } = await withTwoFactor();
    t.clock.advance(12_000);
    const r = await postFrom(apiClient(t.app), freshIp(), 'auth.login', {
      login: player.login,
      password: 'right-pass1',
    });
    expect(r.error.error_data).toEqual({
      message: 'two_factor_enabled',
      resend_time: 18,
      login: player.login,
    });
    t.clock.advance(18_000);
  });
});
