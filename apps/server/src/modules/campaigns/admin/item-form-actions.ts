/**
 * The four actions of a popup's or a deposit offer's forms: made from the edit form's fields and a sysname, saved,
 * copied under a new sysname, retired. Each runs through the campaigns module with its audit row in the same
 * transaction, as `<type>.create`, `.update`, `.copy` and `.retire` (popup.copy, deposit_offer.retire…).
 */
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { auditedCreate, auditedUpdate, parseForm, type TActor } from '../../backoffice/index.ts';

type TAuditedTerms = Record<string, unknown> | null;
/** A change's audited terms before and after (after null: nothing changed). */
type TChange = { before: TAuditedTerms; after: TAuditedTerms };

export interface TItemKind<TPatch, TMade extends { after: TAuditedTerms }, TRow extends { id: number }> {
  /** The audit's target type. */
  type: 'popup' | 'deposit_offer';
  /** The new and copy forms' sysname field. */
  sysname: z.ZodType<string, unknown>;
  /** The edit form read into the module's change. */
  patchOf: (ctx: TAppContext, body: unknown) => TPatch | Promise<TPatch>;
  /** The row a creation or a copy made. */
  rowOf: (made: TMade) => TRow;
  create: (db: TExecutor, sysname: string, patch: TPatch, now: Date) => Promise<TMade>;
  update: (db: TExecutor, id: number, patch: TPatch, now: Date) => Promise<TChange>;
  copy: (db: TExecutor, id: number, sysname: string, now: Date) => Promise<TMade>;
  retire: (db: TExecutor, id: number, now: Date) => Promise<TChange>;
}

export const itemFormActions = <TPatch, TMade extends { after: TAuditedTerms }, TRow extends { id: number }>(
  item: TItemKind<TPatch, TMade, TRow>,
) => {
  const ZSysname = z.object({ sysname: item.sysname });
  const sysnameOf = (body: unknown) => parseForm(ZSysname, body).sysname;
  /** Makes a row (a new one or a copy), audited under its new id; answers the row. */
  const make = async (
    ctx: TAppContext,
    actor: TActor,
    verb: 'create' | 'copy',
    made: (tx: TExecutor, now: Date) => Promise<TMade>,
  ) => {
    const now = ctx.providers.clock.now();
    const created = await auditedCreate(
      ctx,
      actor,
      now,
      { action: `${item.type}.${verb}`, targetType: item.type },
      (tx) => made(tx, now),
      (result) => item.rowOf(result).id,
    );
    return item.rowOf(created);
  };
  /** Changes the row `id`, audited when something changed. */
  const change = async (
    ctx: TAppContext,
    actor: TActor,
    id: number,
    verb: 'update' | 'retire',
    changed: (tx: TExecutor, now: Date) => Promise<TChange>,
  ) => {
    const now = ctx.providers.clock.now();
    return auditedUpdate(
      ctx,
      actor,
      now,
      { action: `${item.type}.${verb}`, target: { type: item.type, id } },
      (tx) => changed(tx, now),
    );
  };
  return {
    /** A new item: the edit form's fields and a sysname (its words in the form's locale, English by default). */
    create: async (ctx: TAppContext, actor: TActor, body: unknown) => {
      const sysname = sysnameOf(body);
      const patch = await item.patchOf(ctx, body);
      return make(ctx, actor, 'create', (tx, now) => item.create(tx, sysname, patch, now));
    },
    save: async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
      const patch = await item.patchOf(ctx, body);
      return change(ctx, actor, id, 'update', (tx, now) => item.update(tx, id, patch, now));
    },
    /** A copy under the form's sysname, switched off. */
    copy: async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
      const sysname = sysnameOf(body);
      return make(ctx, actor, 'copy', (tx, now) => item.copy(tx, id, sysname, now));
    },
    retire: async (ctx: TAppContext, actor: TActor, id: number) =>
      change(ctx, actor, id, 'retire', (tx, now) => item.retire(tx, id, now)),
  };
};
