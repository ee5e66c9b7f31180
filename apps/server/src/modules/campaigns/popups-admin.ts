/**
 * Popups made in the back-office (issue 40, ADR 066): created from the edit form's fields and a sysname, copied (a new
 * sysname, switched off) and retired (never shown again, kept for the audit's history). Made popups are numbered
 * above the content's (content/campaigns/popups.json: 1–1000) and marked edited, so the seed never changes them.
 */
import { eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/index.ts';
import {
  checkPopupPatch,
  checkPopupSegment,
  patchedPopup,
  popupTerms,
  type TPopupPatch,
} from './programs-admin.ts';
import { campaignPopups, type TCampaignPopup } from './schema.ts';

export const POPUP_SYSNAME = /^[a-z0-9_]{2,60}$/;
const FIRST_OPERATOR_ID = 1001;

const insertPopup = async (db: TExecutor, values: Omit<typeof campaignPopups.$inferInsert, 'id'>) => {
  // Two creations at once must not draw the same id.
  await db.execute(sql`lock table campaign_popups in share row exclusive mode`);
  const [next] = await queryRows<{ id: unknown }>(
    db,
    sql`select greatest(coalesce(max(id), 0) + 1, ${FIRST_OPERATOR_ID}) as id from campaign_popups`,
  );
  const [row] = await db
    .insert(campaignPopups)
    .values({ id: Number(next?.id ?? FIRST_OPERATOR_ID), ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) throw invalidParameters({ sysname: 'taken' });
  return row;
};

/** A new popup with the edit form's fields (its words in the form's locale); answers it and its audited terms. */
export const createPopup = async (db: TExecutor, sysname: string, patch: TPopupPatch, now: Date) => {
  if (!POPUP_SYSNAME.test(sysname)) throw invalidParameters({ sysname: 'wrongField' });
  const title = checkPopupPatch(patch);
  await checkPopupSegment(db, patch);
  const blank: TCampaignPopup = {
    id: 0,
    sysname,
    audience: 'all',
    pages: [],
    frequency: 'once',
    content: { image: null, url: null, texts: {} },
    priority: 0,
    isActive: true,
    startsAt: null,
    endsAt: null,
    locales: [],
    countries: [],
    segmentId: null,
    retiredAt: null,
    sourceHash: 'backoffice',
    editedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  const { id: _id, ...values } = patchedPopup(blank, patch, title);
  const popup = await insertPopup(db, values);
  return { popup, after: { sysname, ...popupTerms(popup) } };
};

export const copyPopup = async (db: TExecutor, id: number, sysname: string, now: Date) => {
  if (!POPUP_SYSNAME.test(sysname)) throw invalidParameters({ sysname: 'wrongField' });
  const [source] = await db.select().from(campaignPopups).where(eq(campaignPopups.id, id));
  if (!source) throw invalidParameters({ id: 'notFound' });
  const { id: _id, ...values } = source;
  const popup = await insertPopup(db, {
    ...values,
    sysname,
    isActive: false,
    retiredAt: null,
    sourceHash: 'backoffice',
    editedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { popup, after: { copied_from: source.sysname, sysname, ...popupTerms(popup) } };
};

export const retirePopup = async (db: TExecutor, id: number, now: Date) => {
  const [locked] = await db.select().from(campaignPopups).where(eq(campaignPopups.id, id)).for('update');
  if (!locked) throw invalidParameters({ id: 'notFound' });
  if (locked.retiredAt) return { before: null, after: null };
  await db
    .update(campaignPopups)
    .set({ isActive: false, retiredAt: now, editedAt: now, updatedAt: now })
    .where(eq(campaignPopups.id, id));
  return {
    before: { is_active: locked.isActive, retired_at: null },
    after: { is_active: false, retired_at: now.toISOString() },
  };
};
