/**
 * The games catalogue calls of spec §7 (namespace `games`): the game hall list with its filters, the studios
 * (providers), the categories and the player's favourites (likes). Play, fairness and history come later.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zInt, zJsonText, zList, zText } from '../call.ts';
import { GAMES_MAX_PAGE_SIZE, GAMES_PAGE_SIZE } from '../games-paging.ts';

export { GAMES_MAX_PAGE_SIZE, GAMES_PAGE_SIZE };

/** Game kinds of spec §3. `betting` is the sportsbook. */
export const GAME_TYPES = ['slot', 'live', 'casino', 'fast', 'betting', 'logical', 'high_low'] as const;
export type TGameType = (typeof GAME_TYPES)[number];
export const GAME_LAYOUTS = ['vertical', 'horizontal'] as const;
export const GAME_VOLATILITIES = ['low', 'medium', 'high'] as const;
/** The sysname that detects the sportsbook (spec §7). */
export const SPORTSBOOK_SYSNAME = 'dgt_sportsbook';
/** Spec §9: game types the provider list counts by default. */
export const PROVIDER_GAME_TYPES: TGameType[] = ['casino', 'slot', 'live', 'fast'];

/** What `sort_options` may name; the default is `priority` ascending (spec §9). */
export const GAME_SORT_KEYS = [
  'priority',
  'name',
  'popularity',
  'released_at',
  'rtp',
  'min_bet',
  'max_bet',
] as const;
export type TGameSortKey = (typeof GAME_SORT_KEYS)[number];

/** Every key a game item may carry; `fields` restricts an answer to some of them. */
export const GAME_FIELDS = [
  'sysname',
  'name',
  'provider',
  'type',
  'categories',
  'layout',
  'image_url',
  'description',
  'rtp',
  'volatility',
  'lines',
  'min_bet',
  'max_bet',
  'has_demo',
  'released_at',
  'priority',
  'popularity',
] as const;
export type TGameField = (typeof GAME_FIELDS)[number];

export const ZGame = z.object({
  sysname: z.string(),
  name: z.string(),
  provider: z.string(),
  type: z.enum(GAME_TYPES),
  categories: z.array(z.string()),
  layout: z.enum(GAME_LAYOUTS),
  /** The tile in the game's own layout, through `/_ipx/` (webp, quality 95). */
  image_url: z.string(),
  /** Spec §3: description.name and description.img_288_192 (the horizontal tile at 288 × 192). */
  description: z.object({ name: z.string(), img_288_192: z.string(), text: z.string() }),
  /** Theoretical return to player in percent, 2 decimals (rounded down from the engine's exact figure). */
  rtp: z.number(),
  volatility: z.enum(GAME_VOLATILITIES),
  lines: z.number().int(),
  min_bet: z.number(),
  max_bet: z.number(),
  has_demo: z.boolean(),
  /** yyyy-mm-dd */
  released_at: z.string(),
  priority: z.number().int(),
  popularity: z.number().int(),
});
export type TGame = z.output<typeof ZGame>;

/** `options` (JSON text): the filters that have no param of their own. */
export const ZGameOptions = z.strictObject(
  {
    layout: z.enum(GAME_LAYOUTS).optional(),
    volatility: z.union([z.enum(GAME_VOLATILITIES), z.array(z.enum(GAME_VOLATILITIES))]).optional(),
    min_rtp: z.number().min(0).max(100).optional(),
    max_rtp: z.number().min(0).max(100).optional(),
    /** Leave these games out (e.g. the one on screen, under "more games"). */
    exclude_sysnames: z.array(z.string()).max(300).optional(),
    /** Only the signed-in player's favourites. */
    liked: z.boolean().optional(),
  },
  { error: 'wrongField' },
);
export type TGameOptions = z.output<typeof ZGameOptions>;

/** A comma list whose items must all be known values; one unknown item fails the whole field. */
const zEnumList = <T extends readonly [string, ...string[]]>(values: T) =>
  zList().transform((items, ctx) => {
    if (items.some((item) => !values.includes(item))) {
      ctx.addIssue({ code: 'custom', message: 'wrongField' });
      return z.NEVER;
    }
    return items as T[number][];
  });

/** `options` as JSON text: any fault in it (bad JSON, unknown key, bad value) is one `wrongField`. */
const zGameOptions = () =>
  zJsonText(z.unknown()).transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parsed = ZGameOptions.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'wrongField' });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * `sort_options`: a comma list of sort keys, the first one leading; each may carry its own direction as
 * `name:desc` or `-name`, else `order` (asc by default) applies.
 */
const zSortOptions = () =>
  zList().transform((items, ctx) => {
    const out: { key: TGameSortKey; desc: boolean | null }[] = [];
    for (const item of items) {
      const match = /^(-)?([a-z_]+)(?::(asc|desc))?$/i.exec(item);
      const key = match?.[2]?.toLowerCase() as TGameSortKey | undefined;
      if (!match || !key || !GAME_SORT_KEYS.includes(key) || (match[1] && match[3])) {
        ctx.addIssue({ code: 'custom', message: 'wrongField' });
        return z.NEVER;
      }
      out.push({ key, desc: match[1] ? true : match[3] ? match[3].toLowerCase() === 'desc' : null });
    }
    return out;
  });

export const ZGetGamesParams = z.object({
  offset: zInt({ min: 0, fallback: 0 }),
  count: zInt({ min: 1, max: GAMES_MAX_PAGE_SIZE, fallback: GAMES_PAGE_SIZE }),
  fields: zEnumList(GAME_FIELDS),
  sort_options: zSortOptions(),
  order: zText().pipe(z.enum(['', 'asc', 'desc'], { error: 'wrongField' })),
  sysnames: zList(),
  options: zGameOptions(),
  /** A name search, case-insensitive. */
  query: zText().pipe(z.string().max(100, { error: 'wrongField' })),
  types: zEnumList(GAME_TYPES),
  providers: zList(),
  category: zText(),
});
export type TGetGamesParams = z.output<typeof ZGetGamesParams>;

export const ZGamesGet = defineCall({
  name: 'games.get',
  method: 'GET',
  access: 'any',
  summary:
    'The game hall: filter by sysnames, name query, types, providers, category and options (JSON); sort by sort_options and order (default priority asc); page with offset and count; restrict keys with fields. The sportsbook (dgt_sportsbook, type betting) is listed only when asked for by sysname or type.',
  params: ZGetGamesParams,
  data: z.object({ items: z.array(ZGame.partial()), total: z.number().int() }),
});

export const ZProvider = z.object({
  sysname: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  priority: z.number().int(),
  /** Spec §3: game_params — how many visible games the studio has, in all and by type. */
  game_params: z.object({ games_count: z.number().int(), types: z.record(z.string(), z.number().int()) }),
});

export const ZGetProviders = defineCall({
  name: 'games.getProviders',
  method: 'GET',
  access: 'any',
  summary:
    'The studios with at least one visible game of the given types (default casino, slot, live, fast), priority asc.',
  params: z.object({
    fields: zEnumList(['game_params'] as const),
    types: zEnumList(GAME_TYPES),
  }),
  data: z.array(ZProvider.partial({ game_params: true })),
});

export const ZCategory = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string(),
  priority: z.number().int(),
  /** Its place among the home page's game rows (0 first); null: not a home row. */
  home_position: z.number().int().nullable(),
  games_count: z.number().int(),
});

export const ZGetCategories = defineCall({
  name: 'games.getCategories',
  method: 'GET',
  access: 'any',
  summary:
    'The game hall categories in order, each with its count of visible games; empty categories are left out.',
  params: z.object({}).loose(),
  data: z.array(ZCategory),
});

const ZLikes = z.object({ sysnames: z.array(z.string()) });

export const ZGetLikes = defineCall({
  name: 'games.getLikes',
  method: 'GET',
  access: 'user',
  summary: "The signed-in player's favourite games as sysnames, newest first; `sysnames` narrows the answer.",
  params: z.object({ sysnames: zList() }),
  data: ZLikes,
});

const zSysname = () =>
  zText().pipe(z.string().min(1, { error: 'requiredField' }).max(100, { error: 'wrongField' }));

export const ZAddLike = defineCall({
  name: 'games.addLike',
  method: 'POST',
  access: 'user',
  summary:
    'Adds a game to the favourites (idempotent); answers the favourites. An unknown sysname is invalid.',
  params: z.object({ sysname: zSysname() }),
  data: ZLikes,
});

export const ZRemoveLike = defineCall({
  name: 'games.removeLike',
  method: 'POST',
  access: 'user',
  summary:
    'Removes a game from the favourites (idempotent); answers the favourites. An unknown sysname is invalid.',
  params: z.object({ sysname: zSysname() }),
  data: ZLikes,
});

export const gamesCalls: TCallContract[] = [
  ZGamesGet,
  ZGetProviders,
  ZGetCategories,
  ZGetLikes,
  ZAddLike,
  ZRemoveLike,
];
