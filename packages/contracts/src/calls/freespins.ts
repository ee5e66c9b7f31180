/**
 * freespins.get (spec §7: fields description, status active, count 99): the player's freespins packs, each with
 * its slot (game.sysname) and the spins left (remaining_count, §3 Freespins pack), the stake of each spin and when
 * the pack lapses. The winnings of a pack become a bonus with its own wagering.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zInt, zList, zText } from '../call.ts';

export const ZFreespinsItem = z.object({
  id: z.number().int(),
  status: z.enum(['active', 'used']),
  game: z.object({ sysname: z.string(), name: z.string() }),
  remaining_count: z.number().int(),
  count: z.number().int(),
  /** The stake of each spin, major units. */
  bet: z.number(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type TFreespinsItem = z.output<typeof ZFreespinsItem>;

export const ZFreespinsGet = defineCall({
  name: 'freespins.get',
  method: 'GET',
  access: 'user',
  summary:
    "The player's freespins packs, newest first; status=active: those with spins left that have not lapsed (the slot screen plays them before any stake).",
  params: z
    .object({
      status: zText().pipe(z.enum(['', 'active'], { error: 'wrongField' })),
      offset: zInt({ min: 0, fallback: 0 }),
      count: zInt({ min: 1, max: 99, fallback: 99 }),
      fields: zList(),
    })
    .loose(),
  data: z.object({ count: z.number().int(), items: z.array(ZFreespinsItem) }),
});

export const freespinsCalls: TCallContract[] = [ZFreespinsGet];
