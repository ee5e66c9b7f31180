import { accountCalls } from '@casino/contracts/calls/account';
import { COUNTRIES } from '@casino/contracts/countries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeSocketToken, verifySocketToken } from './socket-token.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('account.getInfo', () => {
  it('answers a visitor with uid 0 and empty values', async () => {
    const r = await apiClient(t.app).get('account.getInfo', { locale: 'de' });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      uid: 0,
      login: '',
      fakename: '',
      balance: usd(0),
      fun_balance: usd(0),
      country_code: '',
      locale: 'de',
      two_factor_auth: false,
    });
  });

  it('answers the signed-in player with every field of spec §3', async () => {
    const { client, player, email } = await signedInClient(t.app, { countryCode: 'DE', locale: 'de' });
    const r = await client.get('ACCOUNT.GETINFO');
    expect(r.error).toBeNull();
    expect(r.data).toEqual({
      uid: player.id,
      reg_time: Math.floor(t.clock.now().getTime() / 1000),
      login: email,
      fakename: '',
      is_subscribed: true,
      balance: usd(0),
      bonus_balance: usd(0),
      betting_bonus_balance: usd(0),
      fun_balance: usd(0),
      is_on_verification: false,
      is_verified: false,
      is_kyc_block_enabled: false,
      is_registration_completed: true,
      country_code: 'DE',
      locale: 'de',
      two_factor_auth: false,
    });
  });
});

describe('account.getBalance', () => {
  it('answers the four balances and the total', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.get('account.getBalance');
    expect(r.data).toEqual({
      balance: usd(0),
      bonus_balance: usd(0),
      betting_bonus_balance: usd(0),
      fun_balance: usd(0),
      total_balance: usd(0),
    });
  });
});

describe('visitors', () => {
  const open = new Set([
    'account.getinfo',
    'account.getcontactphonesettings',
    'account.getpersonaldatafields',
    'account.getcurrencyrates',
    'account.unsubscribe',
  ]);
  for (const call of accountCalls.filter((c) => !open.has(c.name.toLowerCase())))
    it(`${call.name} refuses a visitor with AuthorizationException`, async () => {
      const client = apiClient(t.app);
      const r = call.method === 'GET' ? await client.get(call.name) : await client.post(call.name);
      expect(r.status).toBe(401);
      expect(r.error.type).toBe('AuthorizationException');
    });
});

describe('account.getContactPhoneSettings', () => {
  it('lists every country with phone code, name and mask', async () => {
    const r = await apiClient(t.app).get('account.getContactPhoneSettings');
    expect(r.data).toHaveLength(COUNTRIES.length);
    expect(r.data).toContainEqual({
      country_code: 'US',
      phone_code: '1',
      name: 'United States',
      mask: '(###) ###-####',
    });
    const de = r.data.find((c: { country_code: string }) => c.country_code === 'DE');
    expect(Array.isArray(de.mask)).toBe(true);
  });
});

describe('account.getPersonalDataFields', () => {
  it('gives US states as the region list', async () => {
    const r = await apiClient(t.app).get('account.getPersonalDataFields', { country: 'US' });
    const region = r.data.find((f: { sysname: string }) => f.sysname === 'region');
    expect(region.type).toBe('region');
    expect(region.params).toEqual({ is_required: true, is_visible: true });
    expect(region.options.list).toHaveLength(51);
    expect(region.options.list).toContainEqual({ value: 'TX', label: 'Texas' });
    const postcode = r.data.find((f: { sysname: string }) => f.sysname === 'postcode');
    expect(postcode.options.regex).toBe('^\\d{5}(-\\d{4})?$');
  });

  it('gives Brazil the cpf document with its mask', async () => {
    const r = await apiClient(t.app).get('account.getPersonalDataFields', { country: 'br' });
    const documentType = r.data.find((f: { sysname: string }) => f.sysname === 'document_type');
    expect(documentType.options.list).toEqual([{ value: 'cpf', label: 'cpf' }]);
    const number = r.data.find((f: { sysname: string }) => f.sysname === 'document_number');
    expect(number.options.mask).toBe('###.###.###-##');
  });

  it('hides region and postcode where a country has none', async () => {
    const r = await apiClient(t.app).get('account.getPersonalDataFields', { country: 'AE' });
    const byName = Object.fromEntries(r.data.map((f: { sysname: string }) => [f.sysname, f]));
    expect(byName.region.params.is_visible).toBe(false);
    expect(byName.postcode.params).toEqual({ is_required: false, is_visible: false });
    expect(byName.mobile.options.mask).toBe('## ### ####');
  });

  it("falls back to the player's country, and to the generic set for a visitor", async () => {
    const { client } = await signedInClient(t.app, { countryCode: 'CA' });
    const mine = await client.get('account.getPersonalDataFields');
    const region = mine.data.find((f: { sysname: string }) => f.sysname === 'region');
    expect(region.options.list).toContainEqual({ value: 'QC', label: 'Quebec' });
    const generic = await apiClient(t.app).get('account.getPersonalDataFields');
    const postcode = generic.data.find((f: { sysname: string }) => f.sysname === 'postcode');
    expect(postcode.options.regex).toBe('^\\d{0,8}$');
  });
});

describe('account.getcurrencyrates', () => {
  it('answers rates against USD', async () => {
    const r = await apiClient(t.app).get('account.getcurrencyrates');
    expect(r.data.base).toBe('USD');
    expect(r.data.rates.USD).toBe(1);
    expect(r.data.rates.EUR).toBeGreaterThan(0);
  });
});

describe('account.getDepositLimit', () => {
  it("answers period 'none' while no limit is set", async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.get('account.getDepositLimit');
    expect(r.data).toEqual({
      available_amount: null,
      can_edit: true,
      expired_at: null,
      limit_amount: null,
      period: 'none',
    });
  });

  it('shows the limit the player set in the cashier', async () => {
    const { client } = await signedInClient(t.app);
    const set = await client.post('cashier.setdepositlimit', { period: '7', amount: '150.50' });
    expect(set.error).toBeNull();
    const r = await client.get('account.getDepositLimit');
    expect(r.data).toEqual({
      available_amount: 150.5,
      can_edit: true,
      expired_at: null,
      limit_amount: 150.5,
      period: '7',
    });
  });
});

describe('account.getToken', () => {
  it('issues a socket token that verifies for 60 seconds only', async () => {
    const { client, player } = await signedInClient(t.app);
    const r = await client.get('account.getToken');
    expect(r.data.expires_in).toBe(60);
    const secret = t.app.ctx.config.SESSION_SECRET;
    expect(verifySocketToken(secret, r.data.token, t.clock.now())).toBe(player.id);
    t.clock.advance(59_000);
    expect(verifySocketToken(secret, r.data.token, t.clock.now())).toBe(player.id);
    t.clock.advance(1_000);
    expect(verifySocketToken(secret, r.data.token, t.clock.now())).toBeNull();
  });

  it('refuses a token for another uid, a foreign secret or garbage', () => {
    const now = t.clock.now();
    const secret = t.app.ctx.config.SESSION_SECRET;
    const token = makeSocketToken(secret, 7, now);
    const [, expiry, signature] = token.split('.');
    expect(verifySocketToken(secret, `8.${expiry}.${signature}`, now)).toBeNull();
    expect(verifySocketToken('another-secret-of-16+', token, now)).toBeNull();
    expect(verifySocketToken(secret, 'nonsense', now)).toBeNull();
  });
});
