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
