/** Edge settings of the configuration: partner origins of the embedded forms, the TOTP encryption keys. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const key = (id: string, fill: number) => `${id}:${Buffer.alloc(32, fill).toString('base64')}`;
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://casino.example.com',
  DATABASE_URL: 'postgres://db/casino',
  SESSION_SECRET: 'a-real-secret-of-enough-length',
  WALLET_HMAC_SECRET: 'another-real-secret-of-length',
  SPORTSBOOK_FEED_SECRET: 'a-real-feed-secret-of-length',
  CONTENT_JWT_SECRET: 'a-real-content-jwt-secret-of-enough-length',
};

describe('configuration', () => {
  it('reads the partner origins that may frame the embedded forms, and refuses anything but an origin', () => {
    expect(loadConfig({}).FRAME_PARTNER_ORIGINS).toEqual([]);
    expect(
      loadConfig({ FRAME_PARTNER_ORIGINS: 'https://a.example, http://b.example:8080' }).FRAME_PARTNER_ORIGINS,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    for (const bad of [
      'https://a.example/login',
      '*',
      'https://*.example',
      'javascript:alert(1)',
      'a.example',
    ])
      expect(() => loadConfig({ FRAME_PARTNER_ORIGINS: bad }), bad).toThrow(/FRAME_PARTNER_ORIGINS/);
  });

  it('reads the current and old TOTP keys as id and 32 bytes', () => {
    const config = loadConfig({ TOTP_ENCRYPTION_KEY: key('k2', 2), TOTP_ENCRYPTION_OLD_KEYS: key('k1', 1) });
    expect(config.TOTP_ENCRYPTION_KEY).toEqual({ id: 'k2', key: Buffer.alloc(32, 2) });
    expect(config.TOTP_ENCRYPTION_OLD_KEYS).toEqual([{ id: 'k1', key: Buffer.alloc(32, 1) }]);
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'k2:c2hvcnQ=' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(() => loadConfig({ TOTP_ENCRYPTION_OLD_KEYS: 'nokey' })).toThrow(/TOTP_ENCRYPTION_OLD_KEYS/);
  });

  it('refuses to start a production deployment on the development TOTP key', () => {
    expect(loadConfig({}).TOTP_ENCRYPTION_KEY.id).toBe('dev');
    expect(() => loadConfig(production)).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(loadConfig({ ...production, TOTP_ENCRYPTION_KEY: key('k1', 1) }).TOTP_ENCRYPTION_KEY.id).toBe(
      'k1',
    );
  });

  it('refuses to start a production deployment on the development sportsbook feed secret', () => {
    const key1 = key('k1', 1);
    const { SPORTSBOOK_FEED_SECRET: _, ...withoutFeedSecret } = production;
    expect(() => loadConfig({ ...withoutFeedSecret, TOTP_ENCRYPTION_KEY: key1 })).toThrow(
      /SPORTSBOOK_FEED_SECRET/,
    );
    expect(loadConfig({ ...production, TOTP_ENCRYPTION_KEY: key1 }).SPORTSBOOK_FEED_SECRET).toBe(
      'a-real-feed-secret-of-length',
    );
  });

  it('refuses to start a production deployment on the development content-client token secret', () => {
    const key1 = key('k1', 1);
    const { CONTENT_JWT_SECRET: _, ...withoutJwtSecret } = production;
    expect(() => loadConfig({ ...withoutJwtSecret, TOTP_ENCRYPTION_KEY: key1 })).toThrow(
      /CONTENT_JWT_SECRET/,
    );
    expect(() => loadConfig({ CONTENT_JWT_SECRET: 'too-short' })).toThrow(/CONTENT_JWT_SECRET/);
    expect(loadConfig({}).CONTENT_JWT_TTL_MINUTES).toBe(60);
  });
});
