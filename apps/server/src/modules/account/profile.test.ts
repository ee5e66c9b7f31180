import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The test clock stands at 2026-11-21: an adult was born on or before 2008-11-21.
const valid = {
  first_name: 'Anna',
  middle_name: '',
  last_name: "O'Neil-Smith",
  sex: '2',
  birth_date: '21.11.2008',
  country_code: 'US',
  region: 'TX',
  home_town: 'Austin',
  address: '12 Main Street, Apt. 4',
  postcode: '73301',
  document_type: 'passport',
  document_number: 'X1234567',
};

describe('account.getprofileinfo', () => {
  it('answers empty profile fields for a new player, with contacts and document', async () => {
    const { client, email } = await signedInClient(t.app);
    const r = await client.get('account.getprofileinfo', { fields: 'contacts,document' });
    expect(r.data).toMatchObject({
      first_name: '',
      sex: 0,
      birth_date: '',
      email,
      login: email,
      mobile: '',
      currency: 'USD',
      confirm_sent: false,
      document: { type: '' },
      contacts: [{ type: 'email', value: email, is_confirmed: false, is_subscribed: true }],
    });
  });

  it('leaves contacts and document out unless asked for', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.get('account.getprofileinfo', { fields: 'contacts' });
    expect(r.data.contacts).toHaveLength(1);
    expect(r.data.document).toBeUndefined();
  });
});

describe('account.saveProfileInfo', () => {
  it('saves valid fields and answers 1; getprofileinfo shows them', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.saveProfileInfo', valid);
    expect(r.error).toBeNull();
    expect(r.data).toBe(1);
    const profile = (await client.get('account.getprofileinfo', { fields: 'document' })).data;
    expect(profile).toMatchObject({
      first_name: 'Anna',
      last_name: "O'Neil-Smith",
      sex: 2,
      birth_date: '2008-11-21',
      country: 'United States',
      country_code: 'US',
      region: 'TX',
      home_town: 'Austin',
      address: '12 Main Street, Apt. 4',
      postcode: '73301',
      document_type: 'passport',
      document_number: 'X1234567',
      document: { type: 'passport' },
    });
    expect((await client.get('account.getInfo')).data.country_code).toBe('US');
  });

  it('changes only the fields sent', async () => {
    const { client } = await signedInClient(t.app);
    await client.post('account.saveProfileInfo', valid);
    expect((await client.post('account.saveProfileInfo', { first_name: 'Maria' })).data).toBe(1);
    const profile = (await client.get('account.getprofileinfo')).data;
    expect(profile.first_name).toBe('Maria');
    expect(profile.last_name).toBe("O'Neil-Smith");
  });

  it('answers every failing field at once with its §5 code', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.saveProfileInfo', {
      ...valid,
      first_name: 'Ann4',
      last_name: '',
      sex: '7',
      address: 'Main <b>',
      postcode: '1234',
      region: 'ZZ',
      document_type: 'library_card',
    });
    expect(r.status).toBe(400);
    expect(r.error.type).toBe('InvalidParameterException');
    expect(r.error.error_data.invalid_parameters).toEqual({
      first_name: 'wrongField',
      last_name: 'requiredField',
      sex: 'wrongField',
      address: 'wrongField',
      postcode: 'wrongField',
      region: 'wrongField',
      document_type: 'wrongField',
    });
    expect((await client.get('account.getprofileinfo')).data.first_name).toBe('');
  });

  it('refuses the birth date of a player under 18 with underAge, its own message (issue 41)', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.saveProfileInfo', { birth_date: '22.11.2008' });
    expect(r.error.error_data.invalid_parameters).toEqual({ birth_date: 'underAge' });
  });

  it.each([
    ['31.12.1899', 'a year before 1900'],
    ['31.02.1990', 'a day that does not exist'],
    ['1990/01/01', "characters outside digits and , . ' -"],
    ['01.01.90', 'a 2-digit year'],
  ])('refuses the birth date %s (%s) with wrongDate', async (birthDate) => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.saveProfileInfo', { birth_date: birthDate });
    expect(r.error.error_data.invalid_parameters).toEqual({ birth_date: 'wrongDate' });
  });

  it('accepts an ISO birth date of exactly 18 years ago', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.post('account.saveProfileInfo', { birth_date: '2008-11-21' })).data).toBe(1);
  });

  it('checks the postcode against the country pattern, and up to 8 digits by default', async () => {
    const { client } = await signedInClient(t.app);
    const gb = await client.post('account.saveProfileInfo', { country_code: 'GB', postcode: 'SW1A 1AA' });
    expect(gb.data).toBe(1);
    const generic = await client.post('account.saveProfileInfo', { country_code: 'XX', postcode: 'W1A 0AX' });
    expect(generic.error.error_data.invalid_parameters).toEqual({ country_code: 'wrongField' });
    const { client: other } = await signedInClient(t.app);
    expect((await other.post('account.saveProfileInfo', { postcode: '12345678' })).data).toBe(1);
    const long = await other.post('account.saveProfileInfo', { postcode: '123456789' });
    expect(long.error.error_data.invalid_parameters).toEqual({ postcode: 'wrongField' });
  });

  it('checks a Brazilian CPF', async () => {
    const { client } = await signedInClient(t.app, { countryCode: 'BR' });
    const bad = await client.post('account.saveProfileInfo', {
      document_type: 'cpf',
      document_number: '123.456.789-00',
    });
    expect(bad.error.error_data.invalid_parameters).toEqual({ document_number: 'wrongField' });
    const good = await client.post('account.saveProfileInfo', {
      document_type: 'cpf',
      document_number: '529.982.247-25',
    });
    expect(good.data).toBe(1);
    const profile = (await client.get('account.getprofileinfo', { fields: 'document' })).data;
    expect(profile.document).toEqual({ type: 'cpf', number: '529.982.247-25' });
  });

  it('drops a region that the new country does not have', async () => {
    const { client } = await signedInClient(t.app);
    await client.post('account.saveProfileInfo', { country_code: 'US', region: 'TX' });
    await client.post('account.saveProfileInfo', { country_code: 'CA' });
    expect((await client.get('account.getprofileinfo')).data.region).toBe('');
  });

  it('refuses a currency other than USD', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.saveProfileInfo', { currency: 'EUR' });
    expect(r.error.error_data.invalid_parameters).toEqual({ currency: 'wrongField' });
  });

  it('clears an optional field sent empty and strips emoji', async () => {
    const { client } = await signedInClient(t.app);
    await client.post('account.saveProfileInfo', { middle_name: 'Lee', home_town: 'Paris🗼' });
    let profile = (await client.get('account.getprofileinfo')).data;
    expect(profile.middle_name).toBe('Lee');
    expect(profile.home_town).toBe('Paris');
    await client.post('account.saveProfileInfo', { middle_name: '' });
    profile = (await client.get('account.getprofileinfo')).data;
    expect(profile.middle_name).toBe('');
  });
});

describe('social registration completion', () => {
  it('marks a messaging-app sign-up complete with its first valid profile save, not with a failing one', async () => {
    const { client } = await signedInClient(t.app, { isRegistrationCompleted: false });
    expect((await client.get('account.getInfo')).data.is_registration_completed).toBe(false);
    const bad = await client.post('account.saveProfileInfo', { first_name: 'J0hn' });
    expect(bad.error.type).toBe('InvalidParameterException');
    expect((await client.get('account.getInfo')).data.is_registration_completed).toBe(false);
    expect((await client.post('account.saveProfileInfo', { first_name: 'John' })).data).toBe(1);
    expect((await client.get('account.getInfo')).data.is_registration_completed).toBe(true);
  });
});
