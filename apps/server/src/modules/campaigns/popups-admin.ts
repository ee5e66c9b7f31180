/**
 * Popups made in the back-office (issue 40, ADR 066): created from the edit form's fields and a sysname, copied (a new
 * sysname, switched off) and retired (never shown again, kept for the audit's history). Made popups are numbered
 * above the content's (content/campaigns/popups.json: 1–1000) and marked edited, so the seed never changes them.
 */
import { eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { blankItem, checkSegment, copiedItem, retireItem } from './campaign-items.ts';
import { insertMadeRow } from './made-rows.ts';
import { checkPopupPatch, findPopup, patchedPopup, popupTerms, type TPopupPatch } from './programs-admin.ts';
import { campaignPopups, type TCampaignPopup } from './schema.ts';

export const POPUP_SYSNAME = /^[a-z0-9_]{2,60}$/;

/** A blank popup (the new form's start): every page, once, for everyone. */
export const blankPopup = (now: Date): TCampaignPopup => ({
  id: 0,
  sysname: '',
  audience: 'all',
  pages: [],
  frequency: 'once',
  content: { image: null, url: null, texts: {} },
  ...blankItem(now),
});

/** A new popup with the edit form's fields (its words in the form's locale); answers it and its audited terms. */
export const createPopup = async (db: TExecutor, sysname: string, patch: TPopupPatch, now: Date) => {
  if (!POPUP_SYSNAME.test(sysname)) throw invalidParameters({ sysname: 'wrongField' });
  const title = checkPopupPatch(patch);
  await checkSegment(db, patch.segmentId);
  const { id: _id, ...values } = patchedPopup(blankPopup(now), patch, title);
  const popup = await insertMadeRow(db, campaignPopups, { ...values, sysname });
  return { popup, after: { sysname, ...popupTerms(popup) } };
};

export const copyPopup = async (db: TExecutor, id: number, sysname: string, now: Date) => {
  if (!POPUP_SYSNAME.test(sysname)) throw invalidParameters({ sysname: 'wrongField' });
  const source = await findPopup(db, id);
  if (!source) throw invalidParameters({ id: 'notFound' });
  const popup = await insertMadeRow(db, campaignPopups, copiedItem(source, sysname, now));
  return { popup, after: { copied_from: source.sysname, sysname, ...popupTerms(popup) } };
};

export const retirePopup = async (db: TExecutor, id: number, now: Date) => {
  const [locked] = await db.select().from(campaignPopups).where(eq(campaignPopups.id, id)).for('update');
  if (!locked) throw invalidParameters({ id: 'notFound' });
  return retireItem(db, campaignPopups, locked, now);
};
