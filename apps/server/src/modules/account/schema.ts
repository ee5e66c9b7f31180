/** The account module's own table: pending contact confirmation codes (migration 0110). */
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const contactConfirmations = pgTable(
  'contact_confirmations',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    type: text('type', { enum: ['email', 'phone'] }).notNull(),
    contactValue: text('contact_value').notNull(),
    /** HMAC of the code; null once the code is void (too many wrong tries). */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.type] })],
);
