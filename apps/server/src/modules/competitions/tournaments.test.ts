/**
 * Tournaments end to end on real rounds: the four scoring rules, the qualifying stake, opt-in and automatic entry,
 * restrictions, demo play not counting, a rollback taking its points back, reset_on_cashout, tie order, and the
 * calls tournaments.get / participate and leaderboard.get.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import type { TBetEvent } from '../bets/bet-event.ts';
import { depositedClient } from '../cashier/cashier-test-helpers.ts';
import { cents, fundedClient } from '../games/play/test-helpers.ts';
import { findPlayerById } from '../players/service.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { fundedSession } from '../wallet/wallet-test-helpers.ts';
import { activeTournament, DICE, playDice } from './competitions-test-helpers.ts';
import {
  mayScoreInTournament,
  refreshTournamentRules,
  TOURNAMENTS_CHANGED,
} from './tournament-eligibility.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'tournaments' });
}, 60_000);
afterAll(() => t.close());

const pointsOf = async (tournamentId: number, playerId: number) => {
  const [row] = await queryRows<{ points: string }>(
    t.app.ctx.db,
    sql`select points::text as points from tournament_entries
         where tournament_id = ${tournamentId} and player_id = ${playerId}`,
  );
  return row ? BigInt(row.points) : null;
};

describe('scoring rules on real rounds', () => {
  it('wagered counts qualifying real stakes of the listed games for a player who joined (opt-in)', async () => {
    const id = await activeTournament(t.app, { games: [DICE], minBet: 100n });
    const { client, player } = await fundedClient(t.app, 10_000n);
    await playDice(client, '2.00');
    expect(await pointsOf(id, player.id), 'no points before joining an opt-in tournament').toBeNull();
    expect((await client.post('tournaments.participate', { tournament_id: String(id) })).data).toBe(1);
    expect((await client.post('tournaments.participate', { tournament_id: String(id) })).data).toBe(1);
    await playDice(client, '1.00');
    await playDice(client, '2.50');
    await playDice(client, '0.50'); // below the qualifying stake
    await playDice(client, '3.00', 'demo'); // play money never counts
    expect(await pointsOf(id, player.id)).toBe(350n);
    const board = (await client.get('leaderboard.get', { tournament_id: id })).data;
    expect(board.me).toMatchObject({ place: 1, points: 3.5, prize: 100, is_me: true });
    expect(board.items).toEqual([board.me]);
  });

  it('rounds, won and multiplier follow the rounds that were played (automatic entry)', async () => {
    const rounds = await activeTournament(t.app, { scoring: 'rounds', optIn: false, minBet: 50n });
    const won = await activeTournament(t.app, { scoring: 'won', optIn: false, minBet: 50n });
    const multiplier = await activeTournament(t.app, { scoring: 'multiplier', optIn: false, minBet: 50n });
    const { client, player } = await fundedClient(t.app, 100_000n);
    let expectedWon = 0n;
    let best = 0n;
    let counted = 0n;
    for (const bet of ['1.00', '0.40', '2.00', '1.00', '0.60', '5.00', '1.00', '0.10']) {
      const round = await playDice(client, bet);
      const stake = cents(round.bet);
      if (stake < 50n) continue;
      counted++;
      expectedWon += cents(round.win);
      const m = (cents(round.win) * 100n) / stake;
      if (m > best) best = m;
    }
    expect(expectedWon, 'the seed gives some wins').toBeGreaterThan(0n);
    expect(await pointsOf(rounds, player.id)).toBe(counted);
    expect(await pointsOf(won, player.id)).toBe(expectedWon);
    expect(await pointsOf(multiplier, player.id)).toBe(best);
    const listed = (await client.get('tournaments.get', { ids: `${rounds},${multiplier}`, status: 'active' }))
      .data;
    expect(listed.count).toBe(2);
    const byId = new Map(listed.items.map((i: { id: number }) => [i.id, i]));
    expect(byId.get(rounds)).toMatchObject({
      status: 'active',
      scoring: 'rounds',
      user_info: { place: 1, points: Number(counted), participating: true },
      total_participants: 1,
      total_points: Number(counted),
      total_prize: 150,
      restrictions: { opt_in: false, currency: 'USD', countries: [] },
    });
    expect(byId.get(multiplier)).toMatchObject({ user_info: { points: Number(best) / 100 } });
  });

  it('a restriction keeps a player out: another country, another currency', async () => {
    const id = await activeTournament(t.app, { optIn: false, countries: ['DE'] });
    const { client, player } = await fundedClient(t.app, 10_000n);
    await playDice(client, '1.00');
    expect(await pointsOf(id, player.id)).toBeNull();
    const refused = await client.post('tournaments.participate', { tournament_id: String(id) });
    expect(refused.error).toMatchObject({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { tournament_id: 'wrongField' }, reason: 'restricted' },
    });
    await t.app.ctx.db.execute(sql`update players set country_code = 'DE' where id = ${player.id}`);
    await playDice(client, '1.00');
    expect(await pointsOf(id, player.id)).toBe(100n);
  });

  it("a provider's rollback takes its stake's points back, in the bet's transaction", async () => {
    const id = await activeTournament(t.app, { optIn: false, scoring: 'wagered' });
    const { player, session } = await fundedSession(t.app, 10_000n, {
      game: 'copperfox_cherry_flare',
      provider: (id) => `acme${id}`,
    });
    await walletService.bet(t.app.ctx, { session, transactionId: 'b1', roundId: 'r1', amount: 700n });
    await walletService.bet(t.app.ctx, { session, transactionId: 'b1', roundId: 'r1', amount: 700n }); // repeat
    await walletService.bet(t.app.ctx, { session, transactionId: 'b2', roundId: 'r2', amount: 300n });
    expect(await pointsOf(id, player.id)).toBe(1_000n);
    await walletService.rollback(t.app.ctx, { session, transactionId: 'rb1', referenceTransactionId: 'b1' });
    await walletService.rollback(t.app.ctx, { session, transactionId: 'rb1', referenceTransactionId: 'b1' });
    expect(await pointsOf(id, player.id)).toBe(300n);
  });

  it("a provider's win, which arrives alone after its stake, scores where wins score", async () => {
    const id = await activeTournament(t.app, { optIn: false, scoring: 'won', minBet: 50n });
    const { player, session } = await fundedSession(t.app, 10_000n, {
      game: 'copperfox_cherry_flare',
      provider: (id) => `acme${id}`,
    });
    await walletService.bet(t.app.ctx, { session, transactionId: 'b1', roundId: 'r1', amount: 700n });
    expect(t.app.ctx.bets.isActiveFor('win')).toBe(true);
    await walletService.win(t.app.ctx, { session, transactionId: 'w1', roundId: 'r1', amount: 1_400n });
    expect(await pointsOf(id, player.id)).toBe(1_400n);
  });
});

describe('standings', () => {
  it('of two equal scores the one reached first ranks higher; visitors see fakenames only', async () => {
    const id = await activeTournament(t.app, { optIn: false, minBet: 100n });
    const a = await fundedClient(t.app, 10_000n);
    const b = await fundedClient(t.app, 10_000n);
    await t.app.ctx.db.execute(sql`update players set fakename = 'LuckyOwl' where id = ${b.player.id}`);
    await playDice(b.client, '1.00');
    t.clock.advance(1_000);
    await playDice(a.client, '1.00');
    t.clock.advance(1_000);
    const board = (await a.client.get('leaderboard.get', { tournament_id: id })).data;
    expect(board.items.map((r: { player: string }) => r.player)[0]).toBe('LuckyOwl');
    expect(board.me).toMatchObject({ place: 2, points: 1, prize: 50 });
    await playDice(a.client, '1.00');
    const after = (await t.app.inject(`/api/leaderboard.get?tournament_id=${id}`)).json().data;
    expect(after.me).toBeNull();
    expect(after.items).toHaveLength(2);
    expect(after.items[0]).toMatchObject({ place: 1, points: 2, is_me: false });
    expect(after.items[0].player).not.toContain('@');
    expect(after.items[1]).toMatchObject({ place: 2, player: 'LuckyOwl' });
  });

  it('cannot be fed an over-long, invisible or bidirectional name: the board keeps the one set before', async () => {
    const id = await activeTournament(t.app, { optIn: false, minBet: 100n });
    const { client } = await fundedClient(t.app, 10_000n);
    expect((await client.post('account.changefakename', { fakename: 'QuietOwl' })).error).toBeNull();
    for (const fakename of ['W'.repeat(20_000), 'Quiet\u202EOwl', 'Quiet\u200BOwl', '\u2066QuietOwl\u2069']) {
      const r = await client.post('account.changefakename', { fakename });
      expect(r.error?.type, fakename.slice(0, 12)).toBe('InvalidParameterException');
    }
    await playDice(client, '1.00');
    const board = (await t.app.inject(`/api/leaderboard.get?tournament_id=${id}`)).json().data;
    const names = board.items.map((r: { player: string }) => r.player);
    expect(names).toContain('QuietOwl');
    for (const name of names) expect(name.length, name.slice(0, 12)).toBeLessThanOrEqual(32);
  });

  it('reset_on_cashout: a withdrawal zeroes the points of a tournament that says so, not of others', async () => {
    const resetting = await activeTournament(t.app, { optIn: false, resetOnCashout: true });
    const keeping = await activeTournament(t.app, { optIn: false });
    const { client, player } = await depositedClient(t.app, '100');
    await t.app.ctx.db.execute(sql`update players set is_verified = true where id = ${player.id}`);
    await playDice(client, '2.00');
    expect(await pointsOf(resetting, player.id)).toBe(200n);
    const w = await client.post('cashier.makewithdrawal', {
      method: 'card',
      'requisites[card_holder]': 'Jane Doe',
      'requisites[card_number]': '4242 4242 4242 4242',
      amount: '20',
    });
    expect(w.error).toBeNull();
    expect(await pointsOf(resetting, player.id)).toBe(0n);
    expect(await pointsOf(keeping, player.id)).toBe(200n);
    await playDice(client, '1.00');
    expect(await pointsOf(resetting, player.id)).toBe(100n);
  });
});

describe('tournaments.get and participate', () => {
  it('lists by status with the asked fields; refuses a finished one; checks its params', async () => {
    const now = t.clock.now().getTime();
    const future = await activeTournament(t.app, {
      startsAt: new Date(now + 3_600_000),
      endsAt: new Date(now + 7_200_000),
      title: { en: 'Later cup', de: 'Späterer Pokal' },
    });
    const past = await activeTournament(t.app, {
      startsAt: new Date(now - 7_200_000),
      endsAt: new Date(now - 3_600_000),
    });
    const visitor = await fundedClient(t.app, 0n);
    const futures = (
      await visitor.client.get('tournaments.get', {
        status: 'future',
        fields: 'title,user_info',
        locale: 'de',
      })
    ).data;
    expect(futures.items).toContainEqual({
      id: future,
      title: 'Späterer Pokal',
      user_info: { place: null, points: 0, participating: false },
    });
    const finished = (await visitor.client.get('tournaments.get', { status: 'finished' })).data;
    expect(finished.items.map((i: { id: number }) => i.id)).toContain(past);
    expect(finished.items.every((i: { status: string }) => i.status === 'finished')).toBe(true);
    expect(
      (await visitor.client.post('tournaments.participate', { tournament_id: String(future) })).data,
    ).toBe(1);
    const closed = await visitor.client.post('tournaments.participate', { tournament_id: String(past) });
    expect(closed.error?.error_data).toMatchObject({ reason: 'closed' });
    const unknown = await visitor.client.post('tournaments.participate', { tournament_id: '999999' });
    expect(unknown.error?.error_data).toMatchObject({ reason: 'unknown' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/tournaments.participate',
      payload: { tournament_id: String(future) },
    });
    expect(anonymous.json().error.type).toBe('AuthorizationException');
    for (const [params, field] of [
      ['status=soon', 'status'],
      ['fields=nope', 'fields'],
      ['ids=1,x', 'ids'],
      ['count=0', 'count'],
      ['offset=%00', 'offset'],
    ] as const) {
      const bad = (await t.app.inject(`/api/tournaments.get?${params}`)).json();
      expect(bad.error.error_data.invalid_parameters, params).toEqual({ [field]: 'wrongField' });
    }
    const badBoard = (await t.app.inject('/api/leaderboard.get?tournament_id=abc')).json();
    expect(badBoard.error.error_data.invalid_parameters).toEqual({ tournament_id: 'wrongField' });
    expect((await findPlayerById(t.app.ctx.db, visitor.player.id))?.id).toBe(visitor.player.id);
  });

  it('judges in memory which movements can score: none leaves the consequence out; a new tournament is seen', async () => {
    const db = t.app.ctx.db;
    // A day of its own, 100 days ahead: no other test's tournament runs then.
    const startsAt = new Date(t.app.ctx.providers.clock.now().getTime() + 100 * 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 86_400_000);
    const at = new Date(startsAt.getTime() + 3_600_000);
    const move = (kind: TBetEvent['kind'], amount: bigint, gameKind = 'odd_kind'): TBetEvent => ({
      kind,
      playerId: 1,
      mode: 'real',
      provider: 'inhouse',
      game: 'odd_game',
      gameKind,
      roundId: 'r',
      transactionId: 't',
      referenceId: null,
      amount,
      at,
    });
    await refreshTournamentRules(db);
    expect(mayScoreInTournament(db, move('bet', 10_000n))).toBe(false);
    const rules = { gameKinds: ['odd_kind'], minBet: 50n, startsAt, endsAt };
    await activeTournament(t.app, { ...rules, scoring: 'wagered' });
    await activeTournament(t.app, { ...rules, scoring: 'multiplier' });
    // Made here: the copy is stale at once, and a stale copy lets every movement through until it is read again.
    expect(mayScoreInTournament(db, move('bet', 1n, 'other_kind'))).toBe(true);
    await refreshTournamentRules(db);
    expect(mayScoreInTournament(db, move('bet', 10_000n))).toBe(true);
    expect(mayScoreInTournament(db, move('rollback', 50n))).toBe(true);
    expect(mayScoreInTournament(db, move('win', 1n)), 'a win scores in the multiplier one').toBe(true);
    expect(mayScoreInTournament(db, move('bet', 49n)), 'under every min_bet').toBe(false);
    expect(mayScoreInTournament(db, move('win', 0n)), 'a win of nothing scores nowhere').toBe(false);
    expect(mayScoreInTournament(db, move('bet', 10_000n, 'other_kind'))).toBe(false);
    expect(mayScoreInTournament(db, { ...move('bet', 10_000n), at: endsAt })).toBe(false);
    expect(mayScoreInTournament(db, { ...move('bet', 10_000n), mode: 'demo' })).toBe(false);
    // Another instance's change arrives on the bus (through Redis when there is one): the copy is dropped.
    await t.app.ctx.bus.publish(TOURNAMENTS_CHANGED, {});
    await vi.waitFor(() => expect(mayScoreInTournament(db, move('bet', 1n, 'other_kind'))).toBe(true));
  });

  it("sends a batch only the statements of the rules that can score it: a stake pays nothing for the wins' rules", async () => {
    const db = t.app.ctx.db;
    // 200 days ahead: a window no other test's tournament runs in.
    const startsAt = new Date(t.app.ctx.providers.clock.now().getTime() + 200 * 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 86_400_000);
    const bet: TBetEvent = {
      kind: 'bet',
      playerId: 1,
      mode: 'real',
      provider: 'inhouse',
      game: 'even_game',
      gameKind: 'even_kind',
      roundId: 'r',
      transactionId: 'b',
      referenceId: null,
      amount: 10_000n,
      at: new Date(startsAt.getTime() + 3_600_000),
    };
    const win: TBetEvent = { ...bet, kind: 'win', transactionId: 'w' };
    /** The tournaments' CTEs in the statement the pipeline composes for a batch of a stake and its win. */
    const composedFor = async () => {
      const prepared: string[] = [];
      const client = { query: async (text: string) => prepared.push(text) };
      await t.app.ctx.bets.executeText(client, [bet, win], (value) => `'${value}'`);
      return ['c_tournament_points as', 'c_tournament_win_points as'].filter((cte) =>
        prepared[0]?.includes(cte),
      );
    };
    const rules = { gameKinds: ['even_kind'], startsAt, endsAt };
    await activeTournament(t.app, { ...rules, scoring: 'wagered' });
    await refreshTournamentRules(db);
    expect(await composedFor()).toEqual(['c_tournament_points as']);
    await activeTournament(t.app, { ...rules, scoring: 'won' });
    await refreshTournamentRules(db);
    expect(await composedFor()).toEqual(['c_tournament_points as', 'c_tournament_win_points as']);
  });
});
