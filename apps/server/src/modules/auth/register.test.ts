/** auth.register with the full and fast forms: every §5 rule on the server, duplicates, stored fields. */

import { ZRegisterParams } from '@casino/contracts/calls/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { findPlayerById, listContacts } from '../players/service.ts';
import { freshIp, postFrom } from './auth-test-helpers.ts';
import { registerPlayer } from './register-player.ts';
import { DEFAULT_REGISTRATION_CONFIG, type TRegistrationConfig } from './registration-config.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const register = (form: Record<string, string>) =>
  postFrom(apiClient(t.app), freshIp(), 'auth.register', { terms: '1', ...form });
const valid = (extra: Record<string, string> = {}) => ({
  terms: '1',
  email: `reg${n++}@example.com`,
  password: 'secret-123',
  ...extra,
});
const fieldErrors = async (form: Record<string, string>) => {
  const r = await register(form);
  expect(r.status).toBe(400);
  expect(r.error.type).toBe('InvalidParameterException');
  return r.error.error_data.invalid_parameters as Record<string, string>;
};

describe('auth.register', () => {
  it('stores every field of the full form and starts a session', async () => {
    const client = apiClient(t.app);
    const r = await postFrom(client, freshIp(), 'auth.register', {
      terms: '1',
      login: 'Full_Player',
      email: 'full@example.com',
      phone: '+44 7700 900123',
      phone_country_code: '+44',
      password: 'secret-123',
      password_confirmation: 'secret-123',
      currency: 'eur',
      notify: '0',
      is_betting: '1',
      character_id: 'knight',
      promo_code: 'SPRING25',
      country_code: 'gb',
      region: 'London',
      document_type: 'passport',
      document_number: 'AB 123456',
      first_name: 'Ada 😀',
      last_name: 'Lovelace',
      middle_name: 'King',
      sex: '2',
      birth_date: '10.12.1990',
      home_town: 'London',
      address: '12 St. James Square',
      postcode: '12345',
      fakename: 'Countess',
    });
    expect(r.error).toBeNull();
    expect(r.data).toEqual({
      uid: expect.any(Number),
      login: 'Full_Player',
      is_registration_completed: true,
      locale: 'en',
    });
    expect(client.jar.get('sid')).toBeTruthy();
    const player = await findPlayerById(t.app.ctx.db, r.data.uid);
    expect(player).toMatchObject({
      login: 'Full_Player',
      email: 'full@example.com',
      phone: '447700900123',
      phoneCountryCode: '+44',
      currency: 'EUR',
      locale: 'en',
      countryCode: 'GB',
      isSubscribed: false,
      isBetting: true,
      characterId: 'knight',
      promoCode: 'SPRING25',
      fakename: 'Countess',
      isRegistrationCompleted: true,
      twoFactorEnabled: false,
      profile: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        middle_name: 'King',
        sex: 2,
        birth_date: '10.12.1990',
        document_type: 'passport',
        document_number: 'AB 123456',
        region: 'London',
        home_town: 'London',
        address: '12 St. James Square',
        postcode: '12345',
      },
    });
    expect(player?.passwordHash).toMatch(/^\$argon2id\$/);
    const contacts = await listContacts(t.app.ctx.db, r.data.uid);
    expect(contacts.map((c) => [c.type, c.value, c.isSubscribed])).toEqual([
      ['email', 'full@example.com', false],
      ['phone', '447700900123', false],
    ]);
  });

  it('falls back to the e-mail for the login; the locale param becomes the account locale', async () => {
    const client = apiClient(t.app);
    const response = await client.send({
      method: 'POST',
      url: '/api/auth.register?v=1&locale=de',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=Fallback%40Example.com&password=secret-123&terms=1',
      remoteAddress: freshIp(),
    });
    const uid = response.json().data.uid as number;
    expect(response.json().data.login).toBe('Fallback@Example.com');
    expect(await findPlayerById(t.app.ctx.db, uid)).toMatchObject({ locale: 'de', currency: 'USD' });
    // The fast form reads only required fields: the e-mail is required by default.
    const fast = await register({ is_fast: '1', mobile: '+491701234567', password: 'secret-123' });
    expect(fast.error.error_data.invalid_parameters).toEqual({ email: 'insertEmailAddress' });
  });

  it('falls back to the phone when the configuration makes the e-mail optional', async () => {
    const phoneFirst: TRegistrationConfig = {
      ...DEFAULT_REGISTRATION_CONFIG,
      fields: DEFAULT_REGISTRATION_CONFIG.fields.map((f) => ({
        ...f,
        isRequired: f.sysname !== 'email' && f.isRequired,
      })),
    };
    const params = ZRegisterParams.parse({ mobile: '+49 170 1234567', password: 'secret-123', terms: '1' });
    const player = await registerPlayer(t.app.ctx, params, 'de', phoneFirst);
    expect(player).toMatchObject({ login: '491701234567', phone: '491701234567', email: null, locale: 'de' });
    // Neither e-mail nor phone nor login: there is nothing to sign in with.
    await expect(
      registerPlayer(
        t.app.ctx,
        ZRegisterParams.parse({ password: 'secret-123', terms: '1' }),
        'en',
        phoneFirst,
      ),
    ).rejects.toMatchObject({ errorData: { invalid_parameters: { email: 'insertEmailAddress' } } });
  });

  it('makes every field required in the full form when a fast form exists too', async () => {
    const both: TRegistrationConfig = { ...DEFAULT_REGISTRATION_CONFIG, hasFastAndFullForms: true };
    const full = ZRegisterParams.parse(valid());
    await expect(registerPlayer(t.app.ctx, full, 'en', both)).rejects.toMatchObject({
      errorData: { invalid_parameters: { first_name: 'requiredField', phone: 'insertPhoneNumber' } },
    });
    const fast = ZRegisterParams.parse(valid({ form_type: 'fast' }));
    expect((await registerPlayer(t.app.ctx, fast, 'en', both)).id).toBeGreaterThan(0);
    const withTerms: TRegistrationConfig = { ...DEFAULT_REGISTRATION_CONFIG, terms: { isActive: true } };
    await expect(
      registerPlayer(t.app.ctx, ZRegisterParams.parse(valid({ terms: '0' })), 'en', withTerms),
    ).rejects.toMatchObject({
      errorData: { invalid_parameters: { terms: 'uncheckedCheckbox' } },
    });
    const regex: TRegistrationConfig = {
      ...DEFAULT_REGISTRATION_CONFIG,
      fields: DEFAULT_REGISTRATION_CONFIG.fields.map((f) =>
        f.sysname === 'postcode' ? { ...f, regex: '^9' } : f,
      ),
    };
    await expect(
      registerPlayer(t.app.ctx, ZRegisterParams.parse(valid({ postcode: '1234' })), 'en', regex),
    ).rejects.toMatchObject({ errorData: { invalid_parameters: { postcode: 'wrongField' } } });
    const nines = await registerPlayer(
      t.app.ctx,
      ZRegisterParams.parse(valid({ postcode: '9123' })),
      'en',
      regex,
    );
    expect(nines.profile.postcode).toBe('9123');
  });

  it('refuses a phone-only registration while the configuration requires the e-mail', async () => {
    const r = await register({ email: '', phone: '+49 170 1234567', password: 'secret-123' });
    expect(r.error.error_data.invalid_parameters).toEqual({ email: 'insertEmailAddress' });
  });

  it('keeps every field a fast form sends; only the required ones must be there', async () => {
    const client = apiClient(t.app);
    const email = `fast${n++}@example.com`;
    const r = await postFrom(client, freshIp(), 'auth.register', {
      terms: '1',
      form_type: 'fast',
      is_fast: '1',
      email,
      password: 'secret-123',
      currency: 'USD',
      country_code: 'de',
      promo_code: 'FAST',
    });
    expect(r.error).toBeNull();
    const info = await client.get('account.getInfo');
    expect(info.data.country_code).toBe('DE');
    const profile = await client.get('account.getProfileInfo');
    expect(profile.data.country_code).toBe('DE');
    const player = await findPlayerById(t.app.ctx.db, r.data.uid);
    expect(player?.promoCode).toBe('FAST');
    expect(player?.profile).toEqual({});
    // What a fast form sends is checked as the full form checks it, never dropped in silence.
    expect(
      await fieldErrors(valid({ form_type: 'fast', first_name: 'R2D2', birth_date: 'nonsense' })),
    ).toEqual({ first_name: 'wrongField', birth_date: 'wrongDate' });
  });

  it('answers the §5 code of each failing field, all at once', async () => {
    expect(await fieldErrors({})).toEqual({ email: 'insertEmailAddress', password: 'insertPassword' });
    expect(await fieldErrors({ email: 'not-an-email', password: 'abc' })).toEqual({
      email: 'wrongEmailAddress',
      password: 'shortPassword',
    });
    expect(await fieldErrors(valid({ email: 'a@b' }))).toEqual({ email: 'wrongEmailAddress' });
    expect(await fieldErrors(valid({ email: 'a b@example.com' }))).toEqual({ email: 'wrongEmailAddress' });
    expect(await fieldErrors(valid({ password: 'has space1' }))).toEqual({ password: 'useSpace' });
    expect(await fieldErrors(valid({ password: 'pässwörd1' }))).toEqual({ password: 'notWalidPassword' });
    expect(await fieldErrors(valid({ password: 'a'.repeat(21) }))).toEqual({ password: 'longPassword' });
    expect(await fieldErrors(valid({ password_confirmation: 'secret124' }))).toEqual({
      password_confirmation: 'passwordsNotEqual',
    });
    expect(await fieldErrors(valid({ phone: '12ab34' }))).toEqual({ phone: 'wrongPhoneFormat' });
    expect(await fieldErrors(valid({ mobile: '123' }))).toEqual({ mobile: 'wrongPhoneFormat' });
    expect(await fieldErrors(valid({ first_name: 'J@ne', last_name: 'Doe1' }))).toEqual({
      first_name: 'wrongField',
      last_name: 'wrongField',
    });
    expect(await fieldErrors(valid({ address: 'Main st #5' }))).toEqual({ address: 'wrongField' });
    expect(await fieldErrors(valid({ birth_date: '31.02.1990' }))).toEqual({ birth_date: 'wrongDate' });
    expect(await fieldErrors(valid({ birth_date: '01.01.1899' }))).toEqual({ birth_date: 'wrongDate' });
    // The test clock is 2026-11-21: a player born 2008-11-22 is still 17.
    // Under the operator's minimum age (18): its own message (issue 41).
    expect(await fieldErrors(valid({ birth_date: '2008-11-22' }))).toEqual({ birth_date: 'underAge' });
    expect((await register(valid({ birth_date: '2008-11-21' }))).error).toBeNull();
    expect(await fieldErrors(valid({ postcode: '123456789' }))).toEqual({ postcode: 'wrongField' });
    expect(await fieldErrors(valid({ fakename: 'abc' }))).toEqual({ fakename: 'minCountSymbolsFakename' });
    expect(await fieldErrors(valid({ fakename: 'ab_cd' }))).toEqual({ fakename: 'specialSymbolsFakename' });
    expect(await fieldErrors(valid({ fakename: 'Lucky\u202EOwl' }))).toEqual({
      fakename: 'specialSymbolsFakename',
    });
    expect(await fieldErrors(valid({ fakename: 'Lucky\u200BOwl' }))).toEqual({
      fakename: 'specialSymbolsFakename',
    });
    expect(await fieldErrors(valid({ fakename: 'W'.repeat(20_000) }))).toEqual({ fakename: 'maxLength' });
    expect(await fieldErrors(valid({ sex: '7' }))).toEqual({ sex: 'wrongField' });
    expect(await fieldErrors(valid({ country_code: 'GBR' }))).toEqual({ country_code: 'wrongField' });
    expect(await fieldErrors(valid({ currency: 'EURO' }))).toEqual({ currency: 'wrongField' });
    expect(await fieldErrors(valid({ login: 'two words' }))).toEqual({ login: 'wrongField' });
    expect(await fieldErrors(valid({ promo_code: 'P'.repeat(65) }))).toEqual({ promo_code: 'maxLength' });
  });

  it('refuses a login, e-mail or phone that is already taken (any case, any of the three)', async () => {
    await makePlayer(t.app, { login: 'taken_login', email: 'taken@example.com', phone: '4915112345678' });
    expect(await fieldErrors(valid({ login: 'TAKEN_login' }))).toEqual({ login: 'alreadyExists' });
    expect(await fieldErrors(valid({ email: 'Taken@Example.com' }))).toEqual({ email: 'alreadyExists' });
    expect(await fieldErrors(valid({ phone: '+49 151 12345678' }))).toEqual({ phone: 'alreadyExists' });
    expect(await fieldErrors(valid({ mobile: '4915112345678' }))).toEqual({ mobile: 'alreadyExists' });
    // A new login may not be someone's e-mail either: sign-in would not know whom it means.
    expect(await fieldErrors(valid({ login: 'taken@example.com' }))).toEqual({ login: 'alreadyExists' });
    expect((await register(valid({ fakename: 'Unique1' }))).error).toBeNull();
    expect(await fieldErrors(valid({ fakename: 'unique1' }))).toEqual({ fakename: 'alreadyExists' });
  });

  it('lets only one of two simultaneous registrations of one e-mail through', async () => {
    const results = await Promise.all([
      register({ email: 'race@example.com', password: 'secret-123' }),
      register({ email: 'race@example.com', password: 'secret-123' }),
    ]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.find((r) => r.error)?.error.error_data.invalid_parameters).toEqual({
      email: 'alreadyExists',
    });
  });

  it('answers InvalidParameterException for malformed bodies', async () => {
    const r = await apiClient(t.app).send({
      method: 'POST',
      url: '/api/auth.register?v=1&locale=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&email=b%40example.com&password=secret-123',
      remoteAddress: freshIp(),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.type).toBe('InvalidParameterException');
    // The platform's zod mapping names the field; its code for a repeated field is not a §5 concern.
    expect(Object.keys(r.json().error.error_data.invalid_parameters)).toEqual(['email']);
  });

  it('limits registrations per address: TooManyRequestsException (429) after 10 an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await postFrom(apiClient(t.app), ip, 'auth.register', {})).status).toBe(400);
    const limited = await postFrom(apiClient(t.app), ip, 'auth.register', valid());
    expect(limited.status).toBe(429);
    expect(limited.error.type).toBe('TooManyRequestsException');
    expect((await postFrom(apiClient(t.app), freshIp(), 'auth.register', valid())).error).toBeNull();
  });
});
