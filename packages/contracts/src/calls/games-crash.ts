/**
 * The shared crash tables (issue 5): every player at a crash game sees the same round. Bets and cash-outs go
 * through games.play on the game's sysname — a bet `bet` + `params {"auto_cashout": 2.5}` (optional) in the
 * betting window; `round_id` + `params {"type":"cashout"}` during the flight, settled at the server's multiplier.
 * Refusals: InvalidParameterException with `reason` betting_closed (late bet), not_started / too_early (a
 * cash-out before 1.01×), crashed (a cash-out from the crash point on), round_finished, invalid_cashout.
 * Round events arrive on the socket /ws/live (topics live.crash.round and live.crash.bet).
 *
 * The flight: multiplier(t) = floor(100 · e^(0.00006 · ms since flight_started_at)) / 100 until crash_point.
 * Provably fair: a fresh server seed per round, its SHA-256 published when betting opens; client seed = the
 * table; nonce = the round number; crash point = max(1.00, floor(99 · 2³² / (2³² − u)) / 100) with u the 32-bit
 * integer of float₀; the seed is revealed at the crash.
 */
import { z } from 'zod';
import { defineCall, zText } from '../call.ts';

export const CRASH_PHASES = ['betting', 'flying', 'crashed', 'settled'] as const;
export const CRASH_BET_STATUSES = ['open', 'cashed_out', 'lost', 'returned'] as const;

export const ZCrashBet = z.object({
  round_id: z.string(),
  /** The player's fakename, else the login masked ("jo***"); empty for a visitor (shown as a guest). */
  player: z.string(),
  mode: z.enum(['real', 'demo']),
  bet: z.number(),
  currency: z.string(),
  /** returned: the table was down at the crash (the restart rule) and the stake went back. */
  status: z.enum(CRASH_BET_STATUSES),
  /** The multiplier cashed out at, once won. */
  cashout: z.number().nullable(),
  win: z.number(),
});

export const ZCrashResult = z.object({
  table_round_id: z.string(),
  nonce: z.number().int(),
  crash_point: z.number(),
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  crashed_at: z.string(),
});

export const ZCrashRound = z.object({
  sysname: z.string(),
  table: z.string(),
  table_round_id: z.string(),
  phase: z.enum(CRASH_PHASES),
  /** Committed when betting opens; the seed is revealed at the crash. */
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  opened_at: z.string(),
  betting_closes_at: z.string(),
  /** = betting_closes_at: the multiplier's clock starts here. */
  flight_started_at: z.string(),
  /** Null until the crash. */
  crash_point: z.number().nullable(),
  crashed_at: z.string().nullable(),
  next_round_at: z.string().nullable(),
  server_seed: z.string().nullable(),
  /** The table was down at the crash: open bets were returned (auto cash-outs reached were paid). */
  interrupted: z.boolean(),
  /** The server's time now, so the site runs the countdown and the curve without trusting the device clock. */
  server_time: z.string(),
  /** Every bet of the round as the players list shows it. */
  bets: z.array(ZCrashBet),
  /** The caller's own bets of this round, with their auto cash-out (a reload can still cash out). */
  mine: z.array(ZCrashBet.extend({ auto_cashout: z.number().nullable() })),
  /** The last crashed rounds, newest first, with their revealed seeds. */
  recent: z.array(ZCrashResult),
});

export const ZGetCrashRound = defineCall({
  name: 'games.getCrashRound',
  method: 'GET',
  access: 'any',
  summary:
    "A crash table's current round (phase, betting window, flight start, committed seed hash; crash point and seed once crashed), its players' bets, the caller's own and the recent crash points. Bets and cash-outs go through games.play; events arrive on /ws/live (live.crash.round, live.crash.bet).",
  params: z.object({
    sysname: zText().pipe(z.string().min(1, { error: 'requiredField' }).max(100, { error: 'wrongField' })),
  }),
  data: ZCrashRound,
});
