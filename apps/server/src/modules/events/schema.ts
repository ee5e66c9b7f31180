import { bigint, bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const trackedEvents = pgTable('tracked_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }),
  name: text('name').notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const beaconHits = pgTable('beacon_hits', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }),
  referer: text('referer'),
  params: jsonb('params').$type<Record<string, string>>().notNull(),
  seonSession: text('seon_session'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const visitorFirstTouches = pgTable('visitor_first_touches', {
  visitor: text('visitor').primaryKey(),
  referer: text('referer'),
  landingPath: text('landing_path'),
  params: jsonb('params').$type<Record<string, string>>().notNull(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
});

export const playerFirstTouches = pgTable('player_first_touches', {
  playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
  referer: text('referer'),
  landingPath: text('landing_path'),
  params: jsonb('params').$type<Record<string, string>>().notNull(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
});
