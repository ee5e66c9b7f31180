/** The sandbox provider's table (migrations 0220_cashier_payments.sql and 1120 are the truth). */
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const sandboxPaymentSessions = pgTable('sandbox_payment_sessions', {
  id: text('id').primaryKey(),
  transactionId: text('transaction_id').notNull().unique(),
  method: text('method').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status', {
    enum: ['open', 'challenge', 'pending', 'paid', 'failed', 'cancelled', 'voided', 'refunded'],
  }).notNull(),
  otp: text('otp'),
  otpAttempts: integer('otp_attempts').notNull().default(0),
  cardLast4: text('card_last4'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
