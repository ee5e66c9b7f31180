import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { confirmContacts, refreshSession } from '../cashier/cashier-test-helpers.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { getBalances } from '../ledger/balances.ts';
import { getSetting, updateSetting } from '../metadata/settings-service.ts';
import { SIGNATURE_HEADER, signBody } from '../wallet/routes.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { IDLE_GAP_MS } from './activity.ts';
import { canReceiveMarketing } from './exclusions.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** A player with $100 on main, signed in, with a third-party wallet session open for real money. */
const player = async () => {
  const made = await fundedClient(t.app, 10_000n);
  await confirmContacts(t.app, made.player.id);
  const { token } = await walletService.openSession(t.app.ctx, {
    playerId: made.player.id,
    game: 'acme-slot',
    mode: 'real',
    provider: 'acme',
  });
  return { ...made, wallet: token };
};

let txCounter = 0;
const walletCall = async (path: 'bet' | 'win', session: string, roundId: string, amount: string) => {
  const raw = JSON.stringify({ session, transaction_id: `tx-${txCounter++}`, round_id: roundId, amount });
  const response = await t.app.inject({
    method: 'POST',
    url: `/wallet/v1/${path}`,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signBody(t.app.ctx.config.WALLET_HMAC_SECRET, raw),
    },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() };
};

const playDice = (client: ReturnType<typeof apiClient>, bet = '1') =>
  client.post('games.play', {
    sysname: 'sparkrush_dice_duel',
    mode: 'real',
    bet,
    params: JSON.stringify({ target: 5000, over: true }),
  });

const mainOf = async (playerId: number) => (await getBalances(t.app.ctx.db, playerId)).main;

const setFeature = async (flag: string, value: boolean) => {
  const site = (await getSetting(t.app.ctx.db, 'site-config')) as { features: Record<string, unknown> };
  await updateSetting(
    t.app.ctx.db,
    'site-config',
    { ...site, features: { ...site.features, [flag]: value } },
    t.clock.now(),
  );
};

describe('self-exclusion and time-out', () => {
  it('a self-excluded player is signed out and refused at login, deposit, games.play, the wallet API and marketing until it ends (mail until they subscribe again)', async () => {
    const { client, player: p, email, password, wallet } = await player();
    const before = await mainOf(p.id);
    const r = await client.post('responsibleGaming.selfExclude', { period: '1d' });
    const until = unix(t.clock.now()) + 86_400;
    expect(r.data).toEqual({ type: 'self_exclusion', period: '1d', until, is_permanent: false });
    // Every session ended: this client is a visitor now.
    expect((await client.get('account.getInfo')).data.uid).toBe(0);
    expect((await client.get('responsibleGaming.get')).error.type).toBe('AuthorizationException');

    const login = await apiClient(t.app).post('auth.login', { login: email, password });
    expect(login.status).toBe(403);
    expect(login.error).toEqual({
      type: 'AccessDeniedException',
      error_data: { reason: 'self_excluded', type: 'self_exclusion', until, is_permanent: false },
    });

    // A session made some other way (not through login) still cannot deposit or play.
    await refreshSession(t.app, client, p.id);
    const deposit = await client.post('cashier.makedeposit', { method: 'card', amount: '10' });
    expect(deposit.error.type).toBe('AccessDeniedException');
    expect(deposit.error.error_data.reason).toBe('self_excluded');
    const played = await playDice(client);
    expect(played.error.type).toBe('AccessDeniedException');
    expect(played.error.error_data).toMatchObject({ reason: 'self_excluded', until });
    const bet = await walletCall('bet', wallet, 'r-excluded', '1.00');
    expect(bet.status).toBe(403);
    expect(bet.body.error).toEqual({ code: 'PLAYER_BLOCKED', message: 'self_excluded' });
    expect(await mainOf(p.id)).toBe(before);
    expect(await canReceiveMarketing(t.app.ctx.db, p.id, t.clock.now())).toBe(false);

    t.clock.advance(DAY - 1000);
    expect((await apiClient(t.app).post('auth.login', { login: email, password })).error.type).toBe(
      'AccessDeniedException',
    );
    t.clock.advance(1000);
    const again = apiClient(t.app);
    expect((await again.post('auth.login', { login: email, password })).data.uid).toBe(p.id);
    // The self-exclusion unsubscribed the player: marketing mail resumes only once they subscribe again.
    expect(await canReceiveMarketing(t.app.ctx.db, p.id, t.clock.now())).toBe(false);
    await again.post('account.changeSubscription', { contact: 'email', subscription: '1' });
    expect(await canReceiveMarketing(t.app.ctx.db, p.id, t.clock.now())).toBe(true);
    expect((await playDice(again)).error).toBeNull();
  });

  it('a time-out refuses login for 24 hours, a week or a month', async () => {
    for (const [period, ms] of [
      ['24h', DAY],
      ['1w', 7 * DAY],
      ['1m', 30 * DAY],
    ] as const) {
      const { client, email, password } = await player();
      const r = await client.post('responsibleGaming.takeTimeOut', { period });
      expect(r.data.type).toBe('time_out');
      const login = await apiClient(t.app).post('auth.login', { login: email, password });
      expect(login.error.error_data).toMatchObject({ reason: 'self_excluded', type: 'time_out' });
      expect(login.error.error_data.until - unix(t.clock.now())).toBe(ms / 1000);
    }
    // 1 month from 2026-11-21 is 2026-12-21: 30 days; a bad period is a field error.
    const { client } = await player();
    expect((await client.post('responsibleGaming.takeTimeOut', { period: '2h' })).error.error_data).toEqual({
      invalid_parameters: { period: 'wrongField' },
    });
  });

  it('a permanent self-exclusion never ends, is not shortened by a later one and the database refuses to lift it', async () => {
    const { client, player: p, email, password } = await player();
    const r = await client.post('responsibleGaming.selfExclude', { period: 'permanent' });
    expect(r.data).toEqual({ type: 'self_exclusion', period: 'permanent', until: null, is_permanent: true });
    await expect(
      t.app.ctx.db.execute(sql`delete from rg_exclusions where player_id = ${p.id}`),
    ).rejects.toThrow();
    await expect(
      t.app.ctx.db.execute(sql`update rg_exclusions set ends_at = now() where player_id = ${p.id}`),
    ).rejects.toThrow();
    // Even with a session made another way, a shorter exclusion changes nothing.
    await refreshSession(t.app, client, p.id);
    expect((await client.post('responsibleGaming.takeTimeOut', { period: '24h' })).data.is_permanent).toBe(
      true,
    );
    t.clock.advance(6 * 366 * DAY);
    const login = await apiClient(t.app).post('auth.login', { login: email, password });
    expect(login.error.error_data).toMatchObject({
      reason: 'self_excluded',
      until: null,
      is_permanent: true,
    });
  });

  it('offers every §9 self-exclusion period', async () => {
    const ends: Record<string, string> = {
      '1d': '2026-11-22',
      '7d': '2026-11-28',
      '30d': '2026-12-21',
      '3m': '2027-02-21',
      '6m': '2027-05-21',
      '9m': '2027-08-21',
      '1y': '2027-11-21',
      '2y': '2028-11-21',
      '3y': '2029-11-21',
      '4y': '2030-11-21',
      '5y': '2031-11-21',
    };
    const app = await createTestApp();
    try {
      for (const [period, day] of Object.entries(ends)) {
        const { client } = await fundedClient(app.app, 0n);
        const r = await client.post('responsibleGaming.selfExclude', { period });
        expect(new Date(r.data.until * 1000).toISOString().slice(0, 10)).toBe(day);
      }
    } finally {
      await app.close();
    }
  });
});

describe('loss limits', () => {
  it('refuses a stake that would take the net loss past the limit, in the wallet API and games.play, before money moves', async () => {
    const { client, player: p, wallet } = await player();
    const set = await client.post('responsibleGaming.setLossLimit', { period: '1', amount: '5' });
    expect(set.data).toMatchObject({ period: '1', limit_amount: 5, used_amount: 0, available_amount: 5 });
    expect((await walletCall('bet', wallet, 'l1', '3.00')).status).toBe(200);
    const refused = await walletCall('bet', wallet, 'l2', '3.00');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('loss_limit_exceeded');
    expect(await mainOf(p.id)).toBe(9_700n);
    // A win lowers the net loss: 3 staked − 2 won = 1 lost, so 3 more fits (4 ≤ 5).
    expect((await walletCall('win', wallet, 'l1', '2.00')).status).toBe(200);
    expect((await walletCall('bet', wallet, 'l3', '3.00')).status).toBe(200);
    const view = await client.get('responsibleGaming.get');
    expect(view.data.loss_limit).toMatchObject({ used_amount: 4, available_amount: 1 });

    const played = await playDice(client, '2');
    expect(played.error).toEqual({
      type: 'AccessDeniedException',
      error_data: { reason: 'loss_limit_exceeded', period: '1', limit_amount: 5, available_amount: 1 },
    });
    expect(await mainOf(p.id)).toBe(9_600n);
    // Demo play is not real money: the loss limit does not apply to it.
    expect(
      (
        await client.post('games.play', {
          sysname: 'sparkrush_dice_duel',
          mode: 'demo',
          bet: '2',
          params: JSON.stringify({ target: 5000, over: true }),
        })
      ).error,
    ).toBeNull();
    // The window rolls: a day later the stakes of yesterday no longer count.
    t.clock.advance(DAY);
    await refreshSession(t.app, client, p.id);
    expect((await playDice(client, '2')).error).toBeNull();
  });

  it('a change of the rules reaches the next stake at once, though earlier stakes read them (kept per process)', async () => {
    const { client, wallet } = await player();
    expect((await walletCall('bet', wallet, 'c1', '1.00')).status).toBe(200);
    await client.post('responsibleGaming.setLossLimit', { period: '1', amount: '2' });
    const overLimit = await walletCall('bet', wallet, 'c2', '2.00');
    expect(overLimit.status).toBe(403);
    expect(overLimit.body.error.message).toBe('loss_limit_exceeded');
    expect((await walletCall('bet', wallet, 'c3', '1.00')).status).toBe(200);
    await client.post('responsibleGaming.takeTimeOut', { period: '24h' });
    const excluded = await walletCall('bet', wallet, 'c4', '0.01');
    expect(excluded.status).toBe(403);
    expect(excluded.body.error.message).toBe('self_excluded');
  });

  it('applies a decrease at once; an increase or a removal only after 24 hours (cooling-off)', async () => {
    const { client, player: p } = await player();
    const advance = async (ms: number) => {
      t.clock.advance(ms);
      await refreshSession(t.app, client, p.id);
    };
    await client.post('responsibleGaming.setLossLimit', { period: '7', amount: '100' });
    const lower = await client.post('responsibleGaming.setLossLimit', { period: '7', amount: '50' });
    expect(lower.data).toMatchObject({ limit_amount: 50, can_edit: true, expired_at: null });
    const raise = await client.post('responsibleGaming.setLossLimit', { period: '7', amount: '500' });
    expect(raise.data).toMatchObject({
      limit_amount: 50,
      pending_amount: 500,
      pending_period: '7',
      can_edit: false,
      expired_at: unix(t.clock.now()) + 86_400,
    });
    await advance(DAY - 1000);
    expect((await client.get('responsibleGaming.get')).data.loss_limit.limit_amount).toBe(50);
    await advance(1000);
    expect((await client.get('responsibleGaming.get')).data.loss_limit).toMatchObject({
      limit_amount: 500,
      pending_amount: null,
      can_edit: true,
    });
    const remove = await client.post('responsibleGaming.setLossLimit', { period: 'none', amount: '' });
    expect(remove.data).toMatchObject({ period: '7', limit_amount: 500, pending_period: 'none' });
    // A shorter period is looser too: it waits as well.
    const shorter = await client.post('responsibleGaming.setLossLimit', { period: '1', amount: '500' });
    expect(shorter.data).toMatchObject({ period: '7', pending_period: '1', pending_amount: 500 });
    await client.post('responsibleGaming.setLossLimit', { period: 'none', amount: '' });
    await advance(DAY);
    expect((await client.get('responsibleGaming.get')).data.loss_limit.period).toBe('none');
    expect(
      (await client.post('responsibleGaming.setLossLimit', { period: '7', amount: 'abc' })).error.error_data,
    ).toEqual({ invalid_parameters: { amount: 'wrongField' } });
    expect(
      (await client.post('responsibleGaming.setLossLimit', { period: '3', amount: '5' })).error.error_data,
    ).toEqual({ invalid_parameters: { period: 'wrongField' } });
  });
});

describe('session-time limits', () => {
  it('counts signed-in time and refuses plays and deposits once the limit is reached', async () => {
    const { client, player: p, wallet } = await player();
    const set = await client.post('responsibleGaming.setSessionLimit', { period: '1', minutes: '30' });
    expect(set.data).toMatchObject({ period: '1', limit_minutes: 30, used_minutes: 0 });
    // Activity 4 minutes apart is one stretch of play; a long pause is not play time.
    for (let i = 0; i < 5; i++) {
      t.clock.advance(4 * 60_000);
      await client.get('account.getInfo');
    }
    t.clock.advance(IDLE_GAP_MS + 60_000);
    await client.get('account.getInfo');
    expect((await client.get('responsibleGaming.get')).data.session_limit.used_minutes).toBe(20);
    expect((await playDice(client)).error).toBeNull();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(4 * 60_000);
      await client.get('account.getInfo');
    }
    const played = await playDice(client);
    expect(played.error).toEqual({
      type: 'AccessDeniedException',
      error_data: { reason: 'session_limit_reached', period: '1', limit_minutes: 30, logout: true },
    });
    const deposit = await client.post('cashier.makedeposit', { method: 'card', amount: '10' });
    expect(deposit.error.error_data.reason).toBe('session_limit_reached');
    expect((await walletCall('bet', wallet, 's1', '1.00')).body.error.message).toBe('session_limit_reached');
    // An increase waits 24 hours; meanwhile the window rolls on and frees the player anyway.
    const raise = await client.post('responsibleGaming.setSessionLimit', { period: '1', minutes: '600' });
    expect(raise.data).toMatchObject({ limit_minutes: 30, pending_minutes: 600 });
    expect(
      (await client.post('responsibleGaming.setSessionLimit', { period: '1', minutes: '2000' })).error
        .error_data,
    ).toEqual({ invalid_parameters: { minutes: 'wrongField' } });
    t.clock.advance(DAY);
    await refreshSession(t.app, client, p.id);
    expect((await playDice(client)).error).toBeNull();
  });
});

describe('reality check and session stats', () => {
  it("answers this sign-in's time, real-money stakes, wins and net, and the next reality check", async () => {
    const { client, wallet } = await player();
    const started = unix(t.clock.now());
    expect((await client.post('responsibleGaming.setRealityCheck', { minutes: '15' })).data).toEqual({
      reality_check_minutes: 15,
    });
    await walletCall('bet', wallet, 'rc1', '3.00');
    await walletCall('win', wallet, 'rc1', '1.25');
    t.clock.advance(20 * 60_000);
    const stats = await client.get('responsibleGaming.getSessionStats');
    expect(stats.data).toEqual({
      session_started_at: started,
      session_seconds: 1200,
      staked: 3,
      won: 1.25,
      net: -1.75,
      currency: 'USD',
      reality_check_minutes: 15,
      next_reality_check_at: started + 1800,
      show_session_stats_in_header: false,
    });
    expect(
      (await client.post('responsibleGaming.setRealityCheck', { minutes: '3' })).error.error_data,
    ).toEqual({
      invalid_parameters: { minutes: 'wrongField' },
    });
    await client.post('responsibleGaming.setRealityCheck', { minutes: '0' });
    expect((await client.get('responsibleGaming.getSessionStats')).data.next_reality_check_at).toBeNull();
  });
});

describe('feature flags', () => {
  it('isResponsibleGamingEnable gates the calls, but limits and exclusions stay enforced; the header flag shows', async () => {
    const { client, email, password } = await player();
    await setFeature('isSessionStatsInHeaderEnable', true);
    expect((await client.get('responsibleGaming.get')).data.show_session_stats_in_header).toBe(true);
    await client.post('responsibleGaming.takeTimeOut', { period: '24h' });
    await setFeature('isResponsibleGamingEnable', false);
    try {
      const other = await player();
      const r = await other.client.get('responsibleGaming.get');
      expect(r.status).toBe(403);
      expect(r.error).toEqual({
        type: 'AccessDeniedException',
        error_data: { reason: 'feature_disabled', feature: 'isResponsibleGamingEnable' },
      });
      expect((await other.client.post('responsibleGaming.selfExclude', { period: '1d' })).error.type).toBe(
        'AccessDeniedException',
      );
      expect(
        (await apiClient(t.app).post('auth.login', { login: email, password })).error.error_data.reason,
      ).toBe('self_excluded');
      expect((await client.get('account.getInfo')).data.uid).toBe(0);
    } finally {
      await setFeature('isResponsibleGamingEnable', true);
      await setFeature('isSessionStatsInHeaderEnable', false);
    }
  });
});
