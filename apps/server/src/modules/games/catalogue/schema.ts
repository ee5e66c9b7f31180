/** The catalogue's tables (migration 0300): studios, categories, games, category membership, favourites. */
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const gameProviders = pgTable('game_providers', {
  sysname: text('sysname').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  logo: text('logo').notNull(),
  priority: integer('priority').notNull().default(0),
  isHidden: boolean('is_hidden').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const gameCategories = pgTable('game_categories', {
  sysname: text('sysname').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull(),
  priority: integer('priority').notNull().default(0),
  /** Its place among the home page's game rows (0 first); null: not a home row (migration 0940). */
  homePosition: integer('home_position'),
  isHidden: boolean('is_hidden').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const games = pgTable('games', {
  sysname: text('sysname').primaryKey(),
  name: text('name').notNull(),
  provider: text('provider').notNull(),
  type: text('type', {
    enum: ['slot', 'live', 'casino', 'fast', 'betting', 'logical', 'high_low'],
  }).notNull(),
  layout: text('layout', { enum: ['vertical', 'horizontal'] }).notNull(),
  engine: text('engine').notNull(),
  engineParams: jsonb('engine_params').$type<Record<string, unknown>>().notNull().default({}),
  rtp: numeric('rtp', { precision: 5, scale: 2 }).notNull(),
  volatility: text('volatility', { enum: ['low', 'medium', 'high'] }).notNull(),
  lines: integer('lines').notNull().default(0),
  minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
  maxBet: bigint('max_bet', { mode: 'bigint' }).notNull(),
  description: text('description').notNull().default(''),
  image: text('image').notNull(),
  imageVertical: text('image_vertical').notNull(),
  hasDemo: boolean('has_demo').notNull().default(true),
  priority: integer('priority').notNull().default(0),
  popularity: integer('popularity').notNull().default(0),
  releasedAt: date('released_at', { mode: 'string' }).notNull(),
  isHidden: boolean('is_hidden').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TGameRow = typeof games.$inferSelect;

export const gameCategoryGames = pgTable(
  'game_category_games',
  {
    category: text('category').notNull(),
    game: text('game').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.game] })],
);

export const gameLikes = pgTable(
  'game_likes',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    game: text('game').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.game] })],
);
