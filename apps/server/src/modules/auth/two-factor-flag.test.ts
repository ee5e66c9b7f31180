import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { getSetting, updateSetting } from '../metadata/settings-service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the two-factor feature flag', () => {
  it('refuses turning two-factor on when the operator has turned the feature off', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.post('account.changeTwoFactorAuth')).data.otpauth_uri).toMatch(
      /^otpauth:\/\/totp\//,
    );

    const site = (await getSetting(t.app.ctx.db, 'site-config')) as { features: Record<string, boolean> };
    await updateSetting(
      t.app.ctx.db,
      'site-config',
      { ...site, features: { ...site.features, isTwoFAEnable: false } },
      t.clock.now(),
    );

    const refused = await client.post('account.changeTwoFactorAuth');
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual({
      type: 'AccessDeniedException',
      error_data: { reason: 'feature_disabled', feature: 'isTwoFAEnable' },
    });
    expect((await client.post('account.confirmTwoFactorAuth', { code: '123456' })).error.type).toBe(
      'AccessDeniedException',
    );
    expect((await client.get('metadata.get')).data.features.isTwoFAEnable).toBe(false);
  });
});
