/**
 * The odds feed's messages (POST /feed/sportsbook), modelled on the Sportradar Unified Odds Feed. Every message has
 * type, message_id, timestamp (ms) and, except alive, event_id. Market ids and outcome ids follow UOF: 1 is 1X2
 * (outcomes 1 home, 2 draw, 3 away), 18 total (total=2.5; 12 over, 13 under), 16 handicap (hcp=…; 1714 home, 1715
 * away), 29 both teams to score (74 yes, 76 no), 186 winner of a two-way match (4 home, 5 away); any other id the
 * feed sends is kept as it is (its name comes from the market descriptions, market-descriptions.ts). The Unified
 * Odds Feed adapter (uof-book.ts) turns each UOF message into these and applies them the same way.
 */
import { EVENT_STATUSES } from '@casino/contracts/calls/sportsbook';
import { z } from 'zod';

const zId = () =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .pipe(z.string().regex(/^[\w:.=+-]{1,100}$/));
const zSpecifiers = () =>
  z
    .string()
    .max(200)
    .refine((v) => !v.includes('\u0000'))
    .default('');
const zMarketId = () => z.coerce.number().int().positive().max(1_000_000);

const base = {
  message_id: z
    .string()
    .min(1)
    .max(200)
    .refine((v) => !v.includes('\u0000')),
  timestamp: z.number().int().nonnegative(),
};
const withEvent = { ...base, event_id: zId() };

/** A market named by id and specifiers (bet_stop, rollback_bet_settlement, bet_cancel). */
const ZMarketRef = z.object({ id: zMarketId(), specifiers: zSpecifiers() });

export const ZFixture = z.object({
  type: z.literal('fixture'),
  ...withEvent,
  sport: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[a-z0-9_-]+$/),
  tournament: z
    .string()
    .max(200)
    .refine((v) => !v.includes('\u0000'))
    .default(''),
  competitors: z
    .array(
      z.object({
        id: zId(),
        name: z
          .string()
          .min(1)
          .max(200)
          .refine((v) => !v.includes('\u0000')),
      }),
    )
    .min(1)
    .max(2),
  start_time: z.iso.datetime({ offset: true }),
  status: z.enum(EVENT_STATUSES).default('not_started'),
});

const zClockText = () =>
  z
    .string()
    .max(20)
    .regex(/^\d{1,4}(:\d{2})?$/)
    .optional();

/** The match clock as UOF's sport_event_status gives it ("27:33" or "27"), and its match status code. */
export const ZClock = z.object({
  match_time: zClockText(),
  stoppage_time: zClockText(),
  remaining_time: zClockText(),
  remaining_time_in_period: zClockText(),
  stopped: z.boolean().default(false),
  /** UOF's match status code: 6 1st half, 31 halftime, 7 2nd half, 13 1st quarter… (match-status.ts). */
  match_status: z.number().int().min(0).max(10_000).optional(),
});

/** 0|1 as UOF writes it, or a boolean. */
const zActive = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .transform((v) => v === true || v === 1)
    .default(true);

export const ZOddsChange = z.object({
  type: z.literal('odds_change'),
  ...withEvent,
  event_status: z.enum(EVENT_STATUSES).optional(),
  score: z.object({ home: z.number().int().min(0), away: z.number().int().min(0) }).optional(),
  clock: ZClock.optional(),
  markets: z
    .array(
      z.object({
        id: zMarketId(),
        specifiers: zSpecifiers(),
        status: z.union([z.literal(1), z.literal(-1), z.literal(0)]).default(1),
        outcomes: z
          .array(
            z.object({
              id: zId(),
              /** Absent: the price is not offered (UOF sends inactive outcomes without odds). */
              odds: z.number().min(1).max(100_000).optional(),
              active: zActive(),
            }),
          )
          .max(100)
          .default([]),
      }),
    )
    .max(500)
    .default([]),
});

export const ZBetStop = z.object({
  type: z.literal('bet_stop'),
  ...withEvent,
  markets: z.array(ZMarketRef).max(500).default([]),
});

export const ZBetSettlement = z.object({
  type: z.literal('bet_settlement'),
  ...withEvent,
  markets: z
    .array(
      z.object({
        id: zMarketId(),
        specifiers: zSpecifiers(),
        outcomes: z
          .array(
            z.object({
              id: zId(),
              result: z.union([z.literal(0), z.literal(1)]),
              void_factor: z.union([z.literal(0), z.literal(0.5), z.literal(1)]).default(0),
              dead_heat_factor: z.number().gt(0).max(1).default(1),
            }),
          )
          .min(1)
          .max(100),
      }),
    )
    .min(1)
    .max(500),
});

export const ZRollbackBetSettlement = z.object({
  type: z.literal('rollback_bet_settlement'),
  ...withEvent,
  markets: z.array(ZMarketRef).min(1).max(500),
});

export const ZBetCancel = z.object({
  type: z.literal('bet_cancel'),
  ...withEvent,
  markets: z.array(ZMarketRef).min(1).max(500),
  start_time: z.number().int().nonnegative().optional(),
  end_time: z.number().int().nonnegative().optional(),
  /** The event replacing this one (UOF's superceded_by), recorded on the event. */
  superceded_by: zId().optional(),
});

/** Undoes a bet_cancel: the legs of bets placed in the window count again. */
export const ZRollbackBetCancel = z.object({
  type: z.literal('rollback_bet_cancel'),
  ...withEvent,
  markets: z.array(ZMarketRef).min(1).max(500),
  start_time: z.number().int().nonnegative().optional(),
  end_time: z.number().int().nonnegative().optional(),
});

export const ZAlive = z.object({ type: z.literal('alive'), ...base });

export const ZFeedMessage = z.discriminatedUnion('type', [
  ZFixture,
  ZOddsChange,
  ZBetStop,
  ZBetSettlement,
  ZRollbackBetSettlement,
  ZBetCancel,
  ZRollbackBetCancel,
  ZAlive,
]);
export type TFeedMessage = z.output<typeof ZFeedMessage>;
export type TFeedMessageInput = z.input<typeof ZFeedMessage>;

/** A dead-heat factor as exact decimal text (the feed sends a number such as 0.5 or 0.333333). */
export const deadHeatText = (factor: number) => {
  const text = String(factor);
  return /^\d+(\.\d{1,9})?$/.test(text) ? text : factor.toFixed(9).replace(/0+$/, '');
};

/**
 * Decimal odds as the feed wrote them → integer thousandths, from the number's decimal text (JavaScript writes a
 * number parsed from a decimal of up to 15 significant digits back as that decimal), never by float arithmetic:
 * "1.85" → 1850; a fourth decimal rounds half up ("1.0005" → 1001, where Math.round(1.0005 * 1000) gives 1000).
 */
export const oddsThousandths = (odds: number | string): number => {
  const text = typeof odds === 'number' ? String(odds) : odds.trim();
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`odds "${text}" are not a plain decimal`);
  const decimals = match[2] ?? '';
  const whole = Number(match[1]) * 1000 + Number(decimals.slice(0, 3).padEnd(3, '0'));
  return (decimals[3] ?? '0') >= '5' ? whole + 1 : whole;
};
