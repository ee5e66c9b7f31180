/**
 * Campaign popups (popups.get): the live popups for a page and a visitor or player, highest priority first, in the
 * request's locale. Targeting is decided here: the audience (visitors, players, all), the pages (path prefixes,
 * none: every page), the window, and responsible gaming (none while marketing is paused: a player in a time-out or
 * self-exclusion, or the browser that met one, responsible-gaming/marketing-pause.ts). How
 * often a popup shows (`frequency`) the site applies. `popup=<id>` answers one popup in preview, whatever its
 * targeting (the back-office preview and `#popup-preview`).
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TPopup } from '@casino/contracts/calls/popups';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb, TExecutor } from '../../platform/db/database.ts';
import { ipxUrl } from '../../platform/images.ts';
import { contentHash } from '../i18n/index.ts';
import { audiencesOfPlayer, isInAudience } from '../players/index.ts';
import { campaignPopups, type TCampaignPopup } from './schema.ts';
import { isTargeted } from './targeting.ts';

const DEFAULT_LOCALE = 'en';
const IMAGE_SIZE = 320;

/** Does `page` (a path without locale) fall under one of the popup's page prefixes? */
export const matchesPage = (pages: readonly string[], page: string) =>
  pages.length === 0 ||
  pages.some((prefix) =>
    prefix === '/' ? page === '/' || page === '' : page === prefix || page.startsWith(`${prefix}/`),
  );

const isLive = (popup: TCampaignPopup, now: Date) =>
  popup.isActive &&
  popup.retiredAt === null &&
  (popup.startsAt === null || popup.startsAt.getTime() <= now.getTime()) &&
  (popup.endsAt === null || now.getTime() < popup.endsAt.getTime());

export const popupView = (popup: TCampaignPopup, locale: string): TPopup => {
  const texts = popup.content.texts;
  const words = texts[locale] ?? texts[DEFAULT_LOCALE] ?? { title: popup.sysname, text: '' };
  return {
    id: popup.id,
    title: words.title,
    text: words.text,
    button: words.button && popup.content.url ? { label: words.button, url: popup.content.url } : null,
    image: popup.content.image
      ? ipxUrl(popup.content.image, { width: IMAGE_SIZE, height: IMAGE_SIZE })
      : null,
    frequency: popup.frequency,
    priority: popup.priority,
  };
};

export const listPopups = async (
  db: TExecutor,
  input: {
    isPaused: boolean;
    playerId: number | null;
    /** The player's country (null: a visitor or none known). */
    country?: string | null;
    page: string;
    preview: number;
    locale: string;
    now: Date;
  },
) => {
  if (input.preview > 0) {
    const [one] = await db.select().from(campaignPopups).where(eq(campaignPopups.id, input.preview));
    return { count: one ? 1 : 0, items: one ? [popupView(one, input.locale)] : [] };
  }
  if (input.isPaused) return { count: 0, items: [] };
  const audience = input.playerId === null ? 'visitors' : 'players';
  const shown = (
    await db.select().from(campaignPopups).orderBy(desc(campaignPopups.priority), campaignPopups.id)
  ).filter(
    (p) =>
      isLive(p, input.now) &&
      (p.audience === 'all' || p.audience === audience) &&
      matchesPage(p.pages, input.page) &&
      isTargeted(p, { locale: input.locale, country: input.country ?? null }),
  );
  // A segment-targeted popup (ADR 068) shows to the segment's players only, tested once for the page's popups.
  const memberOf = await audiencesOfPlayer(
    db,
    input.playerId,
    shown.map((p) => p.segmentId),
    input.now,
  );
  const rows = shown.filter((p) => isInAudience(p.segmentId, memberOf));
  return { count: rows.length, items: rows.map((p) => popupView(p, input.locale)) };
};

const ZContentPopup = z.object({
  id: z.number().int().positive(),
  sysname: z.string().regex(/^[a-z0-9_]+$/),
  audience: z.enum(['all', 'visitors', 'players']),
  pages: z.array(z.string().regex(/^\//, 'a path starting with /')).default([]),
  frequency: z.enum(['once', 'session', 'daily', 'always']),
  priority: z.number().int().default(0),
  is_active: z.boolean().default(true),
  starts_at: z.iso.datetime({ offset: true }).nullable().default(null),
  ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
  content: z.object({
    image: z.string().nullable().default(null),
    url: z.string().nullable().default(null),
    texts: z
      .record(
        z.string(),
        z.object({ title: z.string().min(1), text: z.string(), button: z.string().optional() }),
      )
      .refine((texts) => 'en' in texts, 'an en text is required (the fallback)'),
  }),
});
type TContentPopup = z.output<typeof ZContentPopup>;

export const readPopupsContent = (contentDir: string): TContentPopup[] => {
  const file = join(contentDir, 'campaigns', 'popups.json');
  const parsed = z.array(ZContentPopup).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`content/campaigns/popups.json is invalid:\n${lines}`);
  }
  return parsed.data;
};

/** Seeds the popups: new ones added, unedited ones follow their entry, edited ones stay as the operator left them. */
export const seedPopups = async (db: TDb, popups: TContentPopup[]) =>
  db.transaction(async (tx) => {
    for (const popup of popups) {
      const values = {
        sysname: popup.sysname,
        audience: popup.audience,
        pages: popup.pages,
        frequency: popup.frequency,
        content: popup.content,
        priority: popup.priority,
        isActive: popup.is_active,
        startsAt: popup.starts_at ? new Date(popup.starts_at) : null,
        endsAt: popup.ends_at ? new Date(popup.ends_at) : null,
        sourceHash: contentHash(popup),
      };
      await tx
        .insert(campaignPopups)
        .values({ id: popup.id, ...values })
        .onConflictDoUpdate({
          target: campaignPopups.id,
          set: { ...values, updatedAt: sql`now()` },
          setWhere: sql`${campaignPopups.editedAt} is null and ${campaignPopups.sourceHash} <> ${values.sourceHash}`,
        });
    }
  });
