/**
 * The built-in feed simulator (SPORTSBOOK_SIMULATOR; on in the demo): one more client of the odds feed, sending
 * the same signed messages to POST /feed/sportsbook. From content/sportsbook/simulator.json (sports, tournaments,
 * teams and their strengths) it keeps a number of pre-match and live events per sport, moves pre-match prices,
 * plays the live matches (scores, prices from sim-pricing.ts with a margin, a bet stop around each score) and
 * settles them at the end. Every tick sends `alive`. Its state is the book itself (events, scores, start times),
 * so a restart picks up where it was. Schedules stay real: a team plays one match at a time. Live matches carry a
 * match clock and period (the sport's regulation time played over live_minutes). With UOF_AMQP_URL set it speaks
 * UOF instead (sim-uof.ts): its messages go to the broker as UOF XML and the adapter brings them into the book.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../ledger/index.ts';
import { signFeedBody } from './feed.ts';
import {
  handicapLine,
  marketsFor,
  scoreTick,
  settlementFor,
  setWinChance,
  type TModel,
} from './sim-pricing.ts';
import { createSimUof, simUrn, type TSimUofSink } from './sim-uof.ts';
import type { TAmqpConnect } from './uof/amqp.ts';
import { PRODUCT } from './uof/message-types.ts';
import type { TMarketDescription } from './uof/rest-types.ts';

interface TSportContent {
  model: TModel;
  goals_per_match?: number;
  points_per_match?: number;
  tournaments: { name: string; teams: [string, number][] }[];
}
export interface TSimContent {
  margin_percent: number;
  live_minutes: number;
  prematch_per_sport: number;
  live_per_sport: number;
  sports: Record<string, TSportContent>;
}

export const readSimulatorContent = (contentDir: string): TSimContent =>
  JSON.parse(readFileSync(join(contentDir, 'sportsbook', 'simulator.json'), 'utf8')) as TSimContent;

interface TSimEvent {
  id: string;
  sport: string;
  competitors: { id: string; name: string }[] | string;
  start_time: string | Date;
  status: string;
  score: { home: number; away: number } | string | null;
}

const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export const TICK_MS = 2000;

/** Regulation time and its periods (UOF match status codes) of the sports the simulator clocks. */
const CLOCKS: Record<string, { minutes: number; periods: number[]; countdown?: boolean }> = {
  football: { minutes: 90, periods: [6, 7] },
  ice_hockey: { minutes: 60, periods: [1, 2, 3] },
  basketball: { minutes: 48, periods: [13, 14, 15, 16], countdown: true },
};

const mmss = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The clock of a match a `share` (0–1) of the way through; a sport played in sets shows the set it is in. */
export const simClock = (sport: string, share: number, score: { home: number; away: number }) => {
  const spec = CLOCKS[sport];
  if (!spec) return { stopped: false, match_status: Math.min(12, 8 + score.home + score.away) };
  const played = Math.min(1, Math.max(0, share)) * spec.minutes * 60;
  const length = (spec.minutes * 60) / spec.periods.length;
  const index = Math.min(spec.periods.length - 1, Math.floor(played / length));
  return {
    match_time: mmss(played),
    ...(spec.countdown ? { remaining_time_in_period: mmss(Math.max(0, (index + 1) * length - played)) } : {}),
    stopped: false,
    match_status: spec.periods[index] as number,
  };
};

export interface TSimulatorOptions {
  /** Publish on this broker as UOF instead of posting to the JSON feed (sim-uof.ts). */
  uofUrl?: string;
  descriptions?: Record<string, TMarketDescription[]>;
  /** A test's exchange and broker (the in-memory one). */
  exchange?: string;
  connect?: TAmqpConnect;
}

export const createSimulator = (
  app: FastifyInstance,
  ctx: TAppContext,
  content: TSimContent,
  options: TSimulatorOptions = {},
) => {
  const strength = new Map<string, number>();
  for (const sport of Object.values(content.sports))
    for (const t of sport.tournaments) for (const [name, s] of t.teams) strength.set(name, s);
  /** A pre-match price drift per event (a random walk; lost on restart, which is harmless). */
  const drift = new Map<string, number>();
  let seq = 0;
  let lastTs = 0;
  const random = () => ctx.providers.random.int(1_000_000) / 1_000_000;
  const liveMs = content.live_minutes * 60_000;

  let uof: TSimUofSink | undefined;

  const send = async (
    message: Record<string, unknown>,
    via?: (message: Record<string, unknown>) => Promise<void>,
  ) => {
    const now = ctx.providers.clock.now().getTime();
    lastTs = Math.max(lastTs + 1, now);
    const stamped = { message_id: `sim-${now}-${seq++}`, timestamp: lastTs, ...message };
    if (via) return via(stamped);
    if (uof) return message.type === 'alive' ? uof.alive(lastTs) : uof.send(stamped);
    const body = JSON.stringify(stamped);
    const response = await app.inject({
      method: 'POST',
      url: '/feed/sportsbook',
      headers: {
        'content-type': 'application/json',
        'x-feed-signature': signFeedBody(ctx.config.SPORTSBOOK_FEED_SECRET, body),
      },
      payload: body,
    });
    if (response.statusCode !== 200) throw new Error(`feed refused the simulator: ${response.body}`);
  };

  const stateOf = (event: TSimEvent, now: number) => {
    const sport = content.sports[event.sport] as TSportContent;
    const [home, away] = parse(event.competitors);
    const d = drift.get(event.id) ?? 0;
    const started = new Date(event.start_time).getTime();
    const left = event.status === 'not_started' ? 1 : Math.max(0, 1 - (now - started) / liveMs);
    const base = { home: strength.get(home?.name ?? '') ?? 1, away: strength.get(away?.name ?? '') ?? 1 };
    const perMatch = sport.goals_per_match ?? sport.points_per_match ?? 2.5;
    return {
      model: sport.model,
      home: base.home * (1 + d),
      away: base.away * (1 - d),
      score: parse(event.score) ?? { home: 0, away: 0 },
      left,
      perMatch,
      // From the teams' strengths without the drift: the line the bets were placed on is the one settled.
      hcp: handicapLine({ model: sport.model, ...base, perMatch }),
    };
  };

  const price = (
    event: TSimEvent,
    now: number,
    extra: Record<string, unknown> = {},
    via?: (message: Record<string, unknown>) => Promise<void>,
  ) => {
    const state = stateOf(event, now);
    const live = event.status !== 'not_started';
    return send(
      {
        type: 'odds_change',
        event_id: event.id,
        ...(live ? { clock: simClock(event.sport, 1 - state.left, state.score) } : {}),
        ...extra,
        markets: marketsFor(state, content.margin_percent, event.sport),
      },
      via,
    );
  };

  /** Teams busy in a match whose time overlaps [start, start + the match]. */
  const busyTeams = (events: TSimEvent[], start: number) => {
    const busy = new Set<string>();
    for (const e of events) {
      const from = new Date(e.start_time).getTime();
      if (from < start + liveMs && start < from + liveMs)
        for (const c of parse(e.competitors)) busy.add(c.name);
    }
    return busy;
  };

  /** A new match of two teams free at its time (none when no tournament has two). */
  const createEvent = async (sport: string, live: boolean, now: number, events: TSimEvent[]) => {
    const spec = content.sports[sport] as TSportContent;
    const start = live
      ? now - ctx.providers.random.int(Math.floor(liveMs / 3))
      : now + (3 + ctx.providers.random.int(55)) * 60_000;
    const busy = busyTeams(events, start);
    const first = ctx.providers.random.int(spec.tournaments.length);
    let tournament: TSportContent['tournaments'][number] | undefined;
    let free: string[] = [];
    for (let k = 0; k < spec.tournaments.length && free.length < 2; k++) {
      tournament = spec.tournaments[(first + k) % spec.tournaments.length];
      free = (tournament?.teams ?? []).map(([name]) => name).filter((name) => !busy.has(name));
    }
    if (!tournament || free.length < 2) return;
    const i = ctx.providers.random.int(free.length);
    let j = ctx.providers.random.int(free.length - 1);
    if (j >= i) j++;
    const names = [free[i] as string, free[j] as string];
    const id = uof ? simUrn(now, seq++) : `sim-${sport}-${now.toString(36)}-${seq++}`;
    const event: TSimEvent = {
      id,
      sport,
      competitors: names.map((name, k) => ({ id: `${id}-${k}`, name })),
      start_time: new Date(start),
      status: live ? 'live' : 'not_started',
      score: live ? { home: 0, away: 0 } : null,
    };
    events.push(event);
    // A match joined in progress has the score of the part already played (a basketball game at 0:0 a third of the
    // way in left its total far out of reach).
    if (live) {
      let score = { home: 0, away: 0 };
      for (let t = start; t + TICK_MS <= now; t += TICK_MS)
        score = scoreTick({ ...stateOf(event, t), score }, TICK_MS / liveMs, random);
      event.score = score;
    }
    await send({
      type: 'fixture',
      event_id: id,
      sport,
      tournament: tournament.name,
      competitors: event.competitors,
      start_time: new Date(start).toISOString(),
      status: event.status,
    });
    await price(event, now, live ? { event_status: 'live', score: event.score } : {});
  };

  /** A score change in this tick, by the sport's model. */
  const play = (event: TSimEvent, now: number): { home: number; away: number } | null => {
    const s = stateOf(event, now);
    const score = scoreTick(s, TICK_MS / liveMs, random);
    return score.home !== s.score.home || score.away !== s.score.away ? score : null;
  };

  /** Matches finished and not yet closed in the book (over UOF the book follows a moment later). */
  const finished = new Set<string>();

  const finish = async (event: TSimEvent, now: number) => {
    if (finished.has(event.id)) return;
    finished.add(event.id);
    const s = stateOf(event, now);
    const score = { ...s.score };
    if (s.model === 'points' && score.home === score.away) score[random() < 0.5 ? 'home' : 'away'] += 2;
    while (s.model === 'sets' && score.home < 2 && score.away < 2)
      score[random() < setWinChance(s.home, s.away) ? 'home' : 'away']++;
    await send({ type: 'bet_stop', event_id: event.id });
    await send({
      type: 'odds_change',
      event_id: event.id,
      event_status: 'ended',
      score,
      clock: { stopped: true, match_status: 100 },
    });
    await send({
      type: 'bet_settlement',
      event_id: event.id,
      markets: settlementFor({ ...s, score }, event.sport),
    });
    await send({ type: 'odds_change', event_id: event.id, event_status: 'closed' });
    drift.delete(event.id);
  };

  const openEvents = () =>
    queryRows<TSimEvent>(
      ctx.db,
      sql`select id, sport, competitors, start_time, status, score from sb_events
           where (id like 'sim-%' or id like 'sim:%') and status in ('not_started', 'live', 'suspended', 'ended')`,
    );

  /** A recovery's snapshot (UOF): the current odds of the producer's events, sent through `via`. */
  const snapshot = async (product: number, via: (message: Record<string, unknown>) => Promise<void>) => {
    const now = ctx.providers.clock.now().getTime();
    for (const event of await openEvents()) {
      const live = event.status !== 'not_started';
      if (event.status === 'ended' || live !== (product === PRODUCT.liveOdds)) continue;
      await price(
        event,
        now,
        live ? { event_status: 'live', score: parse(event.score) ?? { home: 0, away: 0 } } : {},
        via,
      );
    }
  };

  if (options.uofUrl)
    uof = createSimUof(app, ctx, {
      url: options.uofUrl,
      descriptions: options.descriptions ?? {},
      snapshot,
      ...(options.exchange ? { exchange: options.exchange } : {}),
      ...(options.connect ? { connect: options.connect } : {}),
    });

  const tick = async () => {
    const now = ctx.providers.clock.now().getTime();
    await send({ type: 'alive' });
    const events = await openEvents();
    for (const id of finished) if (!events.some((e) => e.id === id)) finished.delete(id);
    const playing = [...events];
    for (const sport of Object.keys(content.sports)) {
      const mine = events.filter((e) => e.sport === sport);
      const live = mine.filter((e) => e.status !== 'not_started').length;
      const prematch = mine.length - live;
      if (live < content.live_per_sport) await createEvent(sport, true, now, playing);
      if (prematch < content.prematch_per_sport) await createEvent(sport, false, now, playing);
    }
    for (const event of events) {
      const started = new Date(event.start_time).getTime();
      if (event.status === 'not_started' && started <= now) {
        await price({ ...event, status: 'live' }, now, { event_status: 'live', score: { home: 0, away: 0 } });
      } else if (event.status === 'not_started') {
        if (random() < 0.15) {
          const d = Math.max(-0.2, Math.min(0.2, (drift.get(event.id) ?? 0) + (random() - 0.5) * 0.06));
          drift.set(event.id, d);
          await price(event, now);
        }
      } else if (now - started >= liveMs || event.status === 'ended') {
        await finish(event, now);
      } else {
        const score = play(event, now);
        if (score) {
          await send({ type: 'bet_stop', event_id: event.id });
          await price({ ...event, score }, now, { score });
        } else if (random() < 0.35) await price(event, now);
      }
    }
  };

  let running = false;
  return {
    tick,
    close: async () => uof?.close(),
    /** The UOF REST stand-in's answer to one call (module.ts serves it under /uof-sim). */
    uofRest: (method: string, path: string, token: unknown) =>
      uof ? uof.rest(method, path, token) : Promise.resolve({ status: 404, body: '' }),
    /** One tick at a time; a failure is logged and the next tick tries again. */
    async safeTick() {
      if (running) return;
      running = true;
      try {
        await tick();
      } catch (error) {
        app.log.error({ err: error }, 'sportsbook simulator tick failed');
      } finally {
        running = false;
      }
    },
  };
};
