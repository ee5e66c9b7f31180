/** The configuration: partner origins, the TOTP keys, the secrets a production start needs and the demo's parts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productionEnv } from '../test/production-env.ts';
import {
  hasDemoFeatures,
  isMailboxEnabled,
  isPaymentSandboxEnabled,
  isSocialSandboxEnabled,
  isSportsbookSimulatorOn,
  loadConfig,
} from './config.ts';
import { SECRETS } from './secrets.ts';

const key = (id: string, fill: number) => `${id}:${Buffer.alloc(32, fill).toString('base64')}`;
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

  it('refuses a production start on either database while a secret is missing, naming each with how to make one', () => {
    for (const database of [{}, { DATABASE_URL: 'postgres://db/casino' }]) {
      const bare = { NODE_ENV: 'production', PUBLIC_URL: 'https://casino.example.com', ...database };
      let message = '';
      try {
        loadConfig(bare);
      } catch (error) {
        message = (error as Error).message;
      }
      for (const name of [
        'SESSION_SECRET',
        'WALLET_HMAC_SECRET',
        'TOTP_ENCRYPTION_KEY',
        'SPORTSBOOK_FEED_SECRET',
        'CONTENT_JWT_SECRET',
      ])
        expect(message).toContain(`export ${name}=`);
      // The demo operator's sign-in is a secret of the demo only.
      expect(message).not.toContain('DEMO_OPERATOR_PASSWORD');
      expect(loadConfig({ ...productionEnv(), ...database }).NODE_ENV).toBe('production');
      // Without its address either, one message says both.
      expect(() => loadConfig({ NODE_ENV: 'production', ...database })).toThrow(
        /PUBLIC_URL[\s\S]*SESSION_SECRET/,
      );
    }
  });

  it("names exactly the variables the README's production section says a production start needs", () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const section = readme.split(/^## /m).find((part) => part.startsWith('Production\n')) ?? '';
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    // The block's exports, less those its comment calls optional.
    const inReadme = block
      .split('\n')
      .filter((line) => line.startsWith('export ') && !/#\s*optional/.test(line))
      .flatMap((line) => [...line.matchAll(/\b([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]));
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    const inMessage = [
      ...(message.includes('set PUBLIC_URL') ? ['PUBLIC_URL'] : []),
      ...[...message.matchAll(/^ {2}([A-Z][A-Z0-9_]*) {2}\(e\.g\./gm)].map((m) => m[1]),
    ];
    expect(inReadme.sort()).toEqual(inMessage.sort());
    expect(inMessage.sort()).toEqual(
      ['PUBLIC_URL', ...SECRETS.filter((s) => !s.optional && !s.demoOnly).map((s) => s.name)].sort(),
    );
  });

  it('refuses each published development value in production, the demo included', () => {
    for (const secret of SECRETS) {
      for (const demoMode of ['0', '1']) {
        const env = productionEnv({ DEMO_MODE: demoMode, [secret.name]: secret.devValue });
        if (secret.demoOnly && demoMode === '0') expect(() => loadConfig(env)).not.toThrow();
        else
          expect(() => loadConfig(env), `${secret.name} DEMO_MODE=${demoMode}`).toThrow(
            new RegExp(secret.name),
          );
      }
    }
    // Any key with the development id, not only the published bytes.
    expect(() => loadConfig(productionEnv({ TOTP_ENCRYPTION_KEY: key('dev', 9) }))).toThrow(
      /TOTP_ENCRYPTION_KEY/,
    );
    expect(loadConfig({}).TOTP_ENCRYPTION_KEY.id).toBe('dev');
    expect(loadConfig(productionEnv({ TOTP_ENCRYPTION_KEY: key('k1', 1) })).TOTP_ENCRYPTION_KEY.id).toBe(
      'k1',
    );
  });

  it('turns the demo parts on outside production and in the demo only, whatever the database', () => {
    for (const database of [{}, { DATABASE_URL: 'postgres://db/casino' }]) {
      const production = loadConfig({ ...productionEnv(), ...database });
      const demo = loadConfig({ ...productionEnv({ DEMO_MODE: '1' }), ...database });
      for (const isOn of [
        hasDemoFeatures,
        isMailboxEnabled,
        isSocialSandboxEnabled,
        isPaymentSandboxEnabled,
      ]) {
        expect(isOn(production)).toBe(false);
        expect(isOn(demo)).toBe(true);
      }
      expect(isSportsbookSimulatorOn(production)).toBe(false);
      expect(isSportsbookSimulatorOn(demo)).toBe(true);
    }
    expect(hasDemoFeatures(loadConfig({ NODE_ENV: 'development' }))).toBe(true);
    expect(isSportsbookSimulatorOn(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
    expect(() => loadConfig(productionEnv({ SPORTSBOOK_SIMULATOR: '1' }))).toThrow(/DEMO_MODE=1/);
  });

  it('checks the content-client token secret and its lifetime', () => {
    expect(() => loadConfig({ CONTENT_JWT_SECRET: 'too-short' })).toThrow(/CONTENT_JWT_SECRET/);
    expect(loadConfig({}).CONTENT_JWT_TTL_MINUTES).toBe(60);
  });
});
