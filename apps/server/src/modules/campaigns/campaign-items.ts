/**
 * What a deposit offer and a popup share as the back-office edits them (issue 40, ADR 066, ADR 068): when and to
 * whom they show (priority, switch, window, site locales, player countries, a CRM segment), a blank one's start, a
 * copy (switched off) and a retirement (never shown again, kept for the history).
 */
import { isCodeList } from '@casino/contracts/audience-codes';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { audienceChoices } from '../players/index.ts';
import { madeInBackoffice } from './made-rows.ts';
import type { campaignOffers, campaignPopups } from './schema.ts';

/** When and to whom an item shows, as its edit form gives it. */
export interface TItemShowing {
  priority: number;
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Targeting (targeting.ts): site locales and player countries; empty: all. */
  locales: string[];
  countries: string[];
  /** A shared CRM segment (ADR 068); null: everyone the rest allows. */
  segmentId: number | null;
}

/** Checks the priority, the window and the targeting lists (refused with the field's code). */
export const checkShowing = (showing: TItemShowing) => {
  if (!Number.isInteger(showing.priority) || Math.abs(showing.priority) > 1000)
    throw invalidParameters({ priority: 'wrongField' });
  if (showing.startsAt && showing.endsAt && showing.startsAt.getTime() >= showing.endsAt.getTime())
    throw invalidParameters({ ends_at: 'wrongField' });
  if (!isCodeList(showing.locales, 'locale')) throw invalidParameters({ locales: 'wrongField' });
  if (!isCodeList(showing.countries, 'country')) throw invalidParameters({ countries: 'wrongField' });
};

/** An item's segment must be one the audiences offer (a shared CRM segment). */
export const checkSegment = async (db: TExecutor, segmentId: number | null) => {
  if (segmentId !== null && !(await audienceChoices(db)).some((segment) => segment.id === segmentId))
    throw invalidParameters({ segment_id: 'wrongField' });
};

/** The row's columns for `showing`. */
export const showingColumns = (showing: TItemShowing): TItemShowing => ({
  priority: showing.priority,
  isActive: showing.isActive,
  startsAt: showing.startsAt,
  endsAt: showing.endsAt,
  locales: showing.locales,
  countries: showing.countries,
  segmentId: showing.segmentId,
});

/** A new item's columns (the new form's start): shown to everyone, at once and always, made now. */
export const blankItem = (now: Date) => ({
  priority: 0,
  isActive: true,
  startsAt: null,
  endsAt: null,
  locales: [],
  countries: [],
  segmentId: null,
  retiredAt: null,
  ...madeInBackoffice(now),
});

/** A copy of `source` under a new sysname (without its id): switched off, not retired, made now. */
export const copiedItem = <R extends { id: number }>(source: R, sysname: string, now: Date) => {
  const { id: _id, ...values } = source;
  return { ...values, sysname, isActive: false, retiredAt: null, ...madeInBackoffice(now) };
};

/**
 * Retires the item `locked` (read for update by its owner): switched off and never shown again. Answers the audit's
 * before and after (both null when it was retired already).
 */
export const retireItem = async (
  db: TExecutor,
  table: typeof campaignOffers | typeof campaignPopups,
  locked: { id: number; isActive: boolean; retiredAt: Date | null },
  now: Date,
) => {
  if (locked.retiredAt) return { before: null, after: null };
  // Drizzle types an update by one named table, not by a choice of two.
  await db
    .update(table as PgTable)
    .set({ isActive: false, retiredAt: now, editedAt: now, updatedAt: now })
    .where(eq(table.id, locked.id));
  return {
    before: { is_active: locked.isActive, retired_at: null },
    after: { is_active: false, retired_at: now.toISOString() },
  };
};
