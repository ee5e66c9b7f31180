/**
 * Cashback programs and campaign popups as operators edit them (the back-office). An edit marks the row
 * (edited_at) so the seed from content/ leaves it alone from then on; each answers the terms before and after for
 * the audit log (null after: nothing changed). A popup's words are edited in one locale at a time.
 */

import type { Cents } from '@casino/contracts';
import { asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { findTemplateBySysname, templateSysnames } from '../bonuses/index.ts';
import { checkSegment, checkShowing, showingColumns, type TItemShowing } from './campaign-items.ts';
import { insertMadeRow, madeInBackoffice } from './made-rows.ts';
import {
  CASHBACK_PERIODS,
  campaignPopups,
  cashbackPrograms,
  type TCampaignPopup,
  type TCashbackProgram,
} from './schema.ts';

export const listCashbackPrograms = async (db: TExecutor) => {
  const programs = await db.select().from(cashbackPrograms).orderBy(asc(cashbackPrograms.id));
  const sysnames = await templateSysnames(
    db,
    programs.map((p) => p.templateId),
  );
  return programs.map((program) => ({
    program,
    template: program.templateId === null ? null : (sysnames.get(program.templateId) ?? null),
  }));
};

export const findCashbackProgram = async (db: TExecutor, id: number) =>
  (await listCashbackPrograms(db)).find((r) => r.program.id === id);

export interface TCashbackPatch {
  period: string;
  percent: number;
  minAmount: Cents;
  maxAmount: Cents | null;
  payout: string;
  /** The template's sysname for a bonus payout. */
  template: string | null;
  receivingDays: number;
  isActive: boolean;
}

const cashbackTerms = (p: TCashbackProgram, template: string | null) => ({
  period: p.period,
  percent: p.percent,
  min_amount: String(p.minAmount),
  max_amount: p.maxAmount === null ? null : String(p.maxAmount),
  payout: p.payout,
  template: p.payout === 'bonus' ? template : null,
  receiving_days: p.receivingDays,
  is_active: p.isActive,
});

/** Checks a program's terms; answers the bonus template's id of a bonus payout (null for real money). */
const checkCashbackPatch = async (db: TExecutor, patch: TCashbackPatch) => {
  if (!(CASHBACK_PERIODS as readonly string[]).includes(patch.period))
    throw invalidParameters({ period: 'wrongField' });
  if (!Number.isInteger(patch.percent) || patch.percent < 1 || patch.percent > 100)
    throw invalidParameters({ percent: 'wrongField' });
  if (patch.maxAmount !== null && (patch.maxAmount <= 0n || patch.maxAmount < patch.minAmount))
    throw invalidParameters({ max_amount: 'wrongField' });
  if (patch.payout !== 'real' && patch.payout !== 'bonus') throw invalidParameters({ payout: 'wrongField' });
  if (!Number.isInteger(patch.receivingDays) || patch.receivingDays < 1 || patch.receivingDays > 90)
    throw invalidParameters({ receiving_days: 'wrongField' });
  if (patch.payout !== 'bonus') return null;
  const template = await findTemplateBySysname(db, patch.template ?? '');
  if (!template) throw invalidParameters({ template: 'requiredField' });
  return template.id;
};

export const CASHBACK_SYSNAME = /^[a-z0-9_]{2,40}$/;

/**
 * A new program with the terms of the edit form and a sysname of its own (taken: refused); its words (every site
 * locale) are given by the caller. Marked edited, so the seed from content/ never changes it. Answers the row and
 * its terms as the audit log records them.
 */
export const createCashbackProgram = async (
  db: TExecutor,
  input: { sysname: string; patch: TCashbackPatch; description: TCashbackProgram['description'] },
  now: Date,
) => {
  if (!CASHBACK_SYSNAME.test(input.sysname)) throw invalidParameters({ sysname: 'wrongField' });
  const { patch } = input;
  const templateId = await checkCashbackPatch(db, patch);
  const row = await insertMadeRow(db, cashbackPrograms, {
    sysname: input.sysname,
    period: patch.period as TCashbackProgram['period'],
    percent: patch.percent,
    minAmount: patch.minAmount,
    maxAmount: patch.maxAmount,
    payout: patch.payout as TCashbackProgram['payout'],
    templateId,
    receivingDays: patch.receivingDays,
    description: input.description,
    isActive: patch.isActive,
    ...madeInBackoffice(now),
  });
  return { program: row, after: { sysname: row.sysname, ...cashbackTerms(row, patch.template) } };
};

export const updateCashbackProgram = async (db: TExecutor, id: number, patch: TCashbackPatch, now: Date) => {
  const templateId = await checkCashbackPatch(db, patch);
  const [locked] = await db.select().from(cashbackPrograms).where(eq(cashbackPrograms.id, id)).for('update');
  if (!locked) throw invalidParameters({ id: 'notFound' });
  const current = await findCashbackProgram(db, id);
  const before = cashbackTerms(locked, current?.template ?? null);
  const values = {
    period: patch.period as TCashbackProgram['period'],
    percent: patch.percent,
    minAmount: patch.minAmount,
    maxAmount: patch.maxAmount,
    payout: patch.payout as TCashbackProgram['payout'],
    // A real-money program keeps its template (unused) so switching back to a bonus payout is one click.
    templateId: templateId ?? locked.templateId,
    receivingDays: patch.receivingDays,
    isActive: patch.isActive,
  };
  const after = cashbackTerms({ ...locked, ...values }, patch.template);
  if (JSON.stringify(before) === JSON.stringify(after)) return { before, after: null };
  await db
    .update(cashbackPrograms)
    .set({ ...values, editedAt: now, updatedAt: now })
    .where(eq(cashbackPrograms.id, id));
  return { before, after };
};

export const listPopupRows = (db: TExecutor) =>
  db.select().from(campaignPopups).orderBy(asc(campaignPopups.id));

export const findPopup = async (db: TExecutor, id: number): Promise<TCampaignPopup | undefined> =>
  (await db.select().from(campaignPopups).where(eq(campaignPopups.id, id)))[0];

export const POPUP_AUDIENCES = ['all', 'visitors', 'players'] as const;
export const POPUP_FREQUENCIES = ['once', 'session', 'daily', 'always'] as const;

export interface TPopupPatch extends TItemShowing {
  locale: string;
  title: string;
  text: string;
  button: string;
  url: string | null;
  audience: string;
  pages: string[];
  frequency: string;
}

export const popupTerms = (p: TCampaignPopup) => ({
  audience: p.audience,
  pages: p.pages,
  frequency: p.frequency,
  priority: p.priority,
  is_active: p.isActive,
  starts_at: p.startsAt?.toISOString() ?? null,
  ends_at: p.endsAt?.toISOString() ?? null,
  url: p.content.url,
  texts: p.content.texts,
  locales: p.locales,
  countries: p.countries,
  segment_id: p.segmentId,
  retired_at: p.retiredAt?.toISOString() ?? null,
});

/** Checks a popup's words, choices, window and targeting (refused with the field's code). */
export const checkPopupPatch = (patch: TPopupPatch) => {
  if (!/^[a-z]{2}$/.test(patch.locale)) throw invalidParameters({ locale: 'wrongField' });
  const title = patch.title.trim();
  if (!title || title.length > 120) throw invalidParameters({ title: title ? 'maxLength' : 'requiredField' });
  if (patch.text.length > 1000) throw invalidParameters({ text: 'maxLength' });
  if (!(POPUP_AUDIENCES as readonly string[]).includes(patch.audience))
    throw invalidParameters({ audience: 'wrongField' });
  if (!(POPUP_FREQUENCIES as readonly string[]).includes(patch.frequency))
    throw invalidParameters({ frequency: 'wrongField' });
  if (patch.pages.some((p) => !/^\/[\w\-/]*$/.test(p))) throw invalidParameters({ pages: 'wrongField' });
  if (patch.url !== null && !/^(\/[^\s]*|https:\/\/[^\s/]+[^\s]*)$/.test(patch.url))
    throw invalidParameters({ url: 'wrongField' });
  checkShowing(patch);
  return title;
};

/** The popup `locked` with the patch applied (its words in the patch's locale). */
export const patchedPopup = (locked: TCampaignPopup, patch: TPopupPatch, title: string): TCampaignPopup => {
  const button = patch.button.trim();
  return {
    ...locked,
    ...showingColumns(patch),
    audience: patch.audience as TCampaignPopup['audience'],
    pages: patch.pages,
    frequency: patch.frequency as TCampaignPopup['frequency'],
    content: {
      ...locked.content,
      url: patch.url,
      texts: {
        ...locked.content.texts,
        [patch.locale]: { title, text: patch.text.trim(), ...(button ? { button } : {}) },
      },
    },
  };
};

export const updatePopup = async (db: TExecutor, id: number, patch: TPopupPatch, now: Date) => {
  const title = checkPopupPatch(patch);
  await checkSegment(db, patch.segmentId);
  const [locked] = await db.select().from(campaignPopups).where(eq(campaignPopups.id, id)).for('update');
  if (!locked) throw invalidParameters({ id: 'notFound' });
  const next = patchedPopup(locked, patch, title);
  const before = popupTerms(locked);
  const after = popupTerms(next);
  if (JSON.stringify(before) === JSON.stringify(after)) return { before, after: null };
  await db
    .update(campaignPopups)
    .set({
      audience: next.audience,
      pages: next.pages,
      frequency: next.frequency,
      priority: next.priority,
      isActive: next.isActive,
      startsAt: next.startsAt,
      endsAt: next.endsAt,
      content: next.content,
      locales: next.locales,
      countries: next.countries,
      segmentId: next.segmentId,
      editedAt: now,
      updatedAt: now,
    })
    .where(eq(campaignPopups.id, id));
  return { before, after };
};
