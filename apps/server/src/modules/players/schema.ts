import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface TProfileData {
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  sex?: number;
  birth_date?: string;
  document_type?: string;
  document_number?: string;
  region?: string;
  home_town?: string;
  address?: string;
  postcode?: string;
  confirm_sent?: boolean;
}

export const players = pgTable('players', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  login: text('login').notNull(),
  loginKey: text('login_key').notNull().unique(),
  email: text('email'),
  phone: text('phone'),
  phoneCountryCode: text('phone_country_code'),
  passwordHash: text('password_hash'),
  fakename: text('fakename'),
  locale: text('locale').notNull().default('en'),
  currency: text('currency').notNull().default('USD'),
  countryCode: text('country_code'),
  status: text('status', { enum: ['active', 'banned', 'deleted'] })
    .notNull()
    .default('active'),
  isSubscribed: boolean('is_subscribed').notNull().default(true),
  isOnVerification: boolean('is_on_verification').notNull().default(false),
  isVerified: boolean('is_verified').notNull().default(false),
  isKycBlockEnabled: boolean('is_kyc_block_enabled').notNull().default(false),
  isRegistrationCompleted: boolean('is_registration_completed').notNull().default(true),
  isBetting: boolean('is_betting').notNull().default(false),
  characterId: text('character_id'),
  promoCode: text('promo_code'),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  twoFactorSecret: text('two_factor_secret'),
  twoFactorPendingSecret: text('two_factor_pending_secret'),
  telegramId: text('telegram_id').unique(),
  profile: jsonb('profile').$type<TProfileData>().notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const playerContacts = pgTable('player_contacts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' })
    .notNull()
    .references(() => players.id),
  type: text('type', { enum: ['email', 'phone'] }).notNull(),
  value: text('value').notNull(),
  phoneCountryCode: text('phone_country_code'),
  isConfirmed: boolean('is_confirmed').notNull().default(false),
  isSubscribed: boolean('is_subscribed').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TPlayer = typeof players.$inferSelect;
export type TPlayerContact = typeof playerContacts.$inferSelect;
