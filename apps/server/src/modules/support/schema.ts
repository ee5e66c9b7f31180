import { bigint, bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const feedbackMessages = pgTable('feedback_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }),
  email: text('email'),
  message: text('message').notNull(),
  locale: text('locale').notNull().default('en'),
  status: text('status', { enum: ['new', 'answered', 'closed'] })
    .notNull()
    .default('new'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const chatEvents = pgTable('chat_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
