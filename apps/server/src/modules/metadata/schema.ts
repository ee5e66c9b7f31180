import { boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One operator setting per key (site-config, registration-config, general-info, chat, seo, redirects, custom-code). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  sourceHash: text('source_hash').notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cmsConfigs = pgTable('cms_configs', {
  locale: text('locale').primaryKey(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  sourceHash: text('source_hash').notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contentPages = pgTable(
  'content_pages',
  {
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    body: text('body').notNull(),
    /** Hidden from the site (404) but kept and listed in the back-office. */
    hidden: boolean('hidden').notNull().default(false),
    sourceHash: text('source_hash').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.locale] })],
);
