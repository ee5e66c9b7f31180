/**
 * Issue 41: every sign-up holds to the operator's terms and minimum age (content/registration-config.json: terms
 * active, minimumAge 18). A registration without the terms ticked is refused with a field error on `terms`; a
 * birth date younger than the minimum age gets `underAge`, its own message, at registration and in the profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { getSetting, updateSetting } from '../metadata/settings-service.ts';
import { freshIp, postFrom } from './auth-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let n = 0;
const register = (form: Record<string, string>) =>
  postFrom(apiClient(t.app), freshIp(), 'auth.register', {
    email: `comply${n++}@example.com`,
    password: 'secret-123',
    ...form,
  });
/** The birth date `years` years and `days` days before the test clock's today, as dd.mm.yyyy. */
const bornAgo = (years: number, days = 0) => {
  const d = new Date(t.clock.now());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
};
const withConfig = async (change: Record<string, unknown>, run: () => Promise<void>) => {
  const db = t.app.ctx.db;
  const before = (await getSetting(db, 'registration-config')) as Record<string, unknown>;
  await updateSetting(db, 'registration-config', { ...before, ...change }, t.clock.now());
  try {
    await run();
  } finally {
    await updateSetting(db, 'registration-config', before, t.clock.now());
  }
};

describe('the terms (issue 41)', () => {
  it('refuses the full and the fast form without the terms ticked, with a field error on terms', async () => {
    const forms: Record<string, string>[] = [
      {},
      { terms: '0' },
      { terms: '0', is_fast: '1' },
      { form_type: 'fast' },
    ];
    for (const form of forms) {
      const r = await register(form);
      expect(r.status, JSON.stringify(form)).toBe(400);
      expect(r.error.error_data.invalid_parameters).toEqual({ terms: 'uncheckedCheckbox' });
    }
    expect((await register({ terms: '1' })).error).toBeNull();
  });

  it('lets the operator turn the terms off', async () => {
    await withConfig({ terms: { isActive: false, defaultValue: false } }, async () => {
      expect((await register({})).error).toBeNull();
    });
  });
});

describe('the minimum age (issue 41)', () => {
  it('refuses a birth date under 18 with underAge, and one in the future or malformed with wrongDate', async () => {
    const codes = async (birth_date: string) =>
      (await register({ terms: '1', birth_date })).error?.error_data.invalid_parameters ?? null;
    expect(await codes('01.01.2015')).toEqual({ birth_date: 'underAge' });
    expect(await codes(bornAgo(18, 1))).toEqual({ birth_date: 'underAge' });
    expect(await codes(bornAgo(-1))).toEqual({ birth_date: 'wrongDate' });
    expect(await codes('31.02.1990')).toEqual({ birth_date: 'wrongDate' });
    expect(await codes(bornAgo(18))).toBeNull();
  });

  it("holds to the operator's minimum age at registration and in the profile", async () => {
    await withConfig({ minimumAge: 21 }, async () => {
      const r = await register({ terms: '1', birth_date: bornAgo(20) });
      expect(r.error.error_data.invalid_parameters).toEqual({ birth_date: 'underAge' });
      expect((await register({ terms: '1', birth_date: bornAgo(21) })).error).toBeNull();
      const { client } = await signedInClient(t.app);
      const saved = await client.post('account.saveProfileInfo', { birth_date: bornAgo(20) });
      expect(saved.error.error_data.invalid_parameters).toEqual({ birth_date: 'underAge' });
      expect((await client.post('account.saveProfileInfo', { birth_date: bornAgo(21) })).data).toBe(1);
    });
  });
});
