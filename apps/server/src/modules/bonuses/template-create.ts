/**
 * Bonus templates made in the back-office (issue 40, ADR 066): created from the form's terms and words, copied from
 * another (terms and words, a new sysname, switched off until the operator switches it on) and retired (never granted
 * again, kept for the bonuses it granted). Made templates are numbered above the content's (content/bonuses:
 * 1–1000) and marked edited, so the seed from content/ never changes them.
 */
import { BONUS_TYPES, type TBonusType } from '@casino/contracts/calls/bonuses';
import { eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/index.ts';
import { bonusTemplates, type TBonusTemplate, type TTemplateDescription } from './schema.ts';
import { checkPatch, checkTemplateSegment, type TTemplatePatch, templateTerms } from './templates-admin.ts';
import { highestWagerCap } from './wager-caps.ts';

export const TEMPLATE_SYSNAME = /^[a-z0-9_]{2,60}$/;
const FIRST_OPERATOR_ID = 1001;

const nextId = async (db: TExecutor) => {
  // Two creations at once must not draw the same id.
  await db.execute(sql`lock table bonus_templates in share row exclusive mode`);
  const [next] = await queryRows<{ id: unknown }>(
    db,
    sql`select greatest(coalesce(max(id), 0) + 1, ${FIRST_OPERATOR_ID}) as id from bonus_templates`,
  );
  return Number(next?.id ?? FIRST_OPERATOR_ID);
};

const checkWords = (texts: TTemplateDescription['texts']) => {
  const en = texts.en;
  if (!en?.title.trim()) throw invalidParameters({ title: 'requiredField' });
  for (const words of Object.values(texts)) {
    if (words.title.length > 120) throw invalidParameters({ title: 'maxLength' });
    if (words.text.length > 1000) throw invalidParameters({ text: 'maxLength' });
  }
};

const insertTemplate = async (db: TExecutor, values: Omit<typeof bonusTemplates.$inferInsert, 'id'>) => {
  const [row] = await db
    .insert(bonusTemplates)
    .values({ id: await nextId(db), ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) throw invalidParameters({ sysname: 'taken' });
  return row;
};

export interface TNewTemplate {
  sysname: string;
  type: string;
  patch: TTemplatePatch;
  description: TTemplateDescription;
}

/** A new template; answers it and its terms as the audit log records them. */
export const createTemplate = async (db: TExecutor, input: TNewTemplate, now: Date) => {
  if (!TEMPLATE_SYSNAME.test(input.sysname)) throw invalidParameters({ sysname: 'wrongField' });
  if (!(BONUS_TYPES as readonly string[]).includes(input.type))
    throw invalidParameters({ type: 'wrongField' });
  checkPatch(input.patch, input.type, await highestWagerCap(db));
  await checkTemplateSegment(db, input.patch);
  checkWords(input.description.texts);
  const template = await insertTemplate(db, {
    sysname: input.sysname,
    type: input.type as TBonusType,
    ...input.patch,
    description: input.description,
    sourceHash: 'backoffice',
    editedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { template, after: { sysname: template.sysname, type: template.type, ...templateTerms(template) } };
};

/** A copy of template `id` under a new sysname, switched off (the operator checks it, then switches it on). */
export const copyTemplate = async (db: TExecutor, id: number, sysname: string, now: Date) => {
  if (!TEMPLATE_SYSNAME.test(sysname)) throw invalidParameters({ sysname: 'wrongField' });
  const [source] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.id, id));
  if (!source) throw invalidParameters({ id: 'notFound' });
  const { id: _id, sysname: _sysname, createdAt: _c, updatedAt: _u, editedAt: _e, ...terms } = source;
  const template = await insertTemplate(db, {
    ...terms,
    sysname,
    isActive: false,
    retiredAt: null,
    sourceHash: 'backoffice',
    editedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return {
    template,
    after: { copied_from: source.sysname, sysname, type: template.type, ...templateTerms(template) },
  };
};

/** Retires a template: switched off for good; its granted bonuses keep their terms. */
export const retireTemplate = async (db: TExecutor, id: number, now: Date) => {
  const [locked] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.id, id)).for('update');
  if (!locked) throw invalidParameters({ id: 'notFound' });
  if (locked.retiredAt) return { before: null, after: null };
  await db
    .update(bonusTemplates)
    .set({ isActive: false, retiredAt: now, editedAt: now, updatedAt: now })
    .where(eq(bonusTemplates.id, id));
  return {
    before: { is_active: locked.isActive, retired_at: null },
    after: { is_active: false, retired_at: now.toISOString() },
  };
};

export const isRetired = (template: Pick<TBonusTemplate, 'retiredAt'>) => template.retiredAt !== null;
