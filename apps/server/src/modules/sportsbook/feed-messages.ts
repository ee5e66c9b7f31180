/**
 * The odds feed's messages (POST /feed/sportsbook), modelled on the Sportradar Unified Odds Feed. Every message has
 * type, message_id, timestamp (ms) and, except alive, event_id. Market ids and outcome ids follow UOF: 1 is 1X2
 * (outcomes 1 home, 2 draw, 3 away), 18 total (total=2.5; 12 over, 13 under), 16 handicap (hcp=…; 1714 home, 1715
 * away), 29 both teams to score (74 yes, 76 no), 186 winner of a two-way match (4 home, 5 away).
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

export const ZOddsChange = z.object({
  type: z.literal('odds_change'),
  ...withEvent,
  event_status: z.enum(EVENT_STATUSES).optional(),
  score: z.object({ home: z.number().int().min(0), away: z.number().int().min(0) }).optional(),
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
              odds: z.number().min(1).max(100_000),
              active: z.boolean().default(true),
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
});

export const ZAlive = z.object({ type: z.literal('alive'), ...base });

export const ZFeedMessage = z.discriminatedUnion('type', [
  ZFixture,
  ZOddsChange,
  ZBetStop,
  ZBetSettlement,
  ZRollbackBetSettlement,
  ZBetCancel,
  ZAlive,
]);
export type TFeedMessage = z.output<typeof ZFeedMessage>;
export type TFeedMessageInput = z.input<typeof ZFeedMessage>;

/** A dead-heat factor as exact decimal text (the feed sends a number such as 0.5 or 0.333333). */
export const deadHeatText = (factor: number) => {
  const text = String(factor);
  return /^\d+(\.\d{1,9})?$/.test(text) ? text : factor.toFixed(9).replace(/0+$/, '');
};
