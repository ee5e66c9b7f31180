import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

/** One FAQ per locale: seeded from the messages files while unedited (edited_at null), then the operator's. */
export const faqLists = pgTable('faq_lists', {
  locale: text('locale').primaryKey(),
  sourceHash: text('source_hash').notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const faqItems = pgTable(
  'faq_items',
  {
    locale: text('locale').notNull(),
    id: text('id').notNull(),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.id] })],
);
