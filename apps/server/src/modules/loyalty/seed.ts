/**
 * Seeds the loyalty tables from content/loyalty/loyalty.json: rates, levels, programs, quests, products and
 * characters. A row already there (by sysname) is left alone: the operator may have edited it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TExecutor } from '../../platform/db/database.ts';

const ZTexts = z.record(z.string(), z.string());
const ZReward = z.object({ type: z.enum(['bonus', 'cash', 'points']), amount: z.number().int().positive() });

export const ZLoyaltyContent = z.object({
  pointRates: z.record(z.string(), z.number().int().min(0)),
  levels: z.array(
    z.object({
      sysname: z.string(),
      minPoints: z.number().min(0),
      image: z.string().nullable(),
      reward: ZReward.nullable(),
      name: ZTexts,
    }),
  ),
  programs: z.array(
    z.object({
      sysname: z.string(),
      kind: z.enum(['levels', 'quests']),
      priority: z.number().int(),
      image: z.string().nullable(),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
      title: ZTexts,
      description: ZTexts,
    }),
  ),
  quests: z.array(
    z.object({
      sysname: z.string(),
      program: z.string(),
      kind: z.enum(['wager_slots', 'deposit', 'distinct_games', 'big_win']),
      target: z.number().int().positive(),
      priority: z.number().int(),
      startsAt: z.string(),
      endsAt: z.string(),
      reward: ZReward,
      title: ZTexts,
      description: ZTexts,
    }),
  ),
  products: z.array(
    z.object({
      sysname: z.string(),
      type: z.enum(['bonus', 'cash', 'item', 'freespins']),
      price: z.number().positive(),
      stock: z.number().int().min(0).nullable(),
      limit: z.number().int().positive().nullable(),
      // Freespins: amount is the number of spins, game the slot, stake the cents of each spin.
      reward: z.object({
        amount: z.number().int().min(0),
        game: z.string().optional(),
        stake: z.number().int().positive().optional(),
      }),
      priority: z.number().int(),
      image: z.string().nullable(),
      title: ZTexts,
      description: ZTexts,
    }),
  ),
  characters: z.array(z.object({ sysname: z.string(), image: z.string(), name: ZTexts })),
});
export type TLoyaltyContent = z.output<typeof ZLoyaltyContent>;

export const readLoyaltyContent = (contentDir: string): TLoyaltyContent =>
  ZLoyaltyContent.parse(JSON.parse(readFileSync(join(contentDir, 'loyalty', 'loyalty.json'), 'utf8')));

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export const seedLoyalty = async (db: TExecutor, content: TLoyaltyContent) => {
  for (const [kind, percent] of Object.entries(content.pointRates))
    await db.execute(sql`insert into loyalty_point_rates (game_kind, percent) values (${kind}, ${percent})
                         on conflict (game_kind) do nothing`);
  for (const l of content.levels)
    await db.execute(sql`insert into loyalty_levels (sysname, min_points, name, image, reward)
      values (${l.sysname}, ${Math.round(l.minPoints * 100)}, ${json(l.name)}, ${l.image},
              ${l.reward ? json(l.reward) : null})
      on conflict do nothing`);
  for (const p of content.programs)
    await db.execute(sql`insert into loyalty_programs (sysname, kind, title, description, image, priority, starts_at, ends_at)
      values (${p.sysname}, ${p.kind}, ${json(p.title)}, ${json(p.description)}, ${p.image}, ${p.priority},
              ${p.startsAt}::timestamptz, ${p.endsAt}::timestamptz)
      on conflict (sysname) do nothing`);
  for (const q of content.quests)
    await db.execute(sql`insert into loyalty_quests
        (program_id, sysname, kind, target, title, description, reward, priority, starts_at, ends_at)
      select p.id, ${q.sysname}, ${q.kind}, ${q.target}, ${json(q.title)}, ${json(q.description)}, ${json(q.reward)},
             ${q.priority}, ${q.startsAt}::timestamptz, ${q.endsAt}::timestamptz
        from loyalty_programs p where p.sysname = ${q.program}
      on conflict (sysname) do nothing`);
  for (const p of content.products)
    await db.execute(sql`insert into loyalty_products
        (sysname, type, price, stock, per_player_limit, reward, title, description, image, priority)
      values (${p.sysname}, ${p.type}, ${Math.round(p.price * 100)}, ${p.stock}, ${p.limit}, ${json(p.reward)},
              ${json(p.title)}, ${json(p.description)}, ${p.image}, ${p.priority})
      on conflict (sysname) do nothing`);
  let priority = content.characters.length;
  for (const c of content.characters)
    await db.execute(sql`insert into loyalty_characters (sysname, name, image, priority)
      values (${c.sysname}, ${json(c.name)}, ${c.image}, ${priority--})
      on conflict (sysname) do nothing`);
};
