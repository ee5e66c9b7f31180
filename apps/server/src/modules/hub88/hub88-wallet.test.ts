/**
 * Hub88 end to end over HTTP: the stand-in (its own key pair) calls our Wallet API with the documented shapes; the
 * catalogue import and the launch call the stand-in's Games API signed with our key. The ledger is checked exactly
 * after each movement.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient } from '../../test/test-app.ts';
import { makeOperator, signInOperator } from '../backoffice/backoffice-test-helpers.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { SESSION_TTL_MS } from '../wallet/index.ts';
import { importHub88Catalogue } from './catalogue-import.ts';
import { startHub88Test, type THub88Test } from './hub88-test-helpers.ts';
import { gamesClientOf } from './module.ts';
import { SPIN_STAKE, SPIN_WIN } from './stand-in/stand-in.ts';

let h: THub88Test;
beforeAll(async () => {
  h = await startHub88Test();
  const client = gamesClientOf(h.t.app.ctx.config);
  if (!client) throw new Error('hub88 is off');
  await importHub88Catalogue(h.t.app.ctx, client);
}, 180_000);
afterAll(() => h?.close());

const EUR = 100_000;

/** A signed-in player with `cents` on main, launched into the stand-in's slot for real: its user and token. */
const launched = async (cents: bigint) => {
  const { player, client } = await signedInClient(h.t.app);
  if (cents > 0n)
    await postTransaction(h.t.app.ctx.db, {
      idempotencyKey: `fund-${player.id}`,
      kind: 'test.fund',
      entries: [
        { account: { playerId: player.id, kind: 'main' }, amount: cents },
        { account: HOUSE.payments, amount: -cents },
      ],
    });
  const launch = await client.post('games.launchAggregator', { sysname: 'hub88_sim_starfall', mode: 'real' });
  expect(launch.error).toBeNull();
  const session = h.standIn.lastLaunch();
  if (!session?.token || !session.user) throw new Error('no real launch');
  return { player, client, user: session.user, token: session.token, currency: session.currency };
};

type TLaunched = Awaited<ReturnType<typeof launched>>;

const main = async (playerId: number) => (await getBalances(h.t.app.ctx.db, playerId)).main;

const betOf = (p: TLaunched, amount: number, extra: Record<string, unknown> = {}) => ({
  user: p.user,
  token: p.token,
  currency: p.currency,
  game_code: 'sim_starfall',
  round: randomUUID(),
  transaction_uuid: randomUUID(),
  amount,
  is_free: false,
  round_closed: false,
  ...extra,
});

describe('the catalogue import', () => {
  it("adds Hub88's games to the catalogue with their studio, kind and an image served by /_ipx/", async () => {
    const list = await apiClient(h.t.app).get('games.get', {
      sysnames: 'hub88_sim_starfall,hub88_sim_royal_roulette',
    });
    const byName = new Map(
      (list.data.items as { sysname: string; image_url: string }[]).map((g) => [g.sysname, g]),
    );
    expect(byName.get('hub88_sim_starfall')).toMatchObject({
      name: 'Starfall Riches',
      provider: 'nebula_studios',
      type: 'slot',
      rtp: 96.2,
      has_demo: true,
    });
    expect(byName.get('hub88_sim_royal_roulette')).toMatchObject({ type: 'live', has_demo: false });
    const image = String(byName.get('hub88_sim_starfall')?.image_url);
    expect(image).toMatch(/^\/_ipx\/.+\/uploads\/[0-9a-f]{32}\.png$/);
    // Kept in the file store every instance shares, not on this instance's disk.
    const stored = image.slice(image.indexOf('/uploads/') + 1);
    expect((await h.t.app.ctx.files.get(`content-images/${stored}`))?.length).toBeGreaterThan(0);
    const served = await h.t.app.inject({ url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });

  it('imports again without duplicates and keeps what the operator changed', async () => {
    await h.t.app.ctx.db.execute(
      (await import('drizzle-orm'))
        .sql`update games set name = 'Starfall (ours)' where sysname = 'hub88_sim_starfall'`,
    );
    const client = gamesClientOf(h.t.app.ctx.config);
    const again = await importHub88Catalogue(h.t.app.ctx, client as NonNullable<typeof client>);
    expect(again).toMatchObject({ games: 3, added: 0 });
    const list = await apiClient(h.t.app).get('games.get', { sysnames: 'hub88_sim_starfall' });
    expect(list.data.items[0].name).toBe('Starfall (ours)');
  });
});

describe('in the back-office', () => {
  it('an imported game is edited like ours: hidden, it no longer launches, and an import does not show it again', async () => {
    const operator = await signInOperator(h.t.app, h.t.clock, await makeOperator(h.t.app, 'marketing'));
    const page = await operator.get('/admin/games/hub88_sim_rocket_dash');
    expect([page.statusCode, page.headers.location]).toEqual([200, undefined]);
    expect(page.body).toContain('Rocket Dash');
    const hidden = await operator.post('/admin/games/hub88_sim_rocket_dash/visibility', { hidden: '1' });
    expect(hidden.headers.location).toBe('/admin/games/hub88_sim_rocket_dash?ok=games_saved');
    const launch = () =>
      apiClient(h.t.app).post('games.launchAggregator', { sysname: 'hub88_sim_rocket_dash', mode: 'demo' });
    expect((await launch()).error.error_data.invalid_parameters).toEqual({ sysname: 'wrongField' });
    const client = gamesClientOf(h.t.app.ctx.config);
    await importHub88Catalogue(h.t.app.ctx, client as NonNullable<typeof client>);
    expect((await launch()).error.error_data.invalid_parameters).toEqual({ sysname: 'wrongField' });
    await operator.post('/admin/games/hub88_sim_rocket_dash/visibility', { hidden: '0' });
    expect((await launch()).error).toBeNull();
  });
});

describe('the launch', () => {
  it('opens a real game with our wallet token and user, a demo without them', async () => {
    const p = await launched(0n);
    expect(p.user).toBe(`player-${p.player.id}`);
    expect(p.token.length).toBeGreaterThanOrEqual(10);
    const demo = await apiClient(h.t.app).post('games.launchAggregator', {
      sysname: 'hub88_sim_rocket_dash',
      mode: 'demo',
    });
    expect(demo.data.url).toMatch(/\/play\//);
    expect(h.standIn.lastLaunch()?.demo).toBe(true);
    expect(h.standIn.lastLaunch()?.token).toBeUndefined();
  });

  it("asks Hub88's Games API for a round's details page", async () => {
    const client = gamesClientOf(h.t.app.ctx.config);
    const url = await client?.roundDetails({ user: 'player-1', transaction_uuid: 't-1', round: 'round 7' });
    expect(url).toMatch(/\/rounds\/round%207$/);
  });

  it('refuses a visitor real play, an unknown game and demo where the game has none', async () => {
    const visitor = apiClient(h.t.app);
    expect(
      (await visitor.post('games.launchAggregator', { sysname: 'hub88_sim_starfall', mode: 'real' })).error
        .type,
    ).toBe('AuthorizationException');
    const unknown = await visitor.post('games.launchAggregator', { sysname: 'hub88_nope', mode: 'demo' });
    expect(unknown.error.error_data.invalid_parameters).toEqual({ sysname: 'wrongField' });
    const noDemo = await visitor.post('games.launchAggregator', {
      sysname: 'hub88_sim_royal_roulette',
      mode: 'demo',
    });
    expect(noDemo.error.error_data.invalid_parameters).toEqual({ mode: 'wrongField' });
  });
});

describe('the Wallet API', () => {
  it('answers balance and user info, echoing request_uuid, in units ×100000', async () => {
    const p = await launched(12_345n);
    const balance = await h.standIn.call('/user/balance', {
      user: p.user,
      token: p.token,
      game_code: 'sim_starfall',
      request_uuid: 'r-1',
    });
    expect(balance).toEqual({
      user: p.user,
      status: 'RS_OK',
      request_uuid: 'r-1',
      currency: p.currency,
      balance: 123.45 * EUR,
    });
    const info = await h.standIn.call('/user/info', { user: p.user, request_uuid: 'r-2' });
    expect(info).toMatchObject({ user: p.user, status: 'RS_OK', request_uuid: 'r-2' });
  });

  it('takes a bet and pays its win through the bet pipeline, the ledger exact', async () => {
    const p = await launched(10_000n);
    const result = await h.standIn.spin({
      id: 'x',
      user: p.user,
      token: p.token,
      currency: p.currency,
      game_code: 'sim_starfall',
      demo: false,
    });
    expect(result.bet.status).toBe('RS_OK');
    expect(result.bet.balance).toBe(99 * EUR);
    expect(result.win?.status).toBe('RS_OK');
    expect(result.win?.balance).toBe(101.5 * EUR);
    expect(await main(p.player.id)).toBe(10_000n - BigInt(SPIN_STAKE / 1000) + BigInt(SPIN_WIN / 1000));
    expect(await auditLedger(h.t.app.ctx.db)).toEqual([]);
    // The bet pipeline's consequences saw it as a slot's stake: loyalty's 1 point per 1.00 on slots.
    const loyalty = await p.client.get('loyalty.getinfo');
    expect(loyalty.data.points).toBe(1);
  });

  it('refuses a body whose signature fails, moving nothing', async () => {
    const p = await launched(5_000n);
    const body = JSON.stringify({ ...betOf(p, 1 * EUR), request_uuid: 'bad-sig' });
    const response = await fetch(`${h.walletUrl}/transaction/bet`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub88-signature': Buffer.alloc(256).toString('base64'),
      },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'RS_ERROR_INVALID_SIGNATURE',
      request_uuid: 'bad-sig',
    });
    expect(await main(p.player.id)).toBe(5_000n);
  });

  it('answers a retried transaction as the first time, and the same id with other data as a duplicate', async () => {
    const p = await launched(5_000n);
    const bet = betOf(p, 2 * EUR);
    const first = await h.standIn.call('/transaction/bet', bet);
    const again = await h.standIn.call('/transaction/bet', bet);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 48 * EUR });
    expect(again).toMatchObject({ status: 'RS_OK', balance: 48 * EUR });
    const other = await h.standIn.call('/transaction/bet', { ...bet, amount: 3 * EUR });
    expect(other).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
    expect(await main(p.player.id)).toBe(4_800n);
    expect(await auditLedger(h.t.app.ctx.db)).toEqual([]);
  });

  it('refuses a bet over the balance with the balance, and an amount finer than a cent', async () => {
    const p = await launched(500n);
    expect(await h.standIn.call('/transaction/bet', betOf(p, 6 * EUR))).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 5 * EUR,
    });
    expect(await h.standIn.call('/transaction/bet', betOf(p, 1234))).toMatchObject({
      status: 'RS_ERROR_WRONG_TYPES',
    });
    expect(await h.standIn.call('/transaction/bet', { ...betOf(p, 1 * EUR), currency: 'JPY' })).toMatchObject(
      {
        status: 'RS_ERROR_WRONG_CURRENCY',
      },
    );
    expect(
      await h.standIn.call('/transaction/bet', { ...betOf(p, 1 * EUR), user: 'player-999999' }),
    ).toMatchObject({
      status: 'RS_ERROR_INVALID_TOKEN',
    });
    expect(await main(p.player.id)).toBe(500n);
  });

  it('rolls back a bet, and remembers a rollback that came before its bet', async () => {
    const p = await launched(3_000n);
    const bet = betOf(p, 10 * EUR);
    expect(await h.standIn.call('/transaction/bet', bet)).toMatchObject({
      status: 'RS_OK',
      balance: 20 * EUR,
    });
    const rollback = {
      user: p.user,
      token: p.token,
      round: bet.round,
      game_code: 'sim_starfall',
      round_closed: true,
    };
    expect(
      await h.standIn.call('/transaction/rollback', {
        ...rollback,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet.transaction_uuid,
      }),
    ).toMatchObject({ status: 'RS_OK', balance: 30 * EUR });
    expect(await main(p.player.id)).toBe(3_000n);

    const late = betOf(p, 5 * EUR);
    expect(
      await h.standIn.call('/transaction/rollback', {
        ...rollback,
        round: late.round,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: late.transaction_uuid,
      }),
    ).toMatchObject({ status: 'RS_OK', balance: 30 * EUR });
    expect(await h.standIn.call('/transaction/bet', late)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
    });
    expect(await main(p.player.id)).toBe(3_000n);
    expect(await auditLedger(h.t.app.ctx.db)).toEqual([]);
  });

  it('refuses a win for a bet it never saw', async () => {
    const p = await launched(1_000n);
    const win = { ...betOf(p, 5 * EUR), reference_transaction_uuid: randomUUID(), round_closed: true };
    expect(await h.standIn.call('/transaction/win', win)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    });
    expect(await main(p.player.id)).toBe(1_000n);
  });

  it('refuses a bet on an expired token, but takes the win and the rollback after it', async () => {
    const p = await launched(2_000n);
    const first = betOf(p, 5 * EUR);
    const second = betOf(p, 3 * EUR);
    expect(await h.standIn.call('/transaction/bet', first)).toMatchObject({ status: 'RS_OK' });
    expect(await h.standIn.call('/transaction/bet', second)).toMatchObject({
      status: 'RS_OK',
      balance: 12 * EUR,
    });
    h.t.clock.advance(SESSION_TTL_MS + 1000);
    expect(await h.standIn.call('/transaction/bet', betOf(p, 1 * EUR))).toMatchObject({
      status: 'RS_ERROR_TOKEN_EXPIRED',
    });
    const win = {
      ...first,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: first.transaction_uuid,
      amount: 7 * EUR,
      round_closed: true,
    };
    expect(await h.standIn.call('/transaction/win', win)).toMatchObject({
      status: 'RS_OK',
      balance: 19 * EUR,
    });
    const rollback = {
      user: p.user,
      token: p.token,
      round: second.round,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: second.transaction_uuid,
    };
    expect(await h.standIn.call('/transaction/rollback', rollback)).toMatchObject({
      status: 'RS_OK',
      balance: 22 * EUR,
    });
    expect(await main(p.player.id)).toBe(2_200n);
    expect(await auditLedger(h.t.app.ctx.db)).toEqual([]);
  });

  it('refuses the bets of a player in a time-out as a disabled user', async () => {
    const p = await launched(2_000n);
    expect((await p.client.post('responsibleGaming.takeTimeOut', { period: '24h' })).error).toBeNull();
    expect(await h.standIn.call('/transaction/bet', betOf(p, 1 * EUR))).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
    });
    expect(await main(p.player.id)).toBe(2_000n);
  });

  it('refuses a bet over a loss limit as a limit reached', async () => {
    const p = await launched(2_000n);
    expect(
      (await p.client.post('responsibleGaming.setLossLimit', { period: '1', amount: '2' })).error,
    ).toBeNull();
    expect(await h.standIn.call('/transaction/bet', betOf(p, 3 * EUR))).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: 20 * EUR,
    });
    expect(await h.standIn.call('/transaction/bet', betOf(p, 1 * EUR))).toMatchObject({ status: 'RS_OK' });
    expect(await main(p.player.id)).toBe(1_900n);
  });

  it('serialises concurrent bets on one player: exactly what the balance covers is taken', async () => {
    const p = await launched(500n);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => h.standIn.call('/transaction/bet', betOf(p, 1 * EUR))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 'RS_OK')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(5);
    expect(await main(p.player.id)).toBe(0n);
    expect(await auditLedger(h.t.app.ctx.db)).toEqual([]);
  });
});
