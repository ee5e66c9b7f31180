/**
 * Responsible gaming (the /profile/responsible-game page), enforced by the server: loss limits, session-time
 * limits, the reality check, time-outs and self-exclusion (spec §9 periods). Deposit limits stay with the
 * cashier (cashier.setdepositlimit, account.getDepositLimit). A stricter limit applies at once; a looser one or
 * a removal waits 24 hours. The calls answer AccessDeniedException { reason: 'feature_disabled', feature:
 * 'isResponsibleGamingEnable' } while the flag is off; limits and exclusions already set stay enforced.
 *
 * Refusals elsewhere (auth.login, cashier.makedeposit, games.play, the wallet's bet) are AccessDeniedException with
 * error_data.reason:
 *   'self_excluded'          { type: 'time_out' | 'self_exclusion', until: unix seconds | null (permanent) }
 *   'loss_limit_exceeded'    { period, limit_amount, available_amount }
 *   'session_limit_reached'  { period, limit_minutes, logout: true } — the site logs the player out.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zInt, zText } from '../call.ts';

/** Loss and session-time limits use the deposit-limit periods (days; rolling windows). */
export const RG_LIMIT_PERIODS = ['1', '7', '14', '30'] as const;
/** Time-out: 24 hours, 1 week, 1 month. */
export const TIME_OUT_PERIODS = ['24h', '1w', '1m'] as const;
/** Self-exclusion (spec §9): 1, 7, 30 days; 3, 6, 9 months; 1 to 5 years; permanent. */
export const SELF_EXCLUSION_PERIODS = [
  '1d',
  '7d',
  '30d',
  '3m',
  '6m',
  '9m',
  '1y',
  '2y',
  '3y',
  '4y',
  '5y',
  'permanent',
] as const;
export type TTimeOutPeriod = (typeof TIME_OUT_PERIODS)[number];
export type TSelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];

/** Reality check: off (0) or every N minutes. */
export const REALITY_CHECK_MIN_MINUTES = 5;
export const REALITY_CHECK_MAX_MINUTES = 240;

/** A pending looser change: what it will be and when (unix seconds). */
const ZPending = {
  can_edit: z.boolean(),
  /** Unix seconds when the pending change applies, or null. */
  expired_at: z.number().int().nullable(),
  pending_period: z.string().nullable(),
};

export const ZLossLimit = z.object({
  /** '1' | '7' | '14' | '30' days, or 'none'. */
  period: z.string(),
  limit_amount: z.number().nullable(),
  /** Net loss (stakes − wins, real money) within the period so far. */
  used_amount: z.number().nullable(),
  available_amount: z.number().nullable(),
  pending_amount: z.number().nullable(),
  ...ZPending,
});

export const ZSessionLimit = z.object({
  period: z.string(),
  limit_minutes: z.number().int().nullable(),
  used_minutes: z.number().int().nullable(),
  available_minutes: z.number().int().nullable(),
  pending_minutes: z.number().int().nullable(),
  ...ZPending,
});

export const ZExclusion = z.object({
  type: z.enum(['time_out', 'self_exclusion']),
  period: z.string(),
  /** Unix seconds; null when permanent. */
  until: z.number().int().nullable(),
  is_permanent: z.boolean(),
});

export const ZResponsibleGamingSettings = z.object({
  loss_limit: ZLossLimit,
  session_limit: ZSessionLimit,
  /** Minutes between reality checks; 0 = off. */
  reality_check_minutes: z.number().int(),
  /** The active time-out or self-exclusion, if any (a signed-in player normally has none). */
  exclusion: ZExclusion.nullable(),
  /** The operator's switch: show the session timer and net position in the header. */
  show_session_stats_in_header: z.boolean(),
});

export const ZSessionStats = z.object({
  /** Unix seconds when this sign-in began. */
  session_started_at: z.number().int(),
  session_seconds: z.number().int(),
  /** Real-money stakes and wins since sign-in (major units), net = won − staked. */
  staked: z.number(),
  won: z.number(),
  net: z.number(),
  currency: z.string(),
  reality_check_minutes: z.number().int(),
  /** Unix seconds of the next reality check, or null when off. */
  next_reality_check_at: z.number().int().nullable(),
  show_session_stats_in_header: z.boolean(),
});

const zPeriod = <T extends readonly [string, ...string[]]>(values: T) =>
  zText().pipe(z.enum(values, { error: 'wrongField' }));

export const ZGetResponsibleGaming = defineCall({
  name: 'responsibleGaming.get',
  method: 'GET',
  access: 'user',
  summary: 'Loss limit, session-time limit, reality check and the exclusion in force.',
  params: z.object({}).loose(),
  data: ZResponsibleGamingSettings,
});

export const ZSetLossLimit = defineCall({
  name: 'responsibleGaming.setLossLimit',
  method: 'POST',
  access: 'user',
  summary:
    'Sets the net-loss limit (stakes − wins) for 1, 7, 14 or 30 days, or none. Stricter: at once; looser or none: after 24 hours.',
  params: z.object({ period: zPeriod(['none', ...RG_LIMIT_PERIODS]), amount: zText() }).loose(),
  data: ZLossLimit,
});

export const ZSetSessionLimit = defineCall({
  name: 'responsibleGaming.setSessionLimit',
  method: 'POST',
  access: 'user',
  summary:
    'Sets the signed-in play-time limit in minutes for 1, 7, 14 or 30 days, or none. Stricter: at once; looser or none: after 24 hours.',
  params: z
    .object({
      period: zPeriod(['none', ...RG_LIMIT_PERIODS]),
      minutes: zText(),
    })
    .loose(),
  data: ZSessionLimit,
});

export const ZSetRealityCheck = defineCall({
  name: 'responsibleGaming.setRealityCheck',
  method: 'POST',
  access: 'user',
  summary: 'The reality-check interval in minutes (5 to 240), or 0 to turn it off. Applies at once.',
  params: z
    .object({ minutes: zInt({ min: 0, max: REALITY_CHECK_MAX_MINUTES }) })
    .loose()
    .refine((p) => p.minutes === 0 || p.minutes >= REALITY_CHECK_MIN_MINUTES, {
      path: ['minutes'],
      message: 'wrongField',
    }),
  data: z.object({ reality_check_minutes: z.number().int() }),
});

export const ZTakeTimeOut = defineCall({
  name: 'responsibleGaming.takeTimeOut',
  method: 'POST',
  access: 'user',
  summary:
    'A time-out of 24 hours, 1 week or 1 month: no sign-in, deposit, play or marketing until it ends. Ends every session now.',
  params: z.object({ period: zPeriod(TIME_OUT_PERIODS) }).loose(),
  data: ZExclusion,
});

export const ZSelfExclude = defineCall({
  name: 'responsibleGaming.selfExclude',
  method: 'POST',
  access: 'user',
  summary:
    'Self-exclusion for a spec §9 period up to permanent: no sign-in, deposit, play or marketing until it ends. Permanent can never be undone by the player. Ends every session now.',
  params: z.object({ period: zPeriod(SELF_EXCLUSION_PERIODS) }).loose(),
  data: ZExclusion,
});

export const ZGetSessionStats = defineCall({
  name: 'responsibleGaming.getSessionStats',
  method: 'GET',
  access: 'user',
  summary:
    "This sign-in's time, real-money staked, won and net position, for the reality check and the header timer.",
  params: z.object({}).loose(),
  data: ZSessionStats,
});

export const responsibleGamingCalls: TCallContract[] = [
  ZGetResponsibleGaming,
  ZSetLossLimit,
  ZSetSessionLimit,
  ZSetRealityCheck,
  ZTakeTimeOut,
  ZSelfExclude,
  ZGetSessionStats,
];
