/** Hub88's settings: all four or none, the keys parsed at boot. */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { isHub88On } from './hub88-config.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ALL = {
  HUB88_API_URL: 'https://api.hub88.example/',
  HUB88_OPERATOR_ID: '12',
  HUB88_OPERATOR_PRIVATE_KEY: privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString()
    .replaceAll('\n', '\\n'),
  HUB88_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
};

describe("Hub88's configuration", () => {
  it('is off without its settings, on with all four (one-line PEM allowed, the URL without its slash)', () => {
    expect(isHub88On(loadConfig({}))).toBe(false);
    const config = loadConfig(ALL);
    expect(isHub88On(config)).toBe(true);
    expect(config.HUB88_API_URL).toBe('https://api.hub88.example');
    expect(config.HUB88_OPERATOR_ID).toBe(12);
    expect(config.HUB88_OPERATOR_PRIVATE_KEY).toContain('\n');
  });

  it('refuses a start with only some of them, or a key that is not one', () => {
    expect(() => loadConfig({ HUB88_API_URL: ALL.HUB88_API_URL })).toThrow(/missing HUB88_OPERATOR_ID/);
    expect(() => loadConfig({ ...ALL, HUB88_PUBLIC_KEY: 'not a key' })).toThrow(/HUB88_PUBLIC_KEY/);
    expect(() => loadConfig({ ...ALL, HUB88_OPERATOR_ID: 'x' })).toThrow(/HUB88_OPERATOR_ID/);
  });
});
