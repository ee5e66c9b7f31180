/**
 * The bonus calls of spec §7: `bonuses.*` (casino bonuses) and `BettingBonuses.*` (sportsbook bonuses), one engine
 * behind both (§3 Bonus: id, type). An item says everything a player needs to trust it: what is left to wager,
 * what each game kind contributes, the max bet, the cap on what becomes real money, when it expires and where it
 * stands in the player's bonus queue (one bonus of a type plays at a time; the others wait in line and start by
 * themselves, in order, as the one before ends). Amounts are major units with 2 decimals.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zId, zInt, zList, zText } from '../call.ts';

export const BONUS_TYPES = ['casino', 'betting'] as const;
export type TBonusType = (typeof BONUS_TYPES)[number];
export const BONUS_STATUSES = [
  'available',
  'active',
  'completed',
  'forfeited',
  'expired',
  'cancelled',
] as const;
export type TBonusStatus = (typeof BONUS_STATUSES)[number];
/** The bonuses tab shows these; the history tab the rest (spec §9 tab names). */
export const OPEN_BONUS_STATUSES = ['available', 'active'] as const satisfies readonly TBonusStatus[];
export const BONUS_SOURCES = [
  'deposit_offer',
  'offer',
  'promo_code',
  'cashback',
  'freespins',
  'loyalty',
  'tournament',
  'operator',
] as const;
export type TBonusSource = (typeof BONUS_SOURCES)[number];
/** The game kinds of the catalogue (spec §3 Game), the keys of an item's contributions. */
export const CONTRIBUTION_KINDS = [
  'slot',
  'live',
  'casino',
  'fast',
  'logical',
  'high_low',
  'betting',
] as const;

/**
 * Field codes the bonus calls answer on `bonus_id`: unknown (wrongField), not available to activate, not active
 * to deactivate, expired; `burn_bonuses` on cashier.makewithdrawal says the player must agree to lose a bonus.
 */
export const BONUS_REFUSALS = ['bonusNotAvailable', 'bonusNotActive', 'bonusExpired'] as const;

export const ZBonusItem = z.object({
  id: z.number().int(),
  type: z.enum(BONUS_TYPES),
  status: z.enum(BONUS_STATUSES),
  /** The amount granted. */
  amount: z.number(),
  /** The bonus money now: the bonus balance while active, what activation credits while available, 0 once ended. */
  balance: z.number(),
  /** How much must be staked (weighted by contribution) before the bonus converts. */
  wager_requirement: z.number(),
  wagered: z.number(),
  /** Times the amount that must be wagered. */
  wager_multiplier: z.number().int(),
  /** The largest stake while the bonus is active; null: no limit. */
  max_bet: z.number().nullable(),
  /** The most that can become real money; null: no cap. */
  max_conversion: z.number().nullable(),
  /**
   * Betting bonuses: the lowest odds (decimal; a combo's total odds) a bet needs to count towards wagering, which
   * counts it when it settles won or lost; null: any odds (and every casino bonus).
   */
  min_odds: z.number().nullable(),
  /** A free bet: a winning bet pays the winnings without the stake; a void one gives the stake back. */
  is_free_bet: z.boolean(),
  /** ISO 8601; null: never. */
  expires_at: z.string().nullable(),
  /** Percent of a stake that counts, per game kind, and per game where it differs. */
  contributions: z.object({
    kinds: z.record(z.string(), z.number().int()),
    games: z.record(z.string(), z.number().int()),
  }),
  description: z.object({ title: z.string(), text: z.string() }),
  source: z.enum(BONUS_SOURCES),
  created_at: z.string(),
  activated_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** What became real money (completed bonuses). */
  converted: z.number(),
  /** What the player lost: forfeited, expired or over the conversion cap. */
  lost: z.number(),
  /**
   * Its place in the player's bonus queue of its type: 1 the active bonus (or, with none active, the first that
   * waits), then the waiting ones in the order they start; null once it ended or while a withdrawal holds it. When
   * the active bonus ends, the next one starts by itself.
   */
  queue_position: z.number().int().nullable(),
  /** The bonus just ahead of it in the queue (what it waits for); null at the front, once it ended or while held. */
  queued_after: z.object({ id: z.number().int(), title: z.string(), amount: z.number() }).nullable(),
  /**
   * Pending withdrawals hold it (requested while it was active, with burn_bonuses): it is paused, cannot be activated
   * and stands outside the queue (queue_position null) until they are settled; it is lost if one of them is paid and
   * comes back when every one is cancelled or declined. `amount`: what they withdraw together (major units);
   * `count`: how many they are. null: no withdrawal holds it.
   */
  withdrawal_hold: z.object({ amount: z.number(), count: z.number().int() }).nullable(),
});
export type TBonusItem = z.output<typeof ZBonusItem>;

const ZBonusList = z.object({ count: z.number().int(), items: z.array(ZBonusItem) });

const listParams = () =>
  z
    .object({
      /** Statuses to list (comma-separated); none: all. */
      statuses: zList().transform((list, ctx) => {
        if (list.every((s): s is TBonusStatus => (BONUS_STATUSES as readonly string[]).includes(s)))
          return list;
        ctx.addIssue({ code: 'custom', message: 'wrongField' });
        return z.NEVER;
      }),
      offset: zInt({ min: 0, fallback: 0 }),
      count: zInt({ min: 1, max: 100, fallback: 50 }),
    })
    .loose();

const bonusIdParams = () => z.object({ bonus_id: zId('bigint') }).loose();

/**
 * What an activation does to the bonus active before it: `deactivate` (the default) pauses it, keeping its money
 * and progress at the front of the queue; `remove` gives it up (forfeited, its bonus money lost) and the queue
 * does not move on for it.
 */
export const ACTIVE_BONUS_CHOICES = ['deactivate', 'remove'] as const;
export type TActiveBonusChoice = (typeof ACTIVE_BONUS_CHOICES)[number];

const activateParams = () =>
  z
    .object({
      bonus_id: zId('bigint'),
      active_bonus: zText()
        .pipe(z.enum(['', ...ACTIVE_BONUS_CHOICES], { error: 'wrongField' }))
        .transform((choice): TActiveBonusChoice => (choice === '' ? 'deactivate' : choice)),
    })
    .loose();

const listCall = (name: string, what: string) =>
  defineCall({
    name,
    method: 'GET',
    access: 'user',
    summary: `The player's ${what}: the open ones in queue order (the active one, then the waiting ones in the order they start), then the history, newest first.`,
    params: listParams(),
    data: ZBonusList,
  });

const actionCall = (name: string, summary: string) =>
  defineCall({ name, method: 'POST', access: 'user', summary, params: bonusIdParams(), data: ZBonusItem });

export const ZBonusesGet = listCall('bonuses.get', 'casino bonuses');
const activateCall = (name: string, summary: string) =>
  defineCall({ name, method: 'POST', access: 'user', summary, params: activateParams(), data: ZBonusItem });

export const ZBonusesActivate = activateCall(
  'bonuses.activate',
  'Makes an available casino bonus the active one now, ahead of the queue (its money is credited). The bonus active before is paused to the front of the queue, or given up with active_bonus=remove.',
);
export const ZBonusesDeactivate = actionCall(
  'bonuses.deactivate',
  'Pauses the active casino bonus: its money waits with the bonus (available again, at the front of the queue), its wagering progress stays; no other bonus starts.',
);
export const ZBonusesRemove = actionCall(
  'bonuses.remove',
  'Gives up a casino bonus: an available one is cancelled, an active one forfeited (its bonus money is lost) and the next in the queue starts.',
);
export const ZBettingBonusesGet = listCall('BettingBonuses.get', 'sportsbook bonuses');
export const ZBettingBonusesActivate = activateCall(
  'BettingBonuses.activate',
  'Makes an available betting bonus the active one now (its money goes to the betting bonus balance). The betting bonus active before is paused to the front of the queue, or given up with active_bonus=remove.',
);
export const ZBettingBonusesRemove = actionCall(
  'BettingBonuses.remove',
  'Gives up a betting bonus: an available one is cancelled, an active one forfeited and the next in the queue starts.',
);

export const bonusesCalls: TCallContract[] = [
  ZBonusesGet,
  ZBonusesActivate,
  ZBonusesDeactivate,
  ZBonusesRemove,
  ZBettingBonusesGet,
  ZBettingBonusesActivate,
  ZBettingBonusesRemove,
];
