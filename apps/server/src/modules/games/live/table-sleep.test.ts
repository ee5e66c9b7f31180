/** The shared tables sleep while nobody watches and no bet is open, and wake at once on a watcher, a call or a bet. */
import { crashTimeFor } from '@casino/games';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { fundedClient } from '../play/test-helpers.ts';
import {
  CRASH_PAUSE_MS,
  crashAtOf,
  crashPointOf,
  crashRoundById,
  flightStartOf,
  latestCrashRound,
  type TCrashRow,
} from './crash-round.ts';
import { CRASH_TICK, tickCrashTables } from './crash-table.ts';
import { LIVE_TICK } from './live-table.ts';
import { IDLE_GRACE_MS, TABLE_INTEREST_TOPIC } from './table-interest.ts';

let t: TTestApp;
beforeAll(async () => {
  // A fixed seed: a crash round may crash at 1.00× (no flight at all), and the second test needs one that flies.
  t = await createTestApp({ seed: 'table-sleep' });
});
afterAll(async () => {
  await t?.close();
});

const CRASH = 'sparkrush_rocket_rush';
const ROULETTE = 'lanternlight_lanternlight_roulette';
const now = () => t.clock.now().getTime();
const crashRound = async () => (await latestCrashRound(t.app.ctx.db, CRASH)) as TCrashRow;
const roundById = async (id: string) => (await crashRoundById(t.app.ctx.db, id)) as TCrashRow;
/** Lets a bus message (a Redis round trip with REDIS_URL) arrive. */
const flushBus = () => new Promise((resolve) => setTimeout(resolve, process.env.REDIS_URL ? 200 : 10));

/** Both tables' timers turn once each second of the clock, as ctx.jobs.every would; answers the queries made. */
const turns = async (seconds: number) => {
  const db = t.app.ctx.db;
  const execute = vi.spyOn(db, 'execute');
  const transaction = vi.spyOn(db, 'transaction');
  try {
    for (let i = 0; i < seconds; i++) {
      t.clock.advance(1_000);
      await t.app.ctx.jobs.runRecurring(CRASH_TICK);
      await t.app.ctx.jobs.runRecurring(LIVE_TICK);
    }
    return execute.mock.calls.length + transaction.mock.calls.length;
  } finally {
    execute.mockRestore();
    transaction.mockRestore();
  }
};
const asleep = async () => {
  await flushBus();
  await turns(IDLE_GRACE_MS / 1_000 + 5);
};

describe('shared tables at rest', () => {
  it('look once at boot, then an idle server reads nothing on the tables’ ticks', async () => {
    expect(await turns(1)).toBeGreaterThan(0); // the first turn looks for open bets (a restart resumes them)
    expect(await turns(60)).toBe(0);
    t.clock.advance(3_600_000);
    expect(await turns(10)).toBe(0);
  });

  it('wake on games.getCrashRound with a fresh round that proceeds normally, and sleep again after the grace', async () => {
    await asleep();
    const view = (await apiClient(t.app).get('games.getCrashRound', { sysname: CRASH })).data;
    expect(view).toMatchObject({ phase: 'betting', opened_at: t.clock.now().toISOString() });
    const round = await crashRound();
    expect(round.id).toBe(view.table_round_id);
    const flight = crashAtOf(round) - flightStartOf(round);
    expect(flight, 'this seed’s round flies for seconds').toBeGreaterThan(3_000);
    // Awake (the screen asks again now and then): the flight starts when betting closes, the round crashes on time.
    expect(await turns(Math.ceil((flightStartOf(round) - now()) / 1_000))).toBeGreaterThan(0);
    expect((await crashRound()).phase).toBe('flying');
    while (now() < crashAtOf(round)) {
      await apiClient(t.app).get('games.getCrashRound', { sysname: CRASH });
      await turns(Math.min(10, Math.ceil((crashAtOf(round) - now()) / 1_000)));
    }
    expect(await roundById(round.id)).toMatchObject({ phase: 'settled', interrupted: false });
    await asleep();
    expect(await turns(10)).toBe(0);
  });

  it('wake on games.getLiveRound: the stale window is spun, a fresh round opens after the show', async () => {
    await asleep();
    t.clock.advance(600_000);
    const view = (await apiClient(t.app).get('games.getLiveRound', { sysname: ROULETTE })).data;
    expect(['settled', 'betting']).toContain(view.phase);
    await turns(5);
    const next = (await apiClient(t.app).get('games.getLiveRound', { sysname: ROULETTE })).data;
    expect(next).toMatchObject({
      phase: 'betting',
      nonce: view.phase === 'betting' ? view.nonce : view.nonce + 1,
    });
    expect(Date.parse(next.opened_at)).toBeGreaterThan(now() - 6_000);
  });

  it('wake at once when a socket watches, stay awake while it does, sleep after it leaves', async () => {
    await asleep();
    t.clock.advance(600_000);
    const stale = await crashRound();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/live`);
    await new Promise((resolve) => socket.once('open', resolve));
    // The catch-up tick runs without waiting for the timer: a fresh round opens now.
    await vi.waitFor(async () => expect((await crashRound()).seq).not.toBe(stale.seq));
    expect(new Date((await crashRound()).opened_at).getTime()).toBe(now());
    expect(await turns(IDLE_GRACE_MS / 1_000 + 30)).toBeGreaterThan(0);
    expect(await turns(2)).toBeGreaterThan(0);
    socket.close();
    await vi.waitFor(() => expect(socket.readyState).toBe(WebSocket.CLOSED));
    await asleep();
    expect(await turns(10)).toBe(0);
  });

  it('wake when another instance hears interest (the bus)', async () => {
    await asleep();
    expect(await turns(3)).toBe(0);
    await t.app.ctx.bus.publish(TABLE_INTEREST_TOPIC, {});
    // Heard (after a Redis round trip), the catch-up tick runs; then the timer ticks again.
    await vi.waitFor(async () => expect(await turns(1)).toBeGreaterThan(0));
    await asleep();
    expect(await turns(3)).toBe(0);
  });

  it('stay awake while a bet is open, with nobody watching, until it settles on time', async () => {
    await asleep();
    const player = await fundedClient(t.app, 10_000n);
    // A round whose flight outlasts the grace: the bet's own interest lapses long before it settles.
    for (let guard = 0; guard < 500; guard++) {
      const row = await crashRound();
      if (
        row.phase === 'betting' &&
        now() < flightStartOf(row) - 2_000 &&
        crashPointOf(row) >= 1_000 &&
        crashPointOf(row) < 5_000
      )
        break;
      t.clock.set(new Date(Math.max(now() + 1_000, flightStartOf(row))));
      await tickCrashTables(t.app.ctx);
      t.clock.set(new Date(Math.max(now(), crashAtOf(row) + CRASH_PAUSE_MS)));
      await tickCrashTables(t.app.ctx);
    }
    const round = await crashRound();
    expect(crashPointOf(round)).toBeGreaterThanOrEqual(1_000);
    const placed = await player.client.post('games.play', {
      sysname: CRASH,
      mode: 'real',
      bet: '1.00',
      params: JSON.stringify({ auto_cashout: '9.00' }),
    });
    expect(placed.error, JSON.stringify(placed.error)).toBeNull();
    const autoAt = flightStartOf(round) + crashTimeFor(900);
    expect(autoAt - now()).toBeGreaterThan(IDLE_GRACE_MS + 5_000);
    await flushBus();
    await turns(IDLE_GRACE_MS / 1_000 + 2);
    // The grace is over, the bet still open: the table still ticks.
    expect(await turns(2)).toBeGreaterThan(0);
    await turns(Math.ceil((autoAt - now()) / 1_000) + 1);
    expect(
      (await player.client.get('games.getRound', { round_id: placed.data.round_id })).data,
    ).toMatchObject({
      status: 'finished',
      win: 9,
    });
    await turns(Math.ceil((crashAtOf(round) - now()) / 1_000) + 1);
    expect(await roundById(round.id)).toMatchObject({ phase: 'settled', interrupted: false });
    await asleep();
    expect(await turns(10)).toBe(0);
  }, 60_000);
});
