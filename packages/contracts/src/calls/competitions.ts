/**
 * Tournaments and leaderboards (spec §3 Tournament, §4 participation, §7 tournaments.* and leaderboard.*). Money is
 * major units; points are shown per the scoring rule: wagered and won in major units, multiplier as ×, rounds as a
 * count. Players appear by fakename only (a masked login when they have none).
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zId, zInt, zList } from '../call.ts';
import { ZWinner } from './games-play.ts';

export const TOURNAMENT_STATUSES = ['all', 'future', 'active', 'finished'] as const;
export type TTournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
export const TOURNAMENT_SCORINGS = ['wagered', 'won', 'multiplier', 'rounds'] as const;
export type TTournamentScoring = (typeof TOURNAMENT_SCORINGS)[number];
/** The §3 fields `fields` may ask for (id always comes); none asked: all of them. */
export const TOURNAMENT_FIELDS = [
  'title',
  'status',
  'starts_at',
  'ends_at',
  'scoring',
  'min_bet',
  'currency',
  'prizes',
  'games',
  'games_count',
  'total_prize',
  'user_info',
  'winners',
  'restrictions',
  'total_participants',
  'total_points',
  'reset_on_cashout',
  'provider',
  'image_url',
  'tags',
  'description',
  'extra',
] as const;
export type TTournamentField = (typeof TOURNAMENT_FIELDS)[number];
/** Spec §9: a tournament's game hall pages by 12. */
export const TOURNAMENT_GAMES_PAGE_SIZE = 12;
export const LEADERBOARD_PAGE_SIZE = 20;
export const TOP_PERIODS = ['day', 'week', 'month'] as const;

export const ZTournamentPrize = z.object({
  place: z.number().int(),
  /** cash: real money; bonus: a bonus with wagering from the bonus engine (template tournament_prize). */
  type: z.enum(['cash', 'bonus']),
  amount: z.number(),
});

export const ZStandingRow = z.object({
  place: z.number().int(),
  /** The player's fakename (or masked login). */
  player: z.string(),
  points: z.number(),
  /** The prize this place wins (0 when none). */
  prize: z.number(),
  is_me: z.boolean(),
});
export type TStandingRow = z.output<typeof ZStandingRow>;

export const ZTournament = z.object({
  id: z.number().int(),
  title: z.string().optional(),
  status: z.enum(['future', 'active', 'finished', 'cancelled']).optional(),
  starts_at: z.string().optional(),
  ends_at: z.string().optional(),
  scoring: z.enum(TOURNAMENT_SCORINGS).optional(),
  min_bet: z.number().optional(),
  currency: z.string().optional(),
  prizes: z.array(ZTournamentPrize).optional(),
  /** Sysnames of the games that count (empty: every game of the kinds in restrictions). */
  games: z.array(z.string()).optional(),
  games_count: z.number().int().optional(),
  total_prize: z.number().optional(),
  /** The signed-in player's standing (a visitor: not participating, no place). */
  user_info: z
    .object({ place: z.number().int().nullable(), points: z.number(), participating: z.boolean() })
    .optional(),
  /** A finished tournament's prize winners, by place. */
  winners: z.array(ZStandingRow).optional(),
  restrictions: z
    .object({
      countries: z.array(z.string()),
      currency: z.string(),
      opt_in: z.boolean(),
      game_kinds: z.array(z.string()),
      /** Studios whose games count (a tournament names games or providers). */
      providers: z.array(z.string()),
      /** Paid on joining (major units; 0: free), refunded if the tournament is cancelled. */
      entry_fee: z.number(),
    })
    .optional(),
  total_participants: z.number().int().optional(),
  total_points: z.number().optional(),
  reset_on_cashout: z.boolean().optional(),
  provider: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  description: z.string().optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type TTournament = z.output<typeof ZTournament>;

export const ZGetTournaments = defineCall({
  name: 'tournaments.get',
  method: 'GET',
  access: 'any',
  summary:
    'Tournaments by status (all | future | active | finished), soonest ending first for active ones, newest first for finished; `ids` narrows, `fields` picks §3 fields (id always).',
  params: z.object({
    count: zInt({ min: 1, max: 100, fallback: 20 }),
    offset: zInt({ min: 0, fallback: 0 }),
    ids: zList().refine((ids) => ids.length <= 100 && ids.every((id) => /^\d{1,12}$/.test(id)), 'wrongField'),
    status: z.enum(TOURNAMENT_STATUSES, { message: 'wrongField' }).optional().default('all'),
    fields: zList()
      .refine(
        (fields) => fields.every((f) => (TOURNAMENT_FIELDS as readonly string[]).includes(f)),
        'wrongField',
      )
      .transform((fields) => fields as TTournamentField[]),
  }),
  data: z.object({ items: z.array(ZTournament), count: z.number().int() }),
});

export const ZParticipateTournament = defineCall({
  name: 'tournaments.participate',
  method: 'POST',
  access: 'user',
  summary:
    'Joins an opt-in tournament that is future or active and whose restrictions the player meets; answers 1 (joining again answers 1). A refusal is InvalidParameterException with invalid_parameters.tournament_id = wrongField and error_data.reason: unknown, closed (finished or cancelled), restricted (country or currency) or insufficient_funds (the entry fee, taken from the main balance).',
  params: z.object({ tournament_id: zId('bigint') }),
  data: z.literal(1),
});

export const ZGetLeaderboard = defineCall({
  name: 'leaderboard.get',
  method: 'GET',
  access: 'any',
  summary:
    "A tournament's standings, paged (ties: who reached the score first ranks higher), with the signed-in player's own row. Live updates: socket topic competitions.tournament.<id>.",
  params: z.object({
    tournament_id: zId('bigint'),
    offset: zInt({ min: 0, fallback: 0 }),
    count: zInt({ min: 1, max: 100, fallback: LEADERBOARD_PAGE_SIZE }),
  }),
  data: z.object({
    tournament_id: z.number().int(),
    items: z.array(ZStandingRow),
    count: z.number().int(),
    me: ZStandingRow.nullable(),
  }),
});

export const ZGetLiveWins = defineCall({
  name: 'leaderboard.live',
  method: 'GET',
  access: 'any',
  summary: 'The newest big wins across the site (the winners feed), newest first.',
  params: z.object({ count: zInt({ min: 1, max: 50, fallback: 20 }) }),
  data: z.array(ZWinner),
});

export const ZGetTopWins = defineCall({
  name: 'leaderboard.top',
  method: 'GET',
  access: 'any',
  summary: 'The biggest wins of the last day, week or month, biggest first.',
  params: z.object({
    period: z.enum(TOP_PERIODS, { message: 'wrongField' }).optional().default('day'),
    count: zInt({ min: 1, max: 50, fallback: 10 }),
  }),
  data: z.array(ZWinner),
});

export const competitionsCalls: TCallContract[] = [
  ZGetTournaments,
  ZParticipateTournament,
  ZGetLeaderboard,
  ZGetLiveWins,
  ZGetTopWins,
];
