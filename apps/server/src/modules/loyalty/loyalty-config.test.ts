/**
 * The §3 loyalty config comes from the site config: metadata.get serves its `loyalty` section (coin icon, places
 * of the character, tutorial, notification) with isEnableLoyalty / isEnableCharacters following the feature flags;
 * the back-office edits the section; a switched-off feature refuses every loyalty call with a clear error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeOperator, signInOperator } from '../backoffice/backoffice-test-helpers.ts';
import { getSetting, updateSetting } from '../metadata/settings-service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

const setFeatures = async (features: Record<string, boolean>) => {
  const stored = (await getSetting(t.app.ctx.db, 'site-config')) as { features: Record<string, boolean> };
  await updateSetting(
    t.app.ctx.db,
    'site-config',
    { ...stored, features: { ...stored.features, ...features } },
    t.clock.now(),
  );
};
const served = async () => (await apiClient(t.app).get('metadata.get')).data.loyalty;

describe('loyalty config', () => {
  it('is served from the site config; the back-office edits it; a malformed one is refused', async () => {
    expect(await served()).toEqual({
      isEnableLoyalty: true,
      isEnableCharacters: true,
      coinIcon: '/images/loyalty/coin.svg',
      placesWhereDisplayedCharacters: ['profile-page', 'loyalty-page', 'profile-loyalty-pages'],
      tutorialUrl: '',
      notification: { duration: 5, sound: false },
    });
    const admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
    const page = await admin.get('/admin/settings/loyalty');
    expect(page.statusCode).toBe(200);
    const section = {
      coinIcon: '/images/loyalty/star.svg',
      placesWhereDisplayedCharacters: ['loyalty-page'],
      tutorialUrl: '/about-us',
      notification: { duration: 8, sound: true },
    };
    const saved = await admin.post('/admin/settings/loyalty', {
      _form: 'json',
      json: JSON.stringify(section),
    });
    expect(saved.headers.location).toBe('/admin/settings/loyalty?ok=saved');
    expect(await served()).toEqual({ isEnableLoyalty: true, isEnableCharacters: true, ...section });
    const bad = await admin.post('/admin/settings/loyalty', {
      _form: 'json',
      json: JSON.stringify({ ...section, notification: { duration: -1, sound: 'loud' } }),
    });
    expect(bad.statusCode).toBe(422);
    expect((await served()).notification).toEqual({ duration: 8, sound: true });
  });

  it('a switched-off feature shows as off in the config and its calls refuse with feature_disabled', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.get('loyalty.getinfo')).error).toBeNull();
    await setFeatures({ isLoyaltyEnable: false });
    expect((await served()).isEnableLoyalty).toBe(false);
    const calls: [string, 'get' | 'post', Record<string, unknown>][] = [
      ['loyalty.getinfo', 'get', {}],
      ['loyalty.getPrograms', 'get', {}],
      ['loyalty.getProgram', 'get', { sysname: 'vip' }],
      ['loyalty.getproducts', 'get', {}],
      ['loyalty.buyproduct', 'post', { id: 1 }],
      ['loyalty.getnotifications', 'get', {}],
      ['loyalty.setcharacter', 'post', { id: 1 }],
    ];
    for (const [name, method, params] of calls) {
      const answer = await client[method](name, params as Record<string, string>);
      expect([name, answer.error?.type, answer.error?.error_data]).toEqual([
        name,
        'AccessDeniedException',
        { reason: 'feature_disabled', feature: 'isLoyaltyEnable' },
      ]);
    }
    await setFeatures({ isLoyaltyEnable: true, isCharactersEnable: false });
    expect(await served()).toMatchObject({ isEnableLoyalty: true, isEnableCharacters: false });
    const characters = await client.get('loyalty.getcharacters');
    expect(characters.error?.error_data).toEqual({
      reason: 'feature_disabled',
      feature: 'isCharactersEnable',
    });
    const info = await client.get('loyalty.getinfo');
    expect([info.error, info.data.character]).toEqual([null, null]);
    await setFeatures({ isCharactersEnable: true });
    expect((await client.get('loyalty.getcharacters')).error).toBeNull();
  });
});
