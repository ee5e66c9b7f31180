/**
 * Per-role amount limits (issue 40): the most one operator of a role may move alone in one manual adjustment, one
 * bonus grant or one withdrawal approval. Set by an admin on the limits page, audited with before and after. Other
 * modules ask `checkAmountLimit` (the back-office front door) before a money action, bulk grants included.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TExecutor } from '../../../platform/db/database.ts';
import { recordAudit, type TActor } from '../audit-log.ts';
import { OPERATOR_ROLES, type TOperatorRole } from '../schema.ts';
import { LIMITED_ACTIONS, operatorAmountLimits, type TLimitedAction } from './schema.ts';

/** A limit: cents, or null for no limit. A role with no row for an action may do none of it alone (0). */
export type TAmountLimit = bigint | null;

export const ACTION_NAMES: Record<TLimitedAction, string> = {
  adjustment: 'Manual adjustment',
  bonus_grant: 'Bonus grant',
  withdrawal_approval: 'Withdrawal approval',
};

export const amountLimitOf = async (
  db: TExecutor,
  role: TOperatorRole,
  action: TLimitedAction,
): Promise<TAmountLimit> => {
  const [row] = await db
    .select({ limit: operatorAmountLimits.limitAmount })
    .from(operatorAmountLimits)
    .where(and(eq(operatorAmountLimits.role, role), eq(operatorAmountLimits.action, action)));
  return row ? row.limit : 0n;
};

export const covers = (limit: TAmountLimit, amount: bigint) => limit === null || amount <= limit;

/**
 * Whether an operator of `role` may do `action` for `amount` (minor units) alone: `within` false means the action
 * must wait for a second operator's approval (requestApproval). The back-office's front door exports it for every
 * money action, bulk ones included.
 */
export const checkAmountLimit = async (
  db: TExecutor,
  role: TOperatorRole,
  action: TLimitedAction,
  amount: bigint,
) => {
  const limit = await amountLimitOf(db, role, action);
  return { within: covers(limit, amount), limit };
};

/** Every role's limit of every action (absent rows read as 0: nothing alone). */
export const listAmountLimits = async (db: TExecutor) => {
  const rows = await db.select().from(operatorAmountLimits);
  const table = new Map<string, TAmountLimit>(rows.map((r) => [`${r.role}:${r.action}`, r.limitAmount]));
  return OPERATOR_ROLES.map((role) => ({
    role,
    limits: Object.fromEntries(
      LIMITED_ACTIONS.map((action) => [
        action,
        table.has(`${role}:${action}`) ? table.get(`${role}:${action}`) : 0n,
      ]),
    ) as Record<TLimitedAction, TAmountLimit>,
  }));
};

/** A limit as typed (the field must be posted): blank is no limit, else an amount in major units ("250.00", "0"). */
const formLimit = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,9}(\.\d{1,2})?$/.test(v), 'wrongField')
    .transform((v): TAmountLimit => {
      if (v === '') return null;
      const [whole = '0', cents = ''] = v.split('.');
      return BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0'));
    });

/** The limits form: one field per role and action, named `<role>.<action>`. */
export const ZLimitsForm = z.object(
  Object.fromEntries(
    OPERATOR_ROLES.flatMap((role) => LIMITED_ACTIONS.map((action) => [`${role}.${action}`, formLimit()])),
  ) as Record<`${TOperatorRole}.${TLimitedAction}`, ReturnType<typeof formLimit>>,
);

const text = (limit: TAmountLimit | undefined) => (limit === null ? null : String(limit ?? 0n));

/** Saves the limits that changed, each with its audit row (before and after, in cents), in one transaction. */
export const setAmountLimits = (
  db: TExecutor,
  actor: TActor,
  form: z.output<typeof ZLimitsForm>,
  now: Date,
) =>
  db.transaction(async (tx) => {
    const current = await listAmountLimits(tx);
    let changed = 0;
    for (const { role, limits } of current)
      for (const action of LIMITED_ACTIONS) {
        const next = form[`${role}.${action}`] ?? null;
        if (text(next) === text(limits[action])) continue;
        await tx
          .insert(operatorAmountLimits)
          .values({ role, action, limitAmount: next, updatedAt: now, updatedBy: actor.email })
          .onConflictDoUpdate({
            target: [operatorAmountLimits.role, operatorAmountLimits.action],
            set: { limitAmount: next, updatedAt: now, updatedBy: actor.email },
          });
        await recordAudit(tx, actor, {
          action: 'limits.set',
          target: { type: 'amount_limit', id: `${role}:${action}` },
          before: { role, action, limit: text(limits[action]) },
          after: { role, action, limit: text(next) },
          at: now,
        });
        changed += 1;
      }
    return changed;
  });
