/**
 * Four eyes (issue 40): a money action above the asker's limit becomes a pending approval; a second operator whose
 * role may do the action and whose limit covers the amount approves it (never the one who asked) or rejects it.
 * Approving marks the row and runs the action in one transaction, so it acts exactly once; a rejection moves no
 * money. The actions are the features' (an approval kind each, handed in by the composition root).
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { recordAudit, type TActor } from '../audit-log.ts';
import { can, type TPermission } from '../permissions.ts';
import type { TOperator } from '../schema.ts';
import { amountLimitOf, covers } from './limits.ts';
import { operatorApprovals, type TApproval, type TLimitedAction } from './schema.ts';

/** A feature's money action that may wait for approval: who may do it, and how it runs from its stored payload. */
export interface TApprovalKind {
  action: TLimitedAction;
  permission: TPermission;
  /**
   * Runs the action as the approver, inside the approval's transaction (`ctx.db` is that transaction): what it
   * answers is kept as the approval's result. A refusal (AppError) rolls the approval back to pending.
   */
  run: (ctx: TAppContext, actor: TActor, approval: TApproval) => Promise<Record<string, unknown>>;
}

export interface TApprovalRequest {
  action: TLimitedAction;
  target: { type: string; id: string | number };
  playerId: number | null;
  amount: bigint;
  currency: string;
  /** One line a second operator reads: "Credit 50.00 EUR to jane's main balance". */
  summary: string;
  payload: Record<string, unknown>;
  reason: string;
  /** The form's one-time key: a repeated request is one row. */
  key: string;
}

const auditOf = (
  a: Pick<TApproval, 'action' | 'amount' | 'currency' | 'summary' | 'targetType' | 'targetId'>,
) => ({
  action: a.action,
  amount: String(a.amount),
  currency: a.currency,
  summary: a.summary,
  target: `${a.targetType}:${a.targetId}`,
});

/** Records the request (once per key) and its audit row; answers the approval's id. */
export const requestApproval = async (
  db: TExecutor,
  actor: TActor,
  input: TApprovalRequest,
  now: Date,
): Promise<number> =>
  db.transaction(async (tx) => {
    if (actor.id === null) throw invalidParameters({ id: 'notFound' });
    const requestKey = `${input.action}:${input.key.toLowerCase()}`;
    const [row] = await tx
      .insert(operatorApprovals)
      .values({
        action: input.action,
        targetType: input.target.type,
        targetId: String(input.target.id),
        playerId: input.playerId,
        amount: input.amount,
        currency: input.currency,
        summary: input.summary.slice(0, 500),
        payload: input.payload,
        reason: input.reason.slice(0, 500),
        requestKey,
        requestedBy: actor.id,
        requestedByEmail: actor.email,
        requestedAt: now,
      })
      .onConflictDoNothing({ target: operatorApprovals.requestKey })
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: operatorApprovals.id })
        .from(operatorApprovals)
        .where(eq(operatorApprovals.requestKey, requestKey));
      return existing?.id ?? 0;
    }
    await recordAudit(tx, actor, {
      action: 'approval.request',
      target: { type: 'approval', id: row.id },
      after: { status: 'pending', ...auditOf(row) },
      reason: row.reason || null,
      at: now,
    });
    return row.id;
  });

export const findApproval = async (db: TExecutor, id: number) =>
  (await db.select().from(operatorApprovals).where(eq(operatorApprovals.id, id)))[0] ?? null;

/**
 * Why `operator` may not decide `approval` (a field code for the flash), or null: it must be pending, asked by
 * someone else, of an action the role may do, and (to approve) within the role's limit.
 */
export const refusalOf = async (
  db: TExecutor,
  operator: Pick<TOperator, 'id' | 'role'>,
  approval: TApproval,
  kind: TApprovalKind | undefined,
  decision: 'approve' | 'reject',
) => {
  if (approval.status !== 'pending') return 'notPending';
  if (approval.requestedBy === operator.id) return 'ownRequest';
  if (!kind || !can(operator.role, kind.permission)) return 'noCover';
  if (
    decision === 'approve' &&
    !covers(await amountLimitOf(db, operator.role, approval.action), approval.amount)
  )
    return 'noCover';
  return null;
};

/**
 * Approves (runs the action once) or rejects (nothing moves) a pending approval, as `operator`. The row is claimed
 * with `status = 'pending'` in the same transaction as the action, so two approvers at once act once.
 */
export const decideApproval = async (
  ctx: TAppContext,
  operator: Pick<TOperator, 'id' | 'role' | 'email'>,
  actor: TActor,
  kinds: readonly TApprovalKind[],
  input: { id: number; decision: 'approve' | 'reject'; reason: string },
) => {
  const approval = await findApproval(ctx.db, input.id);
  if (!approval) throw invalidParameters({ id: 'notFound' });
  const kind = kinds.find((k) => k.action === approval.action);
  const refusal = await refusalOf(ctx.db, operator, approval, kind, input.decision);
  if (refusal) throw invalidParameters({ approval: refusal });
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(operatorApprovals)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        decidedBy: operator.id,
        decidedByEmail: operator.email,
        decidedAt: now,
        decisionReason: input.reason || null,
      })
      .where(
        and(
          eq(operatorApprovals.id, approval.id),
          eq(operatorApprovals.status, 'pending'),
          ne(operatorApprovals.requestedBy, operator.id),
        ),
      )
      .returning();
    if (!claimed) throw invalidParameters({ approval: 'notPending' });
    const result =
      input.decision === 'approve' && kind ? await kind.run({ ...ctx, db: tx }, actor, claimed) : null;
    if (result)
      await tx.update(operatorApprovals).set({ result }).where(eq(operatorApprovals.id, claimed.id));
    await recordAudit(tx, actor, {
      action: input.decision === 'approve' ? 'approval.approve' : 'approval.reject',
      target: { type: 'approval', id: claimed.id },
      before: { status: 'pending', requested_by: approval.requestedByEmail, ...auditOf(approval) },
      after: { status: claimed.status, ...auditOf(approval), ...(result ? { result } : {}) },
      reason: input.reason || null,
      dedupeKey: `approval:${claimed.id}:decided`,
      at: now,
    });
    return { ...claimed, result };
  });
};

export const APPROVAL_PAGE_SIZE = 50;

export const listApprovals = async (
  db: TExecutor,
  filter: { status: 'pending' | 'decided'; page: number },
) => {
  const rows = await db
    .select()
    .from(operatorApprovals)
    .where(
      filter.status === 'pending'
        ? eq(operatorApprovals.status, 'pending')
        : ne(operatorApprovals.status, 'pending'),
    )
    .orderBy(
      filter.status === 'pending' ? asc(operatorApprovals.requestedAt) : desc(operatorApprovals.decidedAt),
      desc(operatorApprovals.id),
    )
    .limit(APPROVAL_PAGE_SIZE + 1)
    .offset(filter.page * APPROVAL_PAGE_SIZE);
  return { rows: rows.slice(0, APPROVAL_PAGE_SIZE), hasMore: rows.length > APPROVAL_PAGE_SIZE };
};

/** The approvals waiting for a second operator (the navigation's counter). */
export const countPendingApprovals = async (db: TExecutor) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(operatorApprovals)
        .where(eq(operatorApprovals.status, 'pending'))
    )[0]?.n ?? 0,
  );

/** The pending approvals of one target (a withdrawal's row says it waits). */
export const pendingApprovalsOf = async (db: TExecutor, targetType: string, targetIds: string[]) =>
  targetIds.length === 0
    ? []
    : db
        .select()
        .from(operatorApprovals)
        .where(
          and(
            eq(operatorApprovals.status, 'pending'),
            eq(operatorApprovals.targetType, targetType),
            inArray(operatorApprovals.targetId, targetIds),
          ),
        );
