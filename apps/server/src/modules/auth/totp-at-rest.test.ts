/**
 * TOTP secrets at rest: players' and operators' secrets are stored sealed (AES-256-GCM, key id in the value);
 * clear-text secrets of older rows still work and are sealed at the next boot, as are those of an old key.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../platform/config.ts';
import { makePlayer, signedInClient } from '../../test/factories.ts';
import { totpAt } from '../../test/rfc6238-totp.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeOperator } from '../backoffice/backoffice-test-helpers.ts';
import { operators } from '../backoffice/schema.ts';
import { findPlayerById, updatePlayer } from '../players/service.ts';
import { freshIp, postFrom } from './auth-test-helpers.ts';

const key = (id: string, fill: number) => `${id}:${Buffer.alloc(32, fill).toString('base64')}`;
const K1 = key('k1', 1);
const K2 = key('k2', 2);

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TOTP_ENCRYPTION_KEY: K1 } });
});
afterAll(() => t.close());

const now = () => t.app.ctx.providers.clock.now();
const storedPlayer = async (id: number) => (await findPlayerById(t.app.ctx.db, id))!;
const storedOperator = async (id: number) =>
  (await t.app.ctx.db.select().from(operators).where(eq(operators.id, id)))[0]!;

/** Another instance booting on the same database: its seed step runs the sweep. */
const bootAgain = async (env: Record<string, string>): Promise<FastifyInstance> => {
  const app = await buildApp(testConfig(env), {
    database: t.app.ctx.database,
    providers: t.app.ctx.providers,
  });
  await app.ready();
  return app;
};

const login = (app: FastifyInstance, login: string, password: string, code = '') =>
  postFrom(apiClient(app), freshIp(), 'auth.login', { login, password, ...(code ? { code } : {}) });

describe('TOTP secrets at rest', () => {
  it('stores a player’s pending and confirmed secret sealed with the current key, never in clear', async () => {
    const { client, player, email } = await signedInClient(t.app, { password: 'right-pass1' });
    const ip = freshIp();
    const secret = (await postFrom(client, ip, 'account.changeTwoFactorAuth')).data.secret as string;
    const pending = (await storedPlayer(player.id)).twoFactorPendingSecret ?? '';
    expect(pending).toMatch(/^enc1:k1:/);
    expect(pending).not.toContain(secret);
    await postFrom(client, ip, 'account.confirmTwoFactorAuth', { code: totpAt(secret, now()) });
    const stored = await storedPlayer(player.id);
    expect(stored.twoFactorSecret).toMatch(/^enc1:k1:/);
    expect(stored.twoFactorSecret).not.toContain(secret);
    t.clock.advance(30_000);
    expect((await login(t.app, email, 'right-pass1', totpAt(secret, now()))).error).toBeNull();
  });

  it('stores an operator’s secret sealed; the operator gets it in clear once, to enrol', async () => {
    const operator = await makeOperator(t.app, 'admin');
    const stored = await storedOperator(operator.id);
    expect(stored.totpSecret).toMatch(/^enc1:k1:/);
    expect(stored.totpSecret).not.toContain(operator.totpSecret);
  });

  it('reads clear-text secrets of older rows, and seals them at the next boot', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const { player, email, password } = await makePlayer(t.app);
    await updatePlayer(t.app.ctx.db, player.id, { twoFactorEnabled: true, twoFactorSecret: secret });
    const operator = await makeOperator(t.app, 'support');
    await t.app.ctx.db.update(operators).set({ totpSecret: secret }).where(eq(operators.id, operator.id));

    t.clock.advance(30_000);
    expect((await login(t.app, email, password, totpAt(secret, now()))).error).toBeNull();

    const second = await bootAgain({ TOTP_ENCRYPTION_KEY: K1 });
    const sealed = (await storedPlayer(player.id)).twoFactorSecret ?? '';
    expect(sealed).toMatch(/^enc1:k1:/);
    expect(t.app.ctx.totpSecrets.open(sealed)).toBe(secret);
    expect((await storedOperator(operator.id)).totpSecret).toMatch(/^enc1:k1:/);
    t.clock.advance(30_000);
    expect((await login(second, email, password, totpAt(secret, now()))).error).toBeNull();
    await second.close();
  });

  it('rotates keys: an old key still opens, new writes and the boot sweep use the current key', async () => {
    const { client, player, email } = await signedInClient(t.app, { password: 'right-pass1' });
    const ip = freshIp();
    const secret = (await postFrom(client, ip, 'account.changeTwoFactorAuth')).data.secret as string;
    await postFrom(client, ip, 'account.confirmTwoFactorAuth', { code: totpAt(secret, now()) });
    expect((await storedPlayer(player.id)).twoFactorSecret).toMatch(/^enc1:k1:/);

    const rotated = await bootAgain({ TOTP_ENCRYPTION_KEY: K2, TOTP_ENCRYPTION_OLD_KEYS: K1 });
    expect((await storedPlayer(player.id)).twoFactorSecret).toMatch(/^enc1:k2:/);
    t.clock.advance(30_000);
    expect((await login(rotated, email, 'right-pass1', totpAt(secret, now()))).error).toBeNull();
    await rotated.close();
  });
});
