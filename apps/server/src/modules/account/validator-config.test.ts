/**
 * Spec §3 validator config list on the server: the nickname's minimum, the default postcode format, the birth
 * date's minimum age and earliest year, the confirmation code's length and the cashier amount's bounds an operator
 * sets in the site config hold for every player, whatever the site sent.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/messaging.ts';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { getSetting, updateSetting } from '../metadata/settings-service.ts';

let t: TTestApp;
let siteConfig: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  siteConfig = (await getSetting(t.app.ctx.db, 'site-config')) as Record<string, unknown>;
});
afterEach(() => updateSetting(t.app.ctx.db, 'site-config', siteConfig, t.clock.now()));
afterAll(() => t.close());

/** The site config with these params on the validator entries of these fields. */
const setParams = (params: Record<string, Record<string, unknown>>) => {
  const entries = siteConfig.validatorConfig as { field: string; params?: Record<string, unknown> }[];
  const validatorConfig = entries.map((entry) =>
    params[entry.field] ? { ...entry, params: { ...entry.params, ...params[entry.field] } } : entry,
  );
  return updateSetting(t.app.ctx.db, 'site-config', { ...siteConfig, validatorConfig }, t.clock.now());
};

let n = 0;
describe('the validator config on the server', () => {
  it('holds a new nickname to the minimum the operator raised', async () => {
    const { client } = await signedInClient(t.app);
    await setParams({ fakename: { min: 8 } });
    const short = await client.post('account.changefakename', { fakename: `Ace${n++}x` });
    expect(short.status).toBe(400);
    expect(short.error.error_data.invalid_parameters).toEqual({ fakename: 'minCountSymbolsFakename' });
    expect((await client.post('account.changefakename', { fakename: `Longname${n++}` })).error).toBeNull();
    // A minimum under the spec's 4 keeps 4.
    await setParams({ fakename: { min: 1 } });
    const tiny = await client.post('account.changefakename', { fakename: 'Abc' });
    expect(tiny.error.error_data.invalid_parameters).toEqual({ fakename: 'minCountSymbolsFakename' });
  });

  it('gives countries without a postcode format of their own the operator’s, in the fields and the save', async () => {
    const fieldsBefore = (await apiClient(t.app).get('account.getpersonaldatafields')).data;
    const postcodeOf = (fields: { sysname: string; options: { regex?: string } }[]) =>
      fields.find((f) => f.sysname === 'postcode')?.options.regex;
    expect(postcodeOf(fieldsBefore)).toBe('^\\d{0,8}$');
    await setParams({ postcode: { regex: '^[A-Z]{2}\\d{3}$' } });
    const fields = (await apiClient(t.app).get('account.getpersonaldatafields')).data;
    expect(postcodeOf(fields)).toBe('^[A-Z]{2}\\d{3}$');
    // A country with its own format keeps it.
    const us = (await apiClient(t.app).get('account.getpersonaldatafields', { country: 'US' })).data;
    expect(postcodeOf(us)).toBe('^\\d{5}(-\\d{4})?$');

    const { client } = await signedInClient(t.app);
    const refused = await client.post('account.saveprofileinfo', { postcode: '12345' });
    expect(refused.error?.error_data.invalid_parameters.postcode).toBe('wrongField');
    const saved = await client.post('account.saveprofileinfo', { postcode: 'AB123' });
    expect(saved.error?.error_data?.invalid_parameters?.postcode).toBeUndefined();
  });

  it('ignores a postcode pattern that does not compile', async () => {
    await setParams({ postcode: { regex: '([' } });
    const fields = (await apiClient(t.app).get('account.getpersonaldatafields')).data;
    expect(fields.find((f: { sysname: string }) => f.sysname === 'postcode').options.regex).toBe(
      '^\\d{0,8}$',
    );
  });

  it('holds a birth date to the entry’s minimum age (stricter only) and earliest year, at sign-up and in the profile', async () => {
    const year = t.clock.now().getUTCFullYear();
    const register = (birth: string) =>
      apiClient(t.app).post('auth.register', {
        terms: '1',
        email: `born${n++}@example.com`,
        password: 'secret-123',
        birth_date: birth,
      });
    await setParams({ birth_date: { minAge: 21, minYear: 1950 } });
    const twenty = await register(`01.01.${year - 20}`);
    expect(twenty.error.error_data.invalid_parameters).toEqual({ birth_date: 'underAge' });
    const old = await register('01.01.1945');
    expect(old.error.error_data.invalid_parameters).toEqual({ birth_date: 'wrongDate' });
    expect((await register(`01.01.${year - 22}`)).error).toBeNull();

    const { client } = await signedInClient(t.app);
    const young = await client.post('account.saveprofileinfo', { birth_date: `01.01.${year - 20}` });
    expect(young.error.error_data.invalid_parameters).toEqual({ birth_date: 'underAge' });
    const early = await client.post('account.saveprofileinfo', { birth_date: '01.01.1945' });
    expect(early.error.error_data.invalid_parameters).toEqual({ birth_date: 'wrongDate' });

    // A lower minAge does not loosen the registration config's 18.
    await setParams({ birth_date: { minAge: 10, minYear: 1900 } });
    const child = await register(`01.01.${year - 12}`);
    expect(child.error.error_data.invalid_parameters).toEqual({ birth_date: 'underAge' });
  });

  it('mails a confirmation code of the entry’s length, and takes it back', async () => {
    const { client, email } = await signedInClient(t.app);
    await setParams({ code: { length: 8 } });
    expect((await client.post('account.sendconfirmationtocontact', { contact: 'email' })).data).toBe(1);
    const [message] = await t.app.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    const code = /\b(\d{8})\b/.exec(message?.bodyText ?? '')?.[1];
    expect(code).toMatch(/^\d{8}$/);
    expect((await client.post('account.confirmContact', { contact: 'email', code: code ?? '' })).data).toBe(
      1,
    );
  });

  it('narrows every payment method’s amount to the entry’s min and max, shown and held', async () => {
    const { client } = await signedInClient(t.app);
    await setParams({ amount: { min: 25, max: 300 } });
    const settings = (await client.get('cashier.getdepositsettings')).data;
    expect(settings.methods[0]).toMatchObject({ sysname: 'card', min_amount: 25, max_amount: 300 });
    const withdraw = (await client.get('cashier.getwithdrawsettings')).data;
    expect(withdraw.methods[0]).toMatchObject({ sysname: 'card', min_amount: 25, max_amount: 300 });
    const low = await client.post('cashier.makedeposit', { method: 'card', amount: '20' });
    expect(low.error.error_data).toEqual({
      invalid_parameters: { amount: 'sumError' },
      min_amount: 25,
      max_amount: 300,
    });
    const high = await client.post('cashier.makedeposit', { method: 'card', amount: '301' });
    expect(high.error.error_data.invalid_parameters).toEqual({ amount: 'sumError' });
    const lowOut = await client.post('cashier.makewithdrawal', {
      method: 'card',
      'requisites[card_holder]': 'Jane Doe',
      'requisites[card_number]': '4242 4242 4242 4242',
      amount: '24',
    });
    expect(lowOut.error?.type, JSON.stringify(lowOut.error)).toBe('InvalidParameterException');
    expect(lowOut.error.error_data).toMatchObject({
      invalid_parameters: { amount: 'sumError' },
      min_amount: 25,
    });
  });
});
