/** Spec §3 `is_game_history_export_enabled`: the server refuses the CSV export while the operator has it off. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { getSetting, updateSetting } from '../../metadata/settings-service.ts';
import { fundedClient } from './test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setExport = async (enabled: boolean) => {
  const info = (await getSetting(t.app.ctx.db, 'general-info')) as Record<string, unknown>;
  await updateSetting(
    t.app.ctx.db,
    'general-info',
    { ...info, is_game_history_export_enabled: enabled },
    t.clock.now(),
  );
};

describe('the game history export follows is_game_history_export_enabled on the server', () => {
  it('refuses the export call and the download while the setting is off, and serves both when on', async () => {
    const { client } = await fundedClient(t.app, 0n);
    const made = await client.post('games.createhistoryexportrequest', { mode: 'real' });
    expect(made.error).toBeNull();
    await t.app.ctx.jobs.drain();
    const ready = (await client.get('games.gethistoryexportrequest', { id: made.data.id })).data;
    expect((await client.send({ method: 'GET', url: ready.url })).statusCode).toBe(200);

    await setExport(false);
    const refused = await client.post('games.createhistoryexportrequest', { mode: 'real' });
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual({
      type: 'AccessDeniedException',
      error_data: { reason: 'feature_disabled', feature: 'is_game_history_export_enabled' },
    });
    expect((await client.send({ method: 'GET', url: ready.url })).statusCode).toBe(403);
    // The history itself stays: only its export is the setting's.
    expect((await client.get('games.getHistory')).error).toBeNull();

    await setExport(true);
    expect((await client.post('games.createhistoryexportrequest', { mode: 'real' })).error).toBeNull();
  });
});
