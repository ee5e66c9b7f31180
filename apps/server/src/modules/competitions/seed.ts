/**
 * The demo competitions of content/competitions (checked by zod, so a typo stops the start with a clear message):
 * tournaments and jackpots are created once by sysname, with times relative to the first start; afterwards the
 * database is the truth. The jackpots' first cycles are committed right away.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCents } from '@casino/contracts';
import { TOURNAMENT_SCORINGS } from '@casino/contracts/calls/competitions';
import { z } from 'zod';
import type { TAppContext } from '../../platform/context.ts';
import { createTournament } from './create-tournament.ts';
import { ensureJackpotCycles } from './jackpot-cycles.ts';
import { createJackpot } from './jackpots.ts';

const zAmount = () =>
  z
    .string()
    .regex(/^\d+\.\d{2}$/, 'an amount with 2 decimals, e.g. "20.00"')
    .transform((v) => toCents(v));
const zWords = () => z.record(z.string(), z.string()).refine((w) => Boolean(w.en), 'en is required');

const ZTournaments = z.object({
  tournaments: z.array(
    z.object({
      sysname: z.string().regex(/^[a-z0-9_]+$/),
      title: zWords(),
      description: zWords(),
      tags: z.array(z.string()).default([]),
      provider: z.string().nullable().default(null),
      games: z.array(z.string()).default([]),
      game_kinds: z.array(z.string()).default([]),
      starts_in_hours: z.number().int(),
      duration_hours: z.number().int().positive(),
      scoring: z.enum(TOURNAMENT_SCORINGS),
      min_bet: zAmount(),
      opt_in: z.boolean(),
      reset_on_cashout: z.boolean(),
      prizes: z.array(zAmount()).min(1),
    }),
  ),
});

const ZJackpots = z.object({
  jackpots: z.array(
    z.object({
      sysname: z.string().regex(/^[a-z0-9_]+$/),
      name: zWords(),
      games: z.array(z.string()).default([]),
      game_kinds: z.array(z.string()).default([]),
      min_bet: zAmount(),
      tiers: z
        .array(
          z.object({
            name: z.string(),
            contribution_percent: z.number().positive().max(10),
            seed: zAmount(),
            must_drop_by: zAmount(),
          }),
        )
        .min(1),
    }),
  ),
});

const read = <T extends z.ZodType>(dir: string, file: string, schema: T): z.output<T> =>
  schema.parse(JSON.parse(readFileSync(join(dir, 'competitions', file), 'utf8')));

const HOUR = 3_600_000;

export const seedCompetitions = async (ctx: TAppContext) => {
  const now = ctx.providers.clock.now().getTime();
  for (const t of read(ctx.contentDir, 'tournaments.json', ZTournaments).tournaments) {
    const startsAt = new Date(now + t.starts_in_hours * HOUR);
    await createTournament(ctx.db, {
      sysname: t.sysname,
      title: t.title,
      description: t.description,
      tags: t.tags,
      provider: t.provider,
      games: t.games,
      gameKinds: t.game_kinds,
      startsAt,
      endsAt: new Date(startsAt.getTime() + t.duration_hours * HOUR),
      scoring: t.scoring,
      minBet: t.min_bet,
      optIn: t.opt_in,
      resetOnCashout: t.reset_on_cashout,
      prizes: t.prizes.map((amount, i) => ({ place: i + 1, type: 'cash', amount: Number(amount) })),
    });
  }
  for (const j of read(ctx.contentDir, 'jackpots.json', ZJackpots).jackpots)
    await createJackpot(ctx.db, {
      sysname: j.sysname,
      name: j.name,
      games: j.games,
      gameKinds: j.game_kinds,
      minBet: j.min_bet,
      tiers: j.tiers.map((tier) => ({
        name: tier.name,
        contributionBp: Math.round(tier.contribution_percent * 100),
        seed: tier.seed,
        mustDropBy: tier.must_drop_by,
      })),
    });
  await ensureJackpotCycles(ctx);
};
