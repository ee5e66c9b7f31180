/**
 * The operators' side of the loyalty catalogue: list, read, create and edit rows, switch them on or off and set
 * a product's stock. Each change runs in one transaction with the caller's `audit` (the back-office's audit log),
 * so a refused change writes nothing and an accepted one is always recorded with its before and after.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/index.ts';
import { plainOf, readField, type TFormValues, type TProblems } from './catalogue-fields.ts';
import type { TCatalogueKind } from './catalogue-kinds.ts';

export type TCatalogueRow = Record<string, unknown> & { id: number; sysname: string; is_active: boolean };
export interface TCatalogueChange {
  action: string;
  id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}
export type TCatalogueAudit = (tx: TExecutor, change: TCatalogueChange) => Promise<void>;

const table = (kind: TCatalogueKind) => sql.raw(kind.table);

const normalise = (r: Record<string, unknown>): TCatalogueRow => ({
  ...r,
  id: Number(r.id),
  sysname: String(r.sysname),
  is_active: r.is_active === true || r.is_active === 't',
});

/** Products show what was sold next to the stock left. */
const extraColumns = (kind: TCatalogueKind) =>
  kind.id === 'products'
    ? sql`, (select count(*)::int from loyalty_orders o where o.product_id = t.id) as sold`
    : sql``;

export const listCatalogue = async (db: TExecutor, kind: TCatalogueKind) =>
  (
    await queryRows<Record<string, unknown>>(
      db,
      sql`select t.* ${extraColumns(kind)} from ${table(kind)} t order by ${sql.raw(kind.orderBy)}`,
    )
  ).map(normalise);

export const catalogueRow = async (db: TExecutor, kind: TCatalogueKind, id: number, lock = false) => {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select t.* ${lock ? sql`` : extraColumns(kind)} from ${table(kind)} t where t.id = ${id}
        ${lock ? sql`for update` : sql``}`,
  );
  return row ? normalise(row) : null;
};

/** The programs a quest may belong to (quest seasons), for the quest form. */
export const questPrograms = async (db: TExecutor) =>
  (
    await queryRows<{ id: unknown; sysname: string }>(
      db,
      sql`select id, sysname from loyalty_programs where kind = 'quests' order by priority desc, id`,
    )
  ).map((r) => ({ id: Number(r.id), sysname: r.sysname }));

/** A row as the audit log records it: every field, plain. */
const snapshot = (kind: TCatalogueKind, row: Record<string, unknown>) => ({
  ...Object.fromEntries(kind.fields.map((f) => [f.name, plainOf(f, row)])),
  is_active: row.is_active === true || row.is_active === 't',
});

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const taken = async (
  tx: TExecutor,
  kind: TCatalogueKind,
  column: string,
  value: unknown,
  id: number | null,
) =>
  (
    await queryRows(
      tx,
      sql`select 1 from ${table(kind)} where ${sql.raw(column)} = ${value}
          ${id === null ? sql`` : sql`and id <> ${id}`}`,
    )
  ).length > 0;

/** Checks across fields and against other rows (on the values to store); adds to `problems`. */
const crossCheck = async (
  tx: TExecutor,
  kind: TCatalogueKind,
  values: Record<string, unknown>,
  before: TCatalogueRow | null,
  problems: TProblems,
) => {
  const id = before?.id ?? null;
  if (!before && !problems.sysname && (await taken(tx, kind, 'sysname', values.sysname, null)))
    problems.sysname = 'duplicate';
  const starts = values.starts_at as Date | null | undefined;
  const ends = values.ends_at as Date | null | undefined;
  if (starts && ends && starts >= ends && !problems.ends_at) problems.ends_at = 'beforeStart';
  if (kind.id === 'levels' && !problems.min_points) {
    const threshold = Number(values.min_points);
    // The first level (at 0) is where every player starts: it stays at 0, and only it may be at 0.
    if (before && Number(before.min_points) === 0 && threshold !== 0) problems.min_points = 'firstLevel';
    else if (await taken(tx, kind, 'min_points', threshold, id)) problems.min_points = 'duplicate';
  }
};

const dependentKind = (kind: TCatalogueKind, form: TFormValues, before: TCatalogueRow | null) => {
  const createOnly = kind.id === 'quests' ? 'kind' : kind.id === 'products' ? 'type' : null;
  if (!createOnly) return undefined;
  return before ? String(before[createOnly]) : (form[createOnly] ?? '').trim();
};

/** Creates (id null) or edits a row from a posted form; answers the row's id. */
export const saveCatalogueRow = async (
  ctx: TAppContext,
  kind: TCatalogueKind,
  id: number | null,
  form: TFormValues,
  audit: TCatalogueAudit,
) => {
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await catalogueRow(tx, kind, id, true);
      if (id !== null && !before) throw invalidParameters({ id: 'notFound' });
      const problems: TProblems = {};
      const programs = kind.id === 'quests' ? (await questPrograms(tx)).map((p) => p.id) : [];
      const dependent = dependentKind(kind, form, before);
      const context = { programs, questKind: dependent, productType: dependent };
      const stored: Record<string, unknown> = {};
      for (const field of kind.fields) {
        if (before && field.createOnly) continue;
        const read = readField(field, form, problems, context);
        if (!read) continue;
        stored[field.column] = read.stored;
      }
      if (!Object.keys(problems).length) await crossCheck(tx, kind, stored, before, problems);
      if (Object.keys(problems).length) throw invalidParameters(problems);
      const columns = Object.keys(stored);
      const [row] = before
        ? await queryRows<Record<string, unknown>>(
            tx,
            sql`update ${table(kind)} set ${sql.join(
              columns.map((c) => sql`${sql.raw(c)} = ${stored[c]}`),
              sql`, `,
            )} where id = ${before.id} returning *`,
          )
        : await queryRows<Record<string, unknown>>(
            tx,
            sql`insert into ${table(kind)} (${sql.raw(columns.join(', '))})
                values (${sql.join(
                  columns.map((c) => sql`${stored[c]}`),
                  sql`, `,
                )}) returning *`,
          );
      const after = normalise(row ?? {});
      await audit(tx, {
        action: `loyalty.${kind.singular}_${before ? 'update' : 'create'}`,
        id: after.id,
        before: before ? snapshot(kind, before) : null,
        after: snapshot(kind, after),
      });
      return after.id;
    });
  } catch (error) {
    // Two operators creating the same sysname at once: the second meets the unique index.
    if (isUniqueViolation(error)) throw invalidParameters({ sysname: 'duplicate' });
    throw error;
  }
};

/** Switches a row on or off (never deleted: claims, orders, progress and players refer to it). */
export const setCatalogueActive = async (
  ctx: TAppContext,
  kind: TCatalogueKind,
  id: number,
  active: boolean,
  audit: TCatalogueAudit,
) =>
  ctx.db.transaction(async (tx) => {
    const before = await catalogueRow(tx, kind, id, true);
    if (!before) throw invalidParameters({ id: 'notFound' });
    if (before.is_active === active) return false;
    if (kind.id === 'levels' && Number(before.min_points) === 0 && !active)
      throw invalidParameters({ min_points: 'firstLevel' });
    await tx.execute(sql`update ${table(kind)} set is_active = ${active} where id = ${id}`);
    await audit(tx, {
      action: `loyalty.${kind.singular}_${active ? 'activate' : 'deactivate'}`,
      id,
      before: { is_active: before.is_active },
      after: { is_active: active },
    });
    return true;
  });

/** Sets a product's stock (empty: unlimited); the row lock orders it with purchases. */
export const setProductStock = async (
  ctx: TAppContext,
  kind: TCatalogueKind,
  id: number,
  text: string,
  audit: TCatalogueAudit,
) => {
  const value = text.trim();
  if (value !== '' && !/^\d{1,7}$/.test(value)) throw invalidParameters({ stock: 'wrongField' });
  const stock = value === '' ? null : Number(value);
  if (stock !== null && stock > 1_000_000) throw invalidParameters({ stock: 'maxValue' });
  return ctx.db.transaction(async (tx) => {
    const before = await catalogueRow(tx, kind, id, true);
    if (!before || kind.id !== 'products') throw invalidParameters({ id: 'notFound' });
    const was = before.stock === null ? null : Number(before.stock);
    if (was === stock) return false;
    await tx.execute(sql`update loyalty_products set stock = ${stock} where id = ${id}`);
    await audit(tx, { action: 'loyalty.product_stock', id, before: { stock: was }, after: { stock } });
    return true;
  });
};
