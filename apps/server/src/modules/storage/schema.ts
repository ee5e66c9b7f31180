import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const playerStorage = pgTable(
  'player_storage',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.key] })],
);
