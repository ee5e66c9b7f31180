/**
 * The operators' audit log: one append-only row per operator action (who, what, target, before/after, IP, time).
 * A dedupe key makes a repeated request (a double click) write nothing the second time.
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { operatorAudit, type TAuditRow } from './schema.ts';

export interface TActor {
  id: number | null;
  email: string;
  ip: string | null;
}

export interface TAuditInput {
  action: string;
  target?: { type: string; id: string | number };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  dedupeKey?: string;
  at: Date;
}

/** Writes the row; answers false when the dedupe key was taken (the action was recorded before). */
export const recordAudit = async (db: TExecutor, actor: TActor, input: TAuditInput): Promise<boolean> => {
  const rows = await db
    .insert(operatorAudit)
    .values({
      operatorId: actor.id,
      operatorEmail: actor.email,
      action: input.action,
      targetType: input.target?.type ?? null,
      targetId: input.target ? String(input.target.id) : null,
      before: input.before ?? null,
      after: input.after ?? null,
      reason: input.reason ?? null,
      ip: actor.ip,
      dedupeKey: input.dedupeKey ?? null,
      at: input.at,
    })
    .onConflictDoNothing({ target: operatorAudit.dedupeKey })
    .returning({ id: operatorAudit.id });
  return rows.length > 0;
};

/**
 * An update through the owning module and, when it changed something (`after` set), its audit row with the before
 * and after values, in one transaction.
 */
export const auditedUpdate = <T extends { before?: TAuditInput['before']; after?: TAuditInput['after'] }>(
  ctx: Pick<TAppContext, 'db'>,
  actor: TActor,
  now: Date,
  audit: Required<Pick<TAuditInput, 'action' | 'target'>>,
  update: (tx: TExecutor) => Promise<T>,
) =>
  ctx.db.transaction(async (tx) => {
    const result = await update(tx);
    if (result.after)
      await recordAudit(tx, actor, { ...audit, before: result.before, after: result.after, at: now });
    return result;
  });

/**
 * Makes a row (a new one or a copy) and audits it under its new id, in one transaction: `idOf` names the row made,
 * `after` is what it holds.
 */
export const auditedCreate = <T extends { after: TAuditInput['after'] }>(
  ctx: Pick<TAppContext, 'db'>,
  actor: TActor,
  now: Date,
  audit: { action: string; targetType: string },
  create: (tx: TExecutor) => Promise<T>,
  idOf: (created: T) => string | number,
) =>
  ctx.db.transaction(async (tx) => {
    const created = await create(tx);
    await recordAudit(tx, actor, {
      action: audit.action,
      target: { type: audit.targetType, id: idOf(created) },
      after: created.after,
      at: now,
    });
    return created;
  });

export interface TAuditFilter {
  operator?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

const AUDIT_PAGE_SIZE = 50;

const conditionsOf = (filter: TAuditFilter) =>
  [
    filter.operator
      ? sql`lower(${operatorAudit.operatorEmail}) like ${`%${filter.operator.toLowerCase()}%`}`
      : undefined,
    filter.action ? sql`${operatorAudit.action} like ${`${filter.action}%`}` : undefined,
    filter.targetType ? eq(operatorAudit.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(operatorAudit.targetId, filter.targetId) : undefined,
    filter.from ? gte(operatorAudit.at, filter.from) : undefined,
    filter.to ? lt(operatorAudit.at, filter.to) : undefined,
  ].filter((c) => c !== undefined);

export const listAudit = async (
  db: TExecutor,
  filter: TAuditFilter,
  page: number,
): Promise<{ rows: TAuditRow[]; hasMore: boolean }> => {
  const conditions = conditionsOf(filter);
  const rows = await db
    .select()
    .from(operatorAudit)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset(page * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), hasMore: rows.length > AUDIT_PAGE_SIZE };
};

/** Every entry the filter finds, newest first, a chunk at a time (the CSV export: keyset on time and id). */
export async function* eachAuditRow(
  db: TExecutor,
  filter: TAuditFilter,
  chunk = 1000,
): AsyncGenerator<TAuditRow[]> {
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const conditions = conditionsOf(filter);
    if (after)
      conditions.push(
        sql`(${operatorAudit.at}, ${operatorAudit.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`,
      );
    const rows = await db
      .select()
      .from(operatorAudit)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
      .limit(chunk);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < chunk) return;
    after = { at: last.at, id: last.id };
  }
}

/** The distinct actions recorded so far (for the filter's list). */
export const auditActions = async (db: TExecutor): Promise<string[]> =>
  (
    await db
      .selectDistinct({ action: operatorAudit.action })
      .from(operatorAudit)
      .orderBy(operatorAudit.action)
  ).map((r) => r.action);

/** The distinct kinds of target recorded so far (for the filter's list: jackpots, games, settings… not only players). */
export const auditTargetTypes = async (db: TExecutor): Promise<string[]> =>
  (
    await db
      .selectDistinct({ targetType: operatorAudit.targetType })
      .from(operatorAudit)
      .orderBy(operatorAudit.targetType)
  ).flatMap((r) => (r.targetType ? [r.targetType] : []));
