/**
 * The password policy wherever a password is set (registration, password change, reset): the spec's §5 rules,
 * no common password (OWASP ASVS 5 V6.2.4), and a minimum length the operator may raise in the validator config.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/messaging.ts';
import { makePlayer, signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { getSetting, updateSetting } from '../metadata/settings-service.ts';
import { freshIp, postFrom } from './auth-test-helpers.ts';
import { COMMON_PASSWORDS } from './password-policy.ts';

let t: TTestApp;
let siteConfig: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  siteConfig = (await getSetting(t.app.ctx.db, 'site-config')) as Record<string, unknown>;
});
afterEach(() => updateSetting(t.app.ctx.db, 'site-config', siteConfig, t.clock.now()));
afterAll(() => t.close());

let n = 0;
const register = (password: string) =>
  postFrom(apiClient(t.app), freshIp(), 'auth.register', {
    terms: '1',
    email: `policy${n++}@example.com`,
    password,
  });

const changePassword = async (next: string) => {
  const { client, password } = await signedInClient(t.app);
  return client.post('account.changepassword', {
    current_password: password,
    new_password: next,
    repeat_password: next,
  });
};

/** A reset link for a new player; answers a function that spends it with a password. */
const resetLink = async () => {
  const { email } = await makePlayer(t.app);
  await postFrom(apiClient(t.app), freshIp(), 'auth.restore', { login: email });
  const [mail] = await t.app.ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email))
    .orderBy(desc(outboxMessages.id));
  const token = /password-reset\?token=([\w-]+)/.exec(mail?.bodyText ?? '')?.[1] ?? '';
  return (password: string) =>
    postFrom(apiClient(t.app), freshIp(), 'auth.resetpassword', {
      token,
      password,
      password_confirmation: password,
    });
};

/** The site config with the password's validator minimum set to `min`. */
const setPasswordMin = (min: unknown) => {
  const entries = siteConfig.validatorConfig as { field: string; params?: Record<string, unknown> }[];
  const validatorConfig = entries.map((entry) =>
    entry.field === 'password' ? { ...entry, params: { ...entry.params, min } } : entry,
  );
  return updateSetting(t.app.ctx.db, 'site-config', { ...siteConfig, validatorConfig }, t.clock.now());
};

const fieldsOf = (r: {
  status: number;
  error: { type: string; error_data: Record<string, unknown> } | null;
}) => {
  expect(r.status).toBe(400);
  expect(r.error?.type).toBe('InvalidParameterException');
  return r.error?.error_data.invalid_parameters;
};

describe('common passwords', () => {
  it('ships a list of at least 1,000 of them, lower case', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(1000);
    for (const common of ['123456', 'password', 'qwerty123', 'iloveyou', 'letmein', '1q2w3e4r', 'dragon'])
      expect(COMMON_PASSWORDS.has(common), common).toBe(true);
    for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase());
  });

  it('are refused at registration, whatever their letter case', async () => {
    for (const password of [
      'password1',
      'Password1',
      'QWERTY123',
      'iloveyou',
      'Sunshine1',
      'letmein',
      '1q2w3e4r',
    ])
      expect(fieldsOf(await register(password)), password).toEqual({ password: 'commonPassword' });
    expect((await register('Tr0ub4dor&3')).error).toBeNull();
  });

  it('are refused as a new password', async () => {
    expect(fieldsOf(await changePassword('Qwerty123'))).toEqual({ new_password: 'commonPassword' });
    expect((await changePassword('x9!Lantern-Moss')).error).toBeNull();
  });

  it('are refused on a password reset, and the link still works for a good one', async () => {
    const reset = await resetLink();
    expect(fieldsOf(await reset('football1'))).toEqual({ password: 'commonPassword' });
    expect((await reset('x9!Lantern-Moss')).error).toBeNull();
  });
});

describe("the operator's minimum length (site config validatorConfig, password params.min)", () => {
  it('raised to 10: shorter passwords are refused at registration, change and reset', async () => {
    await setPasswordMin(10);
    const short = await register('kx7-wq2p');
    expect(fieldsOf(short)).toEqual({ password: 'shortPassword' });
    // The answer says the minimum in force, for the site's message.
    expect(short.error.error_data.min_length).toBe(10);
    expect((await register('kx7-wq2p-zz')).error).toBeNull();
    const changed = await changePassword('kx7-wq2p');
    expect(fieldsOf(changed)).toEqual({ new_password: 'shortPassword' });
    expect(changed.error.error_data.min_length).toBe(10);
    const reset = await resetLink();
    expect(fieldsOf(await reset('kx7-wq2p'))).toEqual({ password: 'shortPassword' });
    expect((await reset('kx7-wq2p-zz')).error).toBeNull();
  });

  it("is never lowered below the spec's 6, nor raised past its maximum of 20", async () => {
    await setPasswordMin(3);
    expect(fieldsOf(await register('k7-q2'))).toEqual({ password: 'shortPassword' });
    expect((await register('k7-q2z')).error).toBeNull();
    await setPasswordMin(64);
    expect(fieldsOf(await register('kx7-wq2p-zz-kx7-wq2'))).toEqual({ password: 'shortPassword' });
    expect((await register('kx7-wq2p-zz-kx7-wq2p')).error).toBeNull();
    for (const nonsense of ['ten', 7.5, -1, true]) {
      await setPasswordMin(nonsense);
      expect((await register('k7-q2z')).error, String(nonsense)).toBeNull();
    }
  });
});
