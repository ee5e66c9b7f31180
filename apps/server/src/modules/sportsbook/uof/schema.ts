/** The UOF adapter's table (migration 1300): the order each event's messages were applied in (event-order.ts). */
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const sbUofEventOrder = pgTable(
  'sb_uof_event_order',
  {
    eventId: text('event_id').notNull(),
    stream: text('stream').notNull(),
    ts: bigint('ts', { mode: 'number' }).notNull(),
    types: text('types').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.stream] })],
);
