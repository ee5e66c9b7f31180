import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { getSetting, updateSetting } from '../../metadata/settings-service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the bet-history feature flag', () => {
  it('gates games.getHistory and the export on the server', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.get('games.getHistory')).error).toBeNull();

    const site = (await getSetting(t.app.ctx.db, 'site-config')) as { features: Record<string, boolean> };
    await updateSetting(
      t.app.ctx.db,
      'site-config',
      { ...site, features: { ...site.features, isBetHistoryEnable: false } },
      t.clock.now(),
    );
    const refused = await client.get('games.getHistory');
    expect(refused.status).toBe(403);
    expect(refused.error.error_data).toEqual({ reason: 'feature_disabled', feature: 'isBetHistoryEnable' });
    expect((await client.post('games.createhistoryexportrequest')).error.type).toBe('AccessDeniedException');
  });
});
