/**
 * The sportsbook (issue 15, namespace `sportsbook`): the events and markets its odds feed built, placing single,
 * combo and system bets, the player's bets and cash-out. Money on the wire is major units (2 decimals); odds are
 * decimal numbers with at most 3 decimals. Refusals are InvalidParameterException with the field codes below.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zId, zInt, zText } from '../call.ts';

export const EVENT_STATUSES = ['not_started', 'live', 'suspended', 'ended', 'closed', 'cancelled'] as const;
export type TEventStatus = (typeof EVENT_STATUSES)[number];
export const BET_TYPES = ['single', 'combo', 'system'] as const;
export type TBetType = (typeof BET_TYPES)[number];
export const ACCEPT_ODDS = ['none', 'higher', 'any'] as const;
export type TAcceptOdds = (typeof ACCEPT_ODDS)[number];
export const BET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out', 'cancelled'] as const;
export type TBetStatus = (typeof BET_STATUSES)[number];
export const LEG_RESULTS = ['open', 'won', 'lost', 'void', 'half_won', 'half_lost'] as const;
/** A market's status as the feed sends it: 1 active, -1 suspended, 0 deactivated. */
export const MARKET_STATUSES = [1, -1, 0] as const;
export const MAX_SELECTIONS = 20;

/**
 * Field codes of placeBet's refusals (besides requiredField / wrongField), on `selections` unless said:
 * the odds moved beyond accept_odds (error_data.odds: the current odds per selection), a market suspended or
 * closed, a pre-match price on an event that started, the same event twice in a combo or system; on `stake`: under
 * the minimum, over the maximum stake (per bet, per event or the player's), over the maximum payout.
 */
export const PLACE_REFUSALS = [
  'oddsChanged',
  'marketSuspended',
  'marketClosed',
  'eventStarted',
  'sameEvent',
  'stakeTooLow',
  'stakeTooHigh',
  'payoutTooHigh',
] as const;
export type TPlaceRefusal = (typeof PLACE_REFUSALS)[number];

/**
 * Named full-cover systems: their number of selections and the sizes of the combinations they take (Trixie: the 3
 * doubles and the treble of 3 selections; Lucky 15: the 4 singles, 6 doubles, 4 trebles and the fourfold of 4).
 * placeBet's system_size is either a number k (every k-fold of the selections) or one of these keys.
 */
export const NAMED_SYSTEMS = {
  trixie: { name: 'Trixie', selections: 3, sizes: [2, 3] },
  patent: { name: 'Patent', selections: 3, sizes: [1, 2, 3] },
  yankee: { name: 'Yankee', selections: 4, sizes: [2, 3, 4] },
  lucky15: { name: 'Lucky 15', selections: 4, sizes: [1, 2, 3, 4] },
  super_yankee: { name: 'Super Yankee', selections: 5, sizes: [2, 3, 4, 5] },
  lucky31: { name: 'Lucky 31', selections: 5, sizes: [1, 2, 3, 4, 5] },
  heinz: { name: 'Heinz', selections: 6, sizes: [2, 3, 4, 5, 6] },
  lucky63: { name: 'Lucky 63', selections: 6, sizes: [1, 2, 3, 4, 5, 6] },
  super_heinz: { name: 'Super Heinz', selections: 7, sizes: [2, 3, 4, 5, 6, 7] },
  goliath: { name: 'Goliath', selections: 8, sizes: [2, 3, 4, 5, 6, 7, 8] },
} as const;
export type TNamedSystem = keyof typeof NAMED_SYSTEMS;

/** A k-of-n system's name: doubles, trebles… (the site translates the key). */
export const kFoldName = (size: number) =>
  (['singles', 'doubles', 'trebles', 'fourfolds', 'fivefolds', 'sixfolds', 'sevenfolds', 'eightfolds'][
    size - 1
  ] ?? `${size}-folds`) as string;

/** Major units as text ("1.50"): at most 2 decimals, > 0. */
const zStake = () =>
  zText().transform((text, ctx) => {
    const value = text.replace(/,/g, '').trim();
    const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: value === '' ? 'requiredField' : 'wrongField' });
      return z.NEVER;
    }
    const cents = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
    if (cents <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'wrongField' });
      return z.NEVER;
    }
    return cents;
  });

/** A feed id (event, outcome): text as the feed writes it. */
const zFeedId = () =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .pipe(z.string().regex(/^[\w:.=+-]{1,100}$/));

export const ZSelection = z.object({
  event_id: zFeedId(),
  market_id: z.coerce.number().int().positive().max(1_000_000),
  specifiers: z
    .string()
    .max(200)
    .refine((v) => !v.includes('\u0000'))
    .default(''),
  outcome_id: zFeedId(),
  odds: z.coerce.number().min(1).max(100_000),
});
export type TSelection = z.output<typeof ZSelection>;

// Built once, not on every placement: making a zod schema costs more than using it.
const ZSelectionList = z.array(ZSelection).min(1).max(MAX_SELECTIONS);

const zSelections = () =>
  zText().transform((text, ctx): TSelection[] => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'requiredField' });
      return z.NEVER;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'wrongField' });
      return z.NEVER;
    }
    const parsed = ZSelectionList.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'wrongField' });
      return z.NEVER;
    }
    return parsed.data;
  });

const zEnum = <T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) =>
  zText().transform((v, ctx): T[number] => {
    if (v === '' && fallback !== undefined) return fallback;
    if ((values as readonly string[]).includes(v)) return v as T[number];
    ctx.addIssue({ code: 'custom', message: v === '' ? 'requiredField' : 'wrongField' });
    return z.NEVER;
  });

export const ZCompetitor = z.object({ id: z.string(), name: z.string() });
export const ZScore = z.object({ home: z.number().int(), away: z.number().int() });

export const ZOutcome = z.object({
  id: z.string(),
  name: z.string(),
  odds: z.number(),
  active: z.boolean(),
});
export const ZMarket = z.object({
  id: z.number().int(),
  specifiers: z.string(),
  name: z.string(),
  /** 1 active, -1 suspended, 0 deactivated. */
  status: z.number().int(),
  outcomes: z.array(ZOutcome),
});
export type TMarket = z.output<typeof ZMarket>;

/**
 * A live match's clock as the feed last reported it (UOF's sport_event_status): `match_time` "27:33" (or "27")
 * at `at`; while not `stopped` the site carries it forward from `at`. `remaining_time` counts down where the
 * sport's clock does (basketball). `match_status` is UOF's code (6 1st half, 31 halftime, 7 2nd half, 13 1st
 * quarter…), `period` its English name.
 */
export const ZMatchClock = z.object({
  match_time: z.string().nullable(),
  stoppage_time: z.string().nullable(),
  remaining_time: z.string().nullable(),
  remaining_time_in_period: z.string().nullable(),
  stopped: z.boolean(),
  match_status: z.number().int().nullable(),
  period: z.string().nullable(),
  /** When the feed reported it (ISO 8601). */
  at: z.string(),
});
export type TMatchClock = z.output<typeof ZMatchClock>;

export const ZEventItem = z.object({
  id: z.string(),
  sport: z.string(),
  tournament: z.string(),
  competitors: z.array(ZCompetitor),
  start_time: z.string(),
  status: z.enum(EVENT_STATUSES),
  score: ZScore.nullable(),
  /** The match clock and period (live events the feed clocks); null or absent otherwise. */
  clock: ZMatchClock.nullable().optional(),
  /** The 1X2 (or the sport's first) market; null when the event has none. */
  main_market: ZMarket.nullable(),
  /**
   * Lists: the sport's main markets, in order: the result (1X2, or the winner), the total and the handicap, each
   * at its most balanced line; those the event has.
   */
  main_markets: z.array(ZMarket).optional(),
});
export type TEventItem = z.output<typeof ZEventItem>;

export const ZSport = z.object({
  id: z.string(),
  name: z.string(),
  live_count: z.number().int(),
  prematch_count: z.number().int(),
});

export const ZLeg = z.object({
  event_id: z.string(),
  /** "Home v Away" as the feed named them. */
  event_name: z.string(),
  market_id: z.number().int(),
  specifiers: z.string(),
  market_name: z.string(),
  outcome_id: z.string(),
  outcome_name: z.string(),
  odds: z.number(),
  result: z.enum(LEG_RESULTS),
  /** The leg's settlement factor (v + (1 − v)·r·d·odds), null while open. */
  factor: z.number().nullable(),
});

export const ZBet = z.object({
  id: z.number().int(),
  bet_uuid: z.string(),
  type: z.enum(BET_TYPES),
  /** A k-of-n system: k (null for singles, combos and named systems). */
  system_size: z.number().int().nullable(),
  /** A named system's key (trixie, yankee, lucky15…; NAMED_SYSTEMS), else null. */
  system_name: z.string().nullable(),
  lines: z.number().int(),
  /** Per line. */
  stake: z.number(),
  total_stake: z.number(),
  /** The product of the legs' odds (a system bet: null). */
  odds: z.number().nullable(),
  potential_payout: z.number(),
  payout: z.number(),
  status: z.enum(BET_STATUSES),
  live: z.boolean(),
  /** What cash-out pays now; null when it is not offered (settled, a market not active). */
  cashout_value: z.number().nullable(),
  currency: z.string(),
  placed_at: z.string(),
  settled_at: z.string().nullable(),
  legs: z.array(ZLeg),
});
export type TBet = z.output<typeof ZBet>;

export const ZGetSports = defineCall({
  name: 'sportsbook.getSports',
  method: 'GET',
  access: 'any',
  summary: 'The sports with open events, how many are live and how many pre-match.',
  params: z.object({}).loose(),
  data: z.object({ items: z.array(ZSport) }),
});

export const ZGetEvents = defineCall({
  name: 'sportsbook.getEvents',
  method: 'GET',
  access: 'any',
  summary:
    'Events of a sport (or every sport) by status: live, prematch (not started) or all open ones, soonest first, each with its main market.',
  params: z
    .object({
      sport: zText().pipe(z.string().max(50, { error: 'wrongField' })),
      status: zEnum(['live', 'prematch', 'all'] as const, 'all'),
      offset: zInt({ min: 0, fallback: 0 }),
      count: zInt({ min: 1, max: 100, fallback: 20 }),
    })
    .loose(),
  data: z.object({ items: z.array(ZEventItem), count: z.number().int() }),
});

export const ZGetEvent = defineCall({
  name: 'sportsbook.getEvent',
  method: 'GET',
  access: 'any',
  summary: 'One event with every market: id, specifiers, name, status, outcomes with id, name, odds, active.',
  params: z.object({ id: zText().pipe(z.string().min(1, { error: 'requiredField' }).max(100)) }).loose(),
  data: ZEventItem.omit({ main_market: true }).extend({ markets: z.array(ZMarket) }),
});

export const ZPlaceBet = defineCall({
  name: 'sportsbook.placeBet',
  method: 'POST',
  access: 'user',
  summary:
    'Places bets on selections (JSON text [{event_id, market_id, specifiers, outcome_id, odds}]): single (one bet per selection), combo (one bet, no two selections of one event) or system (every combination of system_size). stake is per line; accept_odds none | higher | any. Idempotent by bet_uuid. Live bets wait the live delay and are checked again.',
  params: z
    .object({
      selections: zSelections(),
      type: zEnum(BET_TYPES),
      system_size: zText().transform((v, ctx): number | TNamedSystem | null => {
        const text = v.trim().toLowerCase();
        if (text === '') return null;
        if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_SELECTIONS)
          return Number(text);
        if (text in NAMED_SYSTEMS) return text as TNamedSystem;
        ctx.addIssue({ code: 'custom', message: 'wrongField' });
        return z.NEVER;
      }),
      stake: zStake(),
      accept_odds: zEnum(ACCEPT_ODDS, 'none'),
      bet_uuid: zText().pipe(
        z
          .string()
          .min(1, { error: 'requiredField' })
          .max(64, { error: 'wrongField' })
          .regex(/^[\w-]+$/, { error: 'wrongField' }),
      ),
    })
    .loose(),
  data: z.object({ bets: z.array(ZBet) }),
});

export const ZGetBets = defineCall({
  name: 'sportsbook.getBets',
  method: 'GET',
  access: 'user',
  summary: "The player's bets, newest first: open, settled or all.",
  params: z
    .object({
      status: zEnum(['open', 'settled', 'all'] as const, 'all'),
      offset: zInt({ min: 0, fallback: 0 }),
      count: zInt({ min: 1, max: 100, fallback: 20 }),
      id: zId('bigint', { fallback: 0 }),
    })
    .loose(),
  data: z.object({ items: z.array(ZBet), count: z.number().int() }),
});

export const ZCashout = defineCall({
  name: 'sportsbook.cashout',
  method: 'POST',
  access: 'user',
  summary:
    'Cashes an open bet out for its quoted value (amount, from getBets cashout_value). Refused (amount: oddsChanged) when the value moved, (bet_id: cashoutUnavailable) when a market is not active.',
  params: z
    .object({
      bet_id: zId('bigint'),
      amount: zStake(),
    })
    .loose(),
  data: z.object({ bet: ZBet }),
});

export const sportsbookCalls: TCallContract[] = [
  ZGetSports,
  ZGetEvents,
  ZGetEvent,
  ZPlaceBet,
  ZGetBets,
  ZCashout,
];
