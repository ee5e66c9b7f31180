/**
 * Playing our own games (spec §7 games namespace, issue 5): provably fair seeds, one round or one action per
 * `games.play`, the round record for game recall, the player's history and its CSV export, the winners feed and
 * the shared live tables. Money on the wire is major units (2 decimals); the server counts integer cents.
 *
 * The provably fair scheme: server seed = 32 random bytes as 64 hex; its SHA-256 hex is shown before play; the
 * client seed is the player's; the nonce counts the player's rounds under the pair from 0. Floats: for
 * block = 0, 1 …: HMAC-SHA256(key = server seed text, message = `{client_seed}:{nonce}:{block}`), each 4 bytes
 * b0..b3 → b0/256 + b1/256² + b2/256³ + b3/256⁴, 8 floats a block.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zInt, zList, zText } from '../call.ts';
import { ZGetCrashRound } from './games-crash.ts';

export const PLAY_MODES = ['real', 'demo'] as const;
export type TPlayMode = (typeof PLAY_MODES)[number];
export const ROUND_STATUSES = ['open', 'finished', 'rolled_back'] as const;
export type TRoundStatus = (typeof ROUND_STATUSES)[number];
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 100;
export const EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;

/** A client seed: 1–64 printable ASCII characters, no spaces (it is part of the HMAC message). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

/** Major units as text ("1.50", "1,000"): at most 2 decimals, > 0. Empty → null (an action needs no bet). */
const zBet = () =>
  zText().transform((text, ctx) => {
    const value = text.replace(/,/g, '').trim();
    if (value === '') return null;
    const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'wrongField' });
      return z.NEVER;
    }
    const cents = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
    if (cents <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'wrongField' });
      return z.NEVER;
    }
    return cents;
  });

/** A JSON object sent as text; anything else (bad JSON, an array, a number) is one `wrongField`. */
const zParamsObject = () =>
  zText().transform((text, ctx): Record<string, unknown> => {
    if (text.trim() === '') return {};
    try {
      const value = JSON.parse(text) as unknown;
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      /* falls through */
    }
    ctx.addIssue({ code: 'custom', message: 'wrongField' });
    return z.NEVER;
  });

const zClientSeed = () =>
  zText().pipe(z.string().refine((v) => v === '' || CLIENT_SEED_PATTERN.test(v), { error: 'wrongField' }));

const zSysname = () =>
  zText().pipe(z.string().min(1, { error: 'requiredField' }).max(100, { error: 'wrongField' }));

const zDate = () =>
  zText().pipe(
    z.string().refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v))), {
      error: 'wrongField',
    }),
  );

export const ZFairness = z.object({
  /** SHA-256 hex of the current server seed: the commitment shown before play. */
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** The nonce the next round will use (= rounds played under this pair). */
  nonce: z.number().int(),
});

export const ZGetFairness = defineCall({
  name: 'games.getFairness',
  method: 'GET',
  access: 'any',
  summary:
    "The current provably fair pair: the server seed's SHA-256 (committed before play), the client seed and the next nonce. A visitor gets a pair of their own (kept by a cookie) for demo play.",
  params: z.object({}).loose(),
  data: ZFairness,
});

export const ZRevealedPair = z.object({
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** Rounds played under the revealed pair (their nonces were 0 … nonce − 1). */
  nonce: z.number().int(),
});

export const ZRotateSeed = defineCall({
  name: 'games.rotateSeed',
  method: 'POST',
  access: 'any',
  summary:
    'Reveals the current server seed and starts a new pair with a fresh server seed (its hash shown) and the given client seed (random when empty); the nonce restarts at 0. Refused (InvalidParameterException round_id: roundOpen) while a multi-step round is open.',
  params: z.object({ client_seed: zClientSeed() }),
  data: z.object({ previous: ZRevealedPair, current: ZFairness }),
});

export const ZPlayParams = z.object({
  sysname: zSysname(),
  mode: zText().pipe(z.enum(['', ...PLAY_MODES], { error: 'wrongField' })),
  /** The stake in major units; required to open a round, ignored for an action. */
  bet: zBet(),
  /**
   * The game's options or action as JSON text, e.g. dice `{"target":5000,"over":true}`, roulette
   * `{"bets":[{"type":"red","amount":"1.00"}]}`, mines `{"mines":3}` then `{"type":"reveal","tile":7}`, crash
   * `{"auto_cashout":2.5}` then `{"type":"cashout"}` (calls/games-crash.ts),
   * blackjack `{"type":"hit"}`, a slot `{"freespins":true}` to play a freespins pack. Amounts inside are major units.
   */
  params: zParamsObject(),
  /** The open round an action belongs to (multi-step games); empty opens a new round. */
  round_id: zText(),
});
export type TPlayParams = z.output<typeof ZPlayParams>;

export const ZPlayResult = z.object({
  round_id: z.string(),
  sysname: z.string(),
  mode: z.enum(PLAY_MODES),
  status: z.enum(ROUND_STATUSES),
  /** What the player may see now (the engine's outcome; amounts in major units). */
  outcome: z.unknown(),
  /** Total staked in the round so far, major units. */
  bet: z.number(),
  /** Total won when finished (stake included when returned), else 0. */
  win: z.number(),
  /** The balance of the mode's account after this step (main for real, fun for demo). */
  balance: z.number(),
  currency: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  /** True when this answer resumes a round left open (the site shows its state). */
  resumed: z.boolean(),
});

export const ZPlay = defineCall({
  name: 'games.play',
  method: 'POST',
  access: 'any',
  summary:
    'Plays one round, or one action of an open multi-step round (blackjack, mines, hi-lo; a crash cash-out) when round_id is given. A call without round_id on a game with an open round answers that round (resumed: true). Real mode needs a signed-in player; a visitor plays demo on play money. Not enough money → UserNeedDepositException (required, balance).',
  params: ZPlayParams,
  data: ZPlayResult,
});

export const ZRoundRecord = z.object({
  round_id: z.string(),
  sysname: z.string(),
  /** The engine of @casino/games the round ran on (for the verify page). */
  game: z.string(),
  mode: z.enum(PLAY_MODES),
  status: z.enum(ROUND_STATUSES),
  bet: z.number(),
  win: z.number(),
  currency: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  /** Null until the pair is rotated (or, for a live table, until the spin). */
  server_seed: z.string().nullable(),
  /** The player's actions in order (the opening bet first, amounts in cents as text): replay input. */
  actions: z.array(z.unknown()),
  outcome: z.unknown(),
  /** Parameters the catalogue fixes for the game (e.g. plinko rows and risk). */
  engine_params: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const ZGetRound = defineCall({
  name: 'games.getRound',
  method: 'GET',
  access: 'any',
  summary:
    "A round's record (the owner's only): seeds hash, client seed, nonce, actions and outcome; the server seed once revealed.",
  params: z.object({ round_id: zText().pipe(z.string().min(1, { error: 'requiredField' })) }),
  data: ZRoundRecord,
});

export const ZHistoryFilters = {
  sysnames: zList(),
  mode: zText().pipe(z.enum(['', ...PLAY_MODES], { error: 'wrongField' })),
  status: zText().pipe(z.enum(['', ...ROUND_STATUSES], { error: 'wrongField' })),
  /** Only rounds that won (win > 0) or lost (win = 0, finished). */
  result: zText().pipe(z.enum(['', 'win', 'loss'], { error: 'wrongField' })),
  /** yyyy-mm-dd or ISO date-time, inclusive from / exclusive to. */
  date_from: zDate(),
  date_to: zDate(),
};

export const ZHistoryItem = z.object({
  round_id: z.string(),
  sysname: z.string(),
  game_name: z.string(),
  mode: z.enum(PLAY_MODES),
  status: z.enum(ROUND_STATUSES),
  bet: z.number(),
  win: z.number(),
  currency: z.string(),
  nonce: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const ZGetHistory = defineCall({
  name: 'games.getHistory',
  method: 'GET',
  access: 'user',
  summary:
    "The signed-in player's rounds, newest first, with filters (sysnames, mode, status, result, date_from, date_to) and paging (offset, count).",
  params: z.object({
    offset: zInt({ min: 0, fallback: 0 }),
    count: zInt({ min: 1, max: HISTORY_MAX_PAGE_SIZE, fallback: HISTORY_PAGE_SIZE }),
    ...ZHistoryFilters,
  }),
  data: z.object({ items: z.array(ZHistoryItem), total: z.number().int() }),
});

export const ZHistoryExport = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** Rows in the CSV once ready. */
  rows: z.number().int().nullable(),
  /** Where the owner downloads the CSV once ready (a cookie-authenticated GET). */
  url: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const ZCreateHistoryExportRequest = defineCall({
  name: 'games.createhistoryexportrequest',
  method: 'POST',
  access: 'user',
  summary:
    "Asks for a CSV of the player's rounds (same filters as getHistory); a background job makes it. Answers the request (status pending).",
  params: z.object(ZHistoryFilters),
  data: ZHistoryExport,
});

export const ZGetHistoryExportRequest = defineCall({
  name: 'games.gethistoryexportrequest',
  method: 'GET',
  access: 'user',
  summary:
    "The player's export request by id, or the latest when id is empty (null when there is none); url is set once ready.",
  params: z.object({ id: zText() }),
  data: ZHistoryExport.nullable(),
});

export const ZWinner = z.object({
  round_id: z.string(),
  /** The player's public name, masked (e.g. "jo***"). */
  player: z.string(),
  sysname: z.string(),
  game_name: z.string(),
  bet: z.number(),
  win: z.number(),
  /** win ÷ bet, 2 decimals. */
  multiplier: z.number(),
  currency: z.string(),
  created_at: z.string(),
});

export const ZGetWinners = defineCall({
  name: 'games.getWinners',
  method: 'GET',
  access: 'any',
  summary:
    'The last big wins in real mode (win at or above the threshold), newest first; `sysnames` narrows to games. New ones are published live on the bus topic games.winner.',
  params: z.object({ count: zInt({ min: 1, max: 100, fallback: 20 }), sysnames: zList() }),
  data: z.array(ZWinner),
});

export const ZFreespinsPack = z.object({
  id: z.string(),
  sysname: z.string(),
  remaining_count: z.number().int(),
  /** Stake of each free spin, major units. */
  bet: z.number(),
});

export const ZGetFreespinsPacks = defineCall({
  name: 'games.getFreespinsPacks',
  method: 'GET',
  access: 'user',
  summary:
    "The signed-in player's freespins packs with spins left (spec §3: game.sysname, remaining_count); `sysnames` narrows.",
  params: z.object({ sysnames: zList() }),
  data: z.array(ZFreespinsPack),
});

export const LIVE_PHASES = ['betting', 'spinning', 'settled'] as const;

export const ZLiveResult = z.object({
  table_round_id: z.string(),
  pocket: z.number().int(),
  color: z.enum(['green', 'red', 'black']),
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  spun_at: z.string(),
});

export const ZLiveRound = z.object({
  sysname: z.string(),
  table: z.string(),
  table_round_id: z.string(),
  phase: z.enum(LIVE_PHASES),
  /** Committed at round open; the seed is revealed in the result after the spin. */
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  opened_at: z.string(),
  betting_closes_at: z.string(),
  /** The server's time now, so the site can count down without trusting the device clock. */
  server_time: z.string(),
  /** The last spins, newest first, with their revealed seeds. */
  recent: z.array(ZLiveResult),
});

export const ZGetLiveRound = defineCall({
  name: 'games.getLiveRound',
  method: 'GET',
  access: 'any',
  summary:
    "A live table's current round (phase, betting window, committed seed hash) and its last results. Bets go through games.play on the table's sysname; round events arrive on the socket /ws/live (topic live.roulette.round).",
  params: z.object({ sysname: zSysname() }),
  data: ZLiveRound,
});

export const gamesPlayCalls: TCallContract[] = [
  ZGetFairness,
  ZRotateSeed,
  ZPlay,
  ZGetRound,
  ZGetHistory,
  ZCreateHistoryExportRequest,
  ZGetHistoryExportRequest,
  ZGetWinners,
  ZGetFreespinsPacks,
  ZGetLiveRound,
  ZGetCrashRound,
];
