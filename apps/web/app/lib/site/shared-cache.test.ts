import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSharedValues, followSettingsVersion, SHARED_TTL_MS, sharedValue } from './shared-cache';

describe('values every visitor gets alike', () => {
  beforeEach(() => clearSharedValues());

  it('are read once per SHARED_TTL_MS, concurrent reads sharing one load', async () => {
    const load = vi.fn(async () => ({ n: load.mock.calls.length }));
    const [a, b] = await Promise.all([sharedValue('k', load, 0), sharedValue('k', load, 10)]);
    expect(a).toBe(b);
    expect(await sharedValue('k', load, SHARED_TTL_MS - 1)).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await sharedValue('k', load, SHARED_TTL_MS)).toEqual({ n: 2 });
    expect(await sharedValue('other', load, 0)).toEqual({ n: 3 });
  });

  it('are not kept when the load fails or finds nothing', async () => {
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(sharedValue('k', failing, 0)).rejects.toThrow('down');
    const empty = vi.fn(async () => undefined);
    expect(await sharedValue('k', empty, 1)).toBeUndefined();
    const good = vi.fn(async () => 'ok');
    expect(await sharedValue('k', good, 2)).toBe('ok');
    expect(await sharedValue('k', good, 3)).toBe('ok');
    expect(good).toHaveBeenCalledTimes(1);
  });

  it('are read again once the host’s settings version moves (an operator’s change), not before', async () => {
    const load = vi.fn(async () => 'value');
    followSettingsVersion(4);
    await sharedValue('settings', load, 0);
    followSettingsVersion(4);
    await sharedValue('settings', load, 1);
    expect(load).toHaveBeenCalledTimes(1);
    followSettingsVersion(5);
    await sharedValue('settings', load, 2);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
