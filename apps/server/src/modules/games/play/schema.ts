/** The play tables (migrations 0310, 0311), declared for Drizzle; the services use SQL for row locks and upserts. */
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const fairSeedPairs = pgTable('fair_seed_pairs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }),
  visitor: text('visitor'),
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull().default(0),
  status: text('status', { enum: ['active', 'revealed'] })
    .notNull()
    .default('active'),
  createdAt: ts('created_at').notNull(),
  revealedAt: ts('revealed_at'),
});

export const liveTableRounds = pgTable('live_table_rounds', {
  id: text('id').primaryKey(),
  sysname: text('sysname').notNull(),
  tableName: text('table_name').notNull(),
  seq: integer('seq').notNull(),
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  phase: text('phase', { enum: ['betting', 'spinning', 'settled', 'flying', 'crashed'] }).notNull(),
  openedAt: ts('opened_at').notNull(),
  closesAt: ts('closes_at').notNull(),
  pocket: integer('pocket'),
  spunAt: ts('spun_at'),
  // crash tables (migration 0311)
  crashPoint: integer('crash_point'),
  crashedAt: ts('crashed_at'),
  heartbeatAt: ts('heartbeat_at'),
  interrupted: boolean('interrupted').notNull().default(false),
});

/** A crash round's bets as the players list shows them (migration 0311); the money is in play_rounds. */
export const crashBets = pgTable('crash_bets', {
  roundId: text('round_id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  tableRoundId: text('table_round_id').notNull(),
  sysname: text('sysname').notNull(),
  playerName: text('player_name').notNull(),
  mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
  stake: bigint('stake', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  autoCashout: integer('auto_cashout'),
  status: text('status', { enum: ['open', 'cashed_out', 'lost', 'returned'] })
    .notNull()
    .default('open'),
  cashout: integer('cashout'),
  win: bigint('win', { mode: 'bigint' }).notNull().default(0n),
  createdAt: ts('created_at').notNull(),
  settledAt: ts('settled_at'),
});

export const playRounds = pgTable('play_rounds', {
  id: text('id').primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }),
  visitor: text('visitor'),
  sysname: text('sysname').notNull(),
  game: text('game').notNull(),
  engineParams: jsonb('engine_params').$type<Record<string, unknown>>().notNull().default({}),
  mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
  pairId: bigint('pair_id', { mode: 'number' }),
  liveRoundId: text('live_round_id'),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  actions: text('actions').notNull(),
  state: text('state'),
  outcome: text('outcome'),
  status: text('status', { enum: ['open', 'finished', 'rolled_back'] })
    .notNull()
    .default('open'),
  staked: bigint('staked', { mode: 'bigint' }).notNull().default(0n),
  win: bigint('win', { mode: 'bigint' }).notNull().default(0n),
  currency: text('currency').notNull().default('USD'),
  freespinsPackId: bigint('freespins_pack_id', { mode: 'number' }),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  finishedAt: ts('finished_at'),
});

export const playWalletSessions = pgTable(
  'play_wallet_sessions',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    sysname: text('sysname').notNull(),
    mode: text('mode').notNull(),
    token: text('token').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.sysname, t.mode] })],
);

export const gameFreespinsPacks = pgTable('game_freespins_packs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  sysname: text('sysname').notNull(),
  remainingCount: integer('remaining_count').notNull(),
  initialCount: integer('initial_count').notNull(),
  stake: bigint('stake', { mode: 'bigint' }).notNull(),
  source: text('source').notNull().default(''),
  expiresAt: ts('expires_at'),
  grantKey: text('grant_key'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const gameWinners = pgTable('game_winners', {
  roundId: text('round_id').primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  playerName: text('player_name').notNull(),
  sysname: text('sysname').notNull(),
  bet: bigint('bet', { mode: 'bigint' }).notNull(),
  win: bigint('win', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const gameHistoryExports = pgTable('game_history_exports', {
  id: text('id').primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
  status: text('status', { enum: ['pending', 'ready', 'failed'] })
    .notNull()
    .default('pending'),
  rows: integer('rows'),
  csv: text('csv'),
  createdAt: ts('created_at').notNull(),
  finishedAt: ts('finished_at'),
});
