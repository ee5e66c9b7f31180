/** The wallet's tables (migrations/0210_wallet.sql is the truth; these declarations match it). */
import { bigint, bigserial, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const walletSessions = pgTable('wallet_sessions', {
  token: text('token').primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  provider: text('provider').notNull(),
  game: text('game').notNull(),
  mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const gameRounds = pgTable('game_rounds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  roundId: text('round_id').notNull(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  game: text('game').notNull(),
  mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
  betTotal: bigint('bet_total', { mode: 'bigint' }).notNull().default(0n),
  winTotal: bigint('win_total', { mode: 'bigint' }).notNull().default(0n),
  status: text('status', { enum: ['open', 'closed', 'rolled_back'] })
    .notNull()
    .default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const walletTransactions = pgTable('wallet_transactions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  transactionId: text('transaction_id').notNull(),
  type: text('type', { enum: ['bet', 'win', 'rollback'] }).notNull(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  roundId: text('round_id').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  referenceTransactionId: text('reference_transaction_id'),
  status: text('status', { enum: ['ok', 'rolled_back'] })
    .notNull()
    .default('ok'),
  ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
  fingerprint: text('fingerprint').notNull(),
  response: jsonb('response').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const walletRollbackMarks = pgTable(
  'wallet_rollback_marks',
  {
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    rollbackTransactionId: text('rollback_transaction_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.transactionId] })],
);

/** A visitor's play money (demo play without an account: visitor-wallet.ts). */
export const playVisitorWallets = pgTable('play_visitor_wallets', {
  visitor: text('visitor').primaryKey(),
  balance: bigint('balance', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const playVisitorMoves = pgTable('play_visitor_moves', {
  transactionId: text('transaction_id').primaryKey(),
  visitor: text('visitor').notNull(),
  kind: text('kind', { enum: ['bet', 'win', 'rollback'] }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  reference: text('reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
