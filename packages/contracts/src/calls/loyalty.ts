/**
 * The loyalty calls of spec §7 (namespace `loyalty`; §3 Loyalty): points, levels with their progress, programs and
 * quests, the shop, characters and the loyalty notifications. Points are shown with 2 decimals; money in major units.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zEmpty, zId, zInt, zText } from '../call.ts';
import { ZBonusItem } from './bonuses.ts';

/** Spec §9: percent = (expCount - minValue) / (maxValue - minValue) * 100, kept within 0..100. */
export const levelPercent = (p: { minValue: number; maxValue: number; expCount: number }) => {
  if (p.maxValue <= p.minValue) return p.expCount >= p.minValue ? 100 : 0;
  const raw = ((p.expCount - p.minValue) / (p.maxValue - p.minValue)) * 100;
  return Math.min(100, Math.max(0, Math.round(raw * 100) / 100));
};

/** Spec §3 Level progress: the level's band of lifetime points and where the player stands in it. */
export const ZLevelProgress = z.object({
  minValue: z.number(),
  maxValue: z.number(),
  expCount: z.number(),
  percent: z.number(),
});

export const ZLoyaltyReward = z.object({
  type: z.enum(['bonus', 'cash', 'points', 'item', 'freespins']),
  /** Money in major units, points, or (freespins) the number of spins. */
  amount: z.number(),
  /** Freespins: the slot they are played on. */
  game: z.string().optional(),
});
export type TLoyaltyReward = z.output<typeof ZLoyaltyReward>;

export const ZLoyaltyLevel = z.object({
  id: z.number().int(),
  sysname: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** Lifetime points where the level starts. */
  min_points: z.number(),
  is_reached: z.boolean(),
  is_current: z.boolean(),
  reward: ZLoyaltyReward.nullable(),
  progress: ZLevelProgress,
});
export type TLoyaltyLevel = z.output<typeof ZLoyaltyLevel>;

export const ZLoyaltyCharacter = z.object({
  id: z.number().int(),
  sysname: z.string(),
  name: z.string(),
  image: z.string(),
});
export type TLoyaltyCharacter = z.output<typeof ZLoyaltyCharacter>;

export const ZLoyaltyInfo = z.object({
  id: z.number().int(),
  is_active: z.boolean(),
  /** Points to spend. */
  points: z.number(),
  /** Points ever earned (levels are reached on these). */
  lifetime_points: z.number(),
  /** Spec §3: null when the player has none (never an empty array). */
  character: ZLoyaltyCharacter.nullable(),
  levels: z.array(ZLoyaltyLevel),
  pointsAlias: z.string(),
  uid: z.number().int(),
});
export type TLoyaltyInfo = z.output<typeof ZLoyaltyInfo>;

export const ZGetLoyaltyInfo = defineCall({
  name: 'loyalty.getinfo',
  method: 'GET',
  access: 'user',
  summary: "The player's points, level ladder with progress (§9 percent), character and the points' name.",
  params: zEmpty(),
  data: ZLoyaltyInfo,
});

export const QUEST_KINDS = ['wager_slots', 'deposit', 'distinct_games', 'big_win'] as const;

export const ZLoyaltyQuest = z.object({
  id: z.number().int(),
  sysname: z.string(),
  kind: z.enum(QUEST_KINDS),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** Money quests (wager) in major units, others in counts. */
  target: z.number(),
  progress: z.number(),
  percent: z.number(),
  is_completed: z.boolean(),
  reward: ZLoyaltyReward,
  start_date: z.string(),
  end_date: z.string(),
});
export type TLoyaltyQuest = z.output<typeof ZLoyaltyQuest>;

export const ZLoyaltyProgram = z.object({
  id: z.number().int(),
  sysname: z.string(),
  kind: z.enum(['levels', 'quests']),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** A quests program's quests (progress 0 for a visitor). */
  quests: z.array(ZLoyaltyQuest),
  /** A levels program's ladder (the caller's progress; 0 for a visitor). */
  levels: z.array(ZLoyaltyLevel),
});
export type TLoyaltyProgram = z.output<typeof ZLoyaltyProgram>;

export const ZGetPrograms = defineCall({
  name: 'loyalty.getPrograms',
  method: 'GET',
  access: 'any',
  summary:
    'The running loyalty programs (the VIP ladder, quest seasons) with their quests and the caller’s progress.',
  params: zEmpty(),
  data: z.object({ items: z.array(ZLoyaltyProgram) }),
});

export const ZGetProgram = defineCall({
  name: 'loyalty.getProgram',
  method: 'GET',
  access: 'any',
  summary:
    'One program by sysname; InvalidParameterException { sysname: wrongField } when none runs under that name.',
  params: z
    .object({ sysname: zText().pipe(z.string().min(1, 'requiredField').max(64, 'maxLength')) })
    .loose(),
  data: ZLoyaltyProgram,
});

export const ZLoyaltyProduct = z.object({
  id: z.number().int(),
  sysname: z.string(),
  type: z.enum(['bonus', 'cash', 'item', 'freespins']),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  price: z.number(),
  /** Units left; null when unlimited. */
  stock: z.number().int().nullable(),
  /** How many one player may buy; null when unlimited. */
  limit: z.number().int().nullable(),
  /** How many this player bought (0 for a visitor). */
  bought: z.number().int(),
  reward: ZLoyaltyReward,
});
export type TLoyaltyProduct = z.output<typeof ZLoyaltyProduct>;

export const ZGetProducts = defineCall({
  name: 'loyalty.getproducts',
  method: 'GET',
  access: 'any',
  summary: 'The loyalty shop: products with their price in points, stock and per-player limit.',
  params: z
    .object({
      offset: zInt({ min: 0, fallback: 0 }),
      limit: zInt({ min: 1, max: 100, fallback: 50 }),
    })
    .loose(),
  data: z.object({
    items: z.array(ZLoyaltyProduct),
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});

/** Field codes buyproduct answers on `id`. */
export const BUY_REFUSALS = ['notEnoughPoints', 'outOfStock', 'limitReached', 'wrongField'] as const;

export const ZBuyProduct = defineCall({
  name: 'loyalty.buyproduct',
  method: 'POST',
  access: 'user',
  summary:
    'Spends the price in points and grants the product in one transaction; a bonus product answers its bonus (active, or waiting in the bonus queue at its place). Refusals on `id`: notEnoughPoints, outOfStock, limitReached.',
  params: z.object({ id: zId('integer') }).loose(),
  data: z.object({
    order_id: z.number().int(),
    points: z.number(),
    product: ZLoyaltyProduct,
    bonus_item: ZBonusItem.nullable(),
  }),
});

export const ZGetCharacters = defineCall({
  name: 'loyalty.getcharacters',
  method: 'GET',
  access: 'any',
  summary: 'The characters a player may pick (registration, profile).',
  params: z
    .object({
      offset: zInt({ min: 0, fallback: 0 }),
      limit: zInt({ min: 1, max: 100, fallback: 50 }),
    })
    .loose(),
  data: z.object({
    items: z.array(ZLoyaltyCharacter),
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});

export const ZSetCharacter = defineCall({
  name: 'loyalty.setcharacter',
  method: 'POST',
  access: 'user',
  summary: "Sets the player's character.",
  params: z.object({ id: zId('integer') }).loose(),
  data: z.object({ character: ZLoyaltyCharacter }),
});

export const NOTIFICATION_TRIGGERS = [
  'level_up',
  'quest_completed',
  'product_bought',
  'points_adjusted',
] as const;

export const ZLoyaltyNotification = z.object({
  id: z.number().int(),
  trigger: z.enum(NOTIFICATION_TRIGGERS),
  type: z.enum(['credit', 'other']),
  title: z.string(),
  message: z.string(),
  amount: z.number().nullable(),
  /** money (major units of the player's currency) or points. */
  amountType: z.enum(['money', 'points']).nullable(),
  image: z.string().nullable(),
});
export type TLoyaltyNotification = z.output<typeof ZLoyaltyNotification>;

export const ZGetNotifications = defineCall({
  name: 'loyalty.getnotifications',
  method: 'GET',
  access: 'user',
  summary: 'Loyalty notices not shown yet (level-up, quest completed, purchase); each is answered once.',
  params: zEmpty(),
  data: z.object({ items: z.array(ZLoyaltyNotification) }),
});

export const ZPointsHistoryEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['bet', 'rollback', 'purchase', 'reward', 'adjustment']),
  /** Signed points. */
  points: z.number(),
  /** The game, product, level or quest (translated), or the operator's reason. */
  label: z.string(),
  date: z.string(),
});

/** Not in spec §7: /profile/loyalty's points history (§ issue 13), read from the points ledger. */
export const ZGetPointsHistory = defineCall({
  name: 'loyalty.gethistory',
  method: 'GET',
  access: 'user',
  summary: "The player's points-ledger entries, newest first.",
  params: z.object({ limit: zInt({ min: 1, max: 100, fallback: 30 }) }).loose(),
  data: z.object({ items: z.array(ZPointsHistoryEntry) }),
});

/** Spec §3 Loyalty config, from the site config's `loyalty` section. */
export const CHARACTER_PLACES = ['profile-page', 'loyalty-page', 'profile-loyalty-pages'] as const;
/**
 * Spec §3 Loyalty config, the site config's `loyalty` section. isEnableLoyalty and isEnableCharacters are served
 * from the site's feature flags (features.isLoyaltyEnable / isCharactersEnable, the back-office's switches): one
 * switch each, whatever the section holds.
 */
export const ZLoyaltyConfig = z.object({
  isEnableLoyalty: z.boolean().default(true),
  isEnableCharacters: z.boolean().default(true),
  coinIcon: z.string().default('/images/loyalty/coin.svg'),
  placesWhereDisplayedCharacters: z.array(z.enum(CHARACTER_PLACES)).default([...CHARACTER_PLACES]),
  tutorialUrl: z.string().default(''),
  notification: z
    .object({ duration: z.number().positive().default(5), sound: z.boolean().default(false) })
    .default({ duration: 5, sound: false }),
});
export type TLoyaltyConfig = z.output<typeof ZLoyaltyConfig>;

export const loyaltyCalls: TCallContract[] = [
  ZGetLoyaltyInfo,
  ZGetPrograms,
  ZGetProgram,
  ZGetProducts,
  ZBuyProduct,
  ZGetCharacters,
  ZSetCharacter,
  ZGetNotifications,
  ZGetPointsHistory,
];
