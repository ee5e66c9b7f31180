/**
 * Spec §3 validator config list on the server: the nickname's minimum and the default postcode format an operator
 * sets in the site config hold for every player, whatever the site sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
});
