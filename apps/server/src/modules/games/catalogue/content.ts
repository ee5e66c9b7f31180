/**
 * Reads the catalogue seed from content/games (games.json, providers.json, categories.json), checked by zod so
 * that a typo in the content stops the start with a clear message instead of seeding a broken game hall.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAME_LAYOUTS, GAME_TYPES, GAME_VOLATILITIES } from '@casino/contracts/calls/games';
import { z } from 'zod';

const zSysname = () => z.string().regex(/^[a-z0-9_]+$/, 'lower-case letters, digits and _ only');
const zAmount = () => z.string().regex(/^\d+\.\d{2}$/, 'an amount with 2 decimals, e.g. "0.10"');

export const ZContentGame = z.object({
  sysname: zSysname(),
  name: z.string().min(1),
  provider: zSysname(),
  type: z.enum(GAME_TYPES),
  categories: z.array(zSysname()),
  layout: z.enum(GAME_LAYOUTS),
  engine: z.string().min(1),
  params: z.record(z.string(), z.unknown()).default({}),
  rtp: z.string().regex(/^\d{1,3}\.\d{2}$/),
  volatility: z.enum(GAME_VOLATILITIES),
  lines: z.number().int().min(0),
  min_bet: zAmount(),
  max_bet: zAmount(),
  priority: z.number().int(),
  popularity: z.number().int(),
  released_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  description: z.string(),
  has_demo: z.boolean().default(true),
});
export type TContentGame = z.output<typeof ZContentGame>;

export const ZContentProvider = z.object({
  sysname: zSysname(),
  name: z.string().min(1),
  description: z.string(),
  priority: z.number().int(),
});
export const ZContentCategory = z.object({
  sysname: zSysname(),
  name: z.string().min(1),
  priority: z.number().int(),
  /** Its place among the home page's game rows (0 first); absent: not a home row. */
  home_position: z.number().int().min(0).max(999).optional(),
});

export interface TCatalogueContent {
  games: TContentGame[];
  providers: z.output<typeof ZContentProvider>[];
  categories: z.output<typeof ZContentCategory>[];
}

/** Paths of the artwork under content/, as the image route serves them. */
export const artPaths = {
  game: (sysname: string) => `games/art/games/${sysname}.svg`,
  gameVertical: (sysname: string) => `games/art/games/${sysname}-vertical.svg`,
  provider: (sysname: string) => `games/art/providers/${sysname}.svg`,
  category: (sysname: string) => `games/art/categories/${sysname}.svg`,
};

const readList = <T extends z.ZodType>(dir: string, file: string, schema: T): z.output<T>[] => {
  const parsed = z.array(schema).safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`content/games/${file} is invalid:\n${lines}`);
  }
  return parsed.data;
};

export const readCatalogueContent = (contentDir: string): TCatalogueContent => {
  const dir = join(contentDir, 'games');
  const content = {
    games: readList(dir, 'games.json', ZContentGame),
    providers: readList(dir, 'providers.json', ZContentProvider),
    categories: readList(dir, 'categories.json', ZContentCategory),
  };
  const providers = new Set(content.providers.map((p) => p.sysname));
  const categories = new Set(content.categories.map((c) => c.sysname));
  const seen = new Set<string>();
  for (const game of content.games) {
    const where = `content/games/games.json: ${game.sysname}`;
    if (seen.has(game.sysname)) throw new Error(`${where} is listed twice`);
    seen.add(game.sysname);
    if (!providers.has(game.provider)) throw new Error(`${where} names an unknown provider ${game.provider}`);
    for (const category of game.categories)
      if (!categories.has(category)) throw new Error(`${where} names an unknown category ${category}`);
  }
  return content;
};
