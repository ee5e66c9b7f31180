/**
 * Jackpots (spec §7 Jackpots.get, Jackpots.getWinners): progressive pools in tiers, amounts in major units. Each
 * tier's drop point is committed before its cycle (seed_hash = SHA-256 of the server seed) and revealed after the
 * drop (a winner's server_seed): drop_at = seed + floor(u × (must_drop_by − seed)), u = the first 4 bytes of
 * HMAC-SHA256(key = server seed, message = tier id) as a big-endian integer ÷ 2^32. Live: socket topic
 * competitions.jackpots (amounts) and competitions.jackpot_won.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zId, zInt } from '../call.ts';

export const ZJackpotTier = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The pool now: the whole cents on the ledger, what a drop pays. */
  amount: z.number(),
  /**
   * The pool to a ten-thousandth of a cent, major units with 6 decimals ("10.005000"): `amount` and the shares of
   * stakes not yet a whole cent, carried by the pool. It grows with every eligible stake.
   */
  amount_exact: z.string(),
  seed: z.number(),
  must_drop_by: z.number(),
  /** Percent of each eligible stake that feeds this tier. */
  contribution_percent: z.number(),
  /** SHA-256 of the current cycle's server seed (null between a drop and the next cycle). */
  seed_hash: z.string().nullable(),
});

export const ZJackpot = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  image_url: z.string().nullable(),
  min_bet: z.number(),
  games: z.array(z.string()),
  game_kinds: z.array(z.string()),
  /** Games switched off for this jackpot in the back-office: their stakes never feed it. */
  excluded_games: z.array(z.string()).optional(),
  /** The tiers' pools together. */
  amount: z.number(),
  /** The tiers' exact pools together (as a tier's `amount_exact`). */
  amount_exact: z.string(),
  tiers: z.array(ZJackpotTier),
});
export type TJackpot = z.output<typeof ZJackpot>;

export const ZJackpotWinner = z.object({
  id: z.number().int(),
  jackpot_id: z.number().int(),
  jackpot_name: z.string(),
  tier: z.string(),
  tier_id: z.number().int(),
  /** The player's fakename (or masked login). */
  player: z.string(),
  amount: z.number(),
  currency: z.string(),
  game: z.string(),
  won_at: z.string(),
  /** The proof: the revealed seed, its committed hash and the drop point they give. */
  server_seed: z.string(),
  seed_hash: z.string(),
  drop_at: z.number(),
  seed: z.number(),
  must_drop_by: z.number(),
});
export type TJackpotWinner = z.output<typeof ZJackpotWinner>;

export const ZGetJackpots = defineCall({
  name: 'Jackpots.get',
  method: 'GET',
  access: 'any',
  summary: 'Active jackpots with their tiers and current pools; `id` narrows to one.',
  params: z.object({ id: zId('bigint', { fallback: 0 }) }),
  data: z.array(ZJackpot),
});

export const ZGetJackpotWinners = defineCall({
  name: 'Jackpots.getWinners',
  method: 'GET',
  access: 'any',
  summary:
    'Past jackpot drops, newest first, each with its fairness proof; `jackpot_id` narrows to one jackpot.',
  params: z.object({
    jackpot_id: zId('bigint', { fallback: 0 }),
    offset: zInt({ min: 0, fallback: 0 }),
    count: zInt({ min: 1, max: 100, fallback: 20 }),
  }),
  data: z.object({ items: z.array(ZJackpotWinner), count: z.number().int() }),
});

export const jackpotsCalls: TCallContract[] = [ZGetJackpots, ZGetJackpotWinners];
