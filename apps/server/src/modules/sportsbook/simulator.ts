/**
 * The built-in feed simulator (SPORTSBOOK_SIMULATOR; on in the demo): one more client of the odds feed, sending
 * the same signed messages to POST /feed/sportsbook. From content/sportsbook/simulator.json (sports, tournaments,
 * teams and their strengths) it keeps a number of pre-match and live events per sport, moves pre-match prices,
 * plays the live matches (scores, prices from sim-pricing.ts with a margin, a bet stop around each score) and
 * settles them at the end. Every tick sends `alive`. Its state is the book itself (events, scores, start times),
 * so a restart picks up where it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../ledger/sql.ts';
import { signFeedBody } from './feed.ts';
import {
  handicapLine,
  marketsFor,
  scoreTick,
  settlementFor,
  setWinChance,
  type TModel,
} from './sim-pricing.ts';

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

export const createSimulator = (app: FastifyInstance, ctx: TAppContext, content: TSimContent) => {
  const strength = new Map<string, number>();
  for (const sport of Object.values(content.sports))
    for (const t of sport.tournaments) for (const [name, s] of t.teams) strength.set(name, s);
  /** A pre-match price drift per event (a random walk; lost on restart, which is harmless). */
  const drift = new Map<string, number>();
  let seq = 0;
  let lastTs = 0;
  const random = () => ctx.providers.random.int(1_000_000) / 1_000_000;
  const liveMs = content.live_minutes * 60_000;

  const send = async (message: Record<string, unknown>) => {
    const now = ctx.providers.clock.now().getTime();
    lastTs = Math.max(lastTs + 1, now);
    const body = JSON.stringify({ message_id: `sim-${now}-${seq++}`, timestamp: lastTs, ...message });
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

  const price = (event: TSimEvent, now: number, extra: Record<string, unknown> = {}) =>
    send({
      type: 'odds_change',
      event_id: event.id,
      ...extra,
      markets: marketsFor(stateOf(event, now), content.margin_percent, event.sport),
    });

  const createEvent = async (sport: string, live: boolean, now: number) => {
    const spec = content.sports[sport] as TSportContent;
    const tournament = spec.tournaments[
      ctx.providers.random.int(spec.tournaments.length)
    ] as TSportContent['tournaments'][number];
    const i = ctx.providers.random.int(tournament.teams.length);
    let j = ctx.providers.random.int(tournament.teams.length - 1);
    if (j >= i) j++;
    const names = [tournament.teams[i]?.[0] as string, tournament.teams[j]?.[0] as string];
    const id = `sim-${sport}-${now.toString(36)}-${seq++}`;
    const start = live
      ? now - ctx.providers.random.int(Math.floor(liveMs / 3))
      : now + (3 + ctx.providers.random.int(55)) * 60_000;
    const event: TSimEvent = {
      id,
      sport,
      competitors: names.map((name, k) => ({ id: `${id}-${k}`, name })),
      start_time: new Date(start),
      status: live ? 'live' : 'not_started',
      score: live ? { home: 0, away: 0 } : null,
    };
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

  const finish = async (event: TSimEvent, now: number) => {
    const s = stateOf(event, now);
    const score = { ...s.score };
    if (s.model === 'points' && score.home === score.away) score[random() < 0.5 ? 'home' : 'away'] += 2;
    while (s.model === 'sets' && score.home < 2 && score.away < 2)
      score[random() < setWinChance(s.home, s.away) ? 'home' : 'away']++;
    await send({ type: 'bet_stop', event_id: event.id });
    await send({ type: 'odds_change', event_id: event.id, event_status: 'ended', score });
    await send({
      type: 'bet_settlement',
      event_id: event.id,
      markets: settlementFor({ ...s, score }, event.sport),
    });
    await send({ type: 'odds_change', event_id: event.id, event_status: 'closed' });
    drift.delete(event.id);
  };

  const tick = async () => {
    const now = ctx.providers.clock.now().getTime();
    await send({ type: 'alive' });
    const events = await queryRows<TSimEvent>(
      ctx.db,
      sql`select id, sport, competitors, start_time, status, score from sb_events
           where id like 'sim-%' and status in ('not_started', 'live', 'suspended', 'ended')`,
    );
    for (const sport of Object.keys(content.sports)) {
      const mine = events.filter((e) => e.sport === sport);
      const live = mine.filter((e) => e.status !== 'not_started').length;
      const prematch = mine.length - live;
      if (live < content.live_per_sport) await createEvent(sport, true, now);
      if (prematch < content.prematch_per_sport) await createEvent(sport, false, now);
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
