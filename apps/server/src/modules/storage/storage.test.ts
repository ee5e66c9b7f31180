import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { STORAGE_QUOTA_BYTES: '200' } });
});
afterAll(() => t.close());

describe('storage', () => {
  it('stores, reads and lists a player’s keys, separate from other players', async () => {
    const { client } = await signedInClient(t.app);
    const { client: other } = await signedInClient(t.app);
    expect((await client.post('storage.set', { key: 'already_seen_cashback_id', value: '42' })).data).toBe(1);
    expect((await client.post('storage.set', { key: 'theme', value: 'dark' })).data).toBe(1);
    expect((await client.get('storage.get', { key: 'already_seen_cashback_id' })).data).toBe('42');
    expect((await client.get('storage.getKeys', { keys: 'theme,missing' })).data).toEqual({
      theme: 'dark',
      missing: null,
    });
    expect((await client.get('storage.getKeys')).data).toEqual({
      already_seen_cashback_id: '42',
      theme: 'dark',
    });
    expect((await other.get('storage.get', { key: 'theme' })).data).toBeNull();
    await client.post('storage.set', { key: 'theme', value: 'light' });
    expect((await client.get('storage.get', { key: 'theme' })).data).toBe('light');
    await client.post('storage.set', { key: 'theme', value: '' });
    expect((await client.get('storage.get', { key: 'theme' })).data).toBeNull();
  });

  it('answers null / {} to a visitor and refuses a visitor’s set', async () => {
    const visitor = apiClient(t.app);
    expect((await visitor.get('storage.get', { key: 'theme' })).data).toBeNull();
    expect((await visitor.get('storage.getKeys')).data).toEqual({});
    const r = await visitor.post('storage.set', { key: 'theme', value: 'dark' });
    expect(r.status).toBe(401);
    expect(r.error.type).toBe('AuthorizationException');
  });

  it('validates the key', async () => {
    const { client } = await signedInClient(t.app);
    const bad = await client.post('storage.set', { key: 'no spaces!', value: '1' });
    expect(bad.error.type).toBe('InvalidParameterException');
    expect(bad.error.error_data.invalid_parameters).toEqual({ key: 'wrongField' });
    const long = await client.post('storage.set', { key: 'k'.repeat(65), value: '1' });
    expect(long.error.error_data.invalid_parameters).toEqual({ key: 'wrongField' });
    const empty = await client.get('storage.get', { key: '' });
    expect(empty.error.error_data.invalid_parameters).toEqual({ key: 'requiredField' });
  });

  it('refuses a write past the player’s quota and keeps what was stored', async () => {
    const { client } = await signedInClient(t.app);
    // 200 bytes: key 'a' + 150 bytes fits, a second 'b' + 60 does not (1 + 150 + 1 + 60 = 212).
    expect((await client.post('storage.set', { key: 'a', value: 'x'.repeat(150) })).data).toBe(1);
    const over = await client.post('storage.set', { key: 'b', value: 'y'.repeat(60) });
    expect(over.status).toBe(400);
    expect(over.error.type).toBe('StorageQuotaExceededException');
    expect((await client.get('storage.get', { key: 'b' })).data).toBeNull();
    // Replacing a key counts its new size only; multi-byte characters count as bytes.
    expect((await client.post('storage.set', { key: 'a', value: 'z'.repeat(190) })).data).toBe(1);
    const wide = await client.post('storage.set', { key: 'a', value: 'é'.repeat(100) });
    expect(wide.error.type).toBe('StorageQuotaExceededException');
    expect((await client.get('storage.get', { key: 'a' })).data).toBe('z'.repeat(190));
  });

  it('holds the quota under concurrent writes', async () => {
    const { client } = await signedInClient(t.app);
    const results = await Promise.all(
      ['k1', 'k2', 'k3', 'k4'].map((key) => client.post('storage.set', { key, value: 'v'.repeat(60) })),
    );
    expect(results.filter((r) => r.data === 1).length).toBe(3);
    const stored = (await client.get('storage.getKeys')).data;
    expect(Object.keys(stored).length).toBe(3);
  });
});
