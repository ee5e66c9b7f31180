/** Operator accounts as an admin manages them: the list, a role change, disabling and enabling (each audited). */
import { asc, eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { recordAudit, type TActor } from './audit-log.ts';
import { isOperatorRole } from './operators.ts';
import { operators } from './schema.ts';

export const listOperators = (ctx: TAppContext) =>
  ctx.db
    .select({
      id: operators.id,
      email: operators.email,
      role: operators.role,
      status: operators.status,
      lastLoginAt: operators.lastLoginAt,
      totpConfirmedAt: operators.totpConfirmedAt,
    })
    .from(operators)
    .orderBy(asc(operators.email));

const change = async (
  ctx: TAppContext,
  actor: TActor,
  id: number,
  column: 'role' | 'status',
  value: string,
) => {
  if (id === actor.id) throw invalidParameters({ id: 'self' });
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!row) throw invalidParameters({ id: 'notFound' });
    if (row[column] === value) return;
    // A new role or status also retires the operator's content-client tokens (ADR 029): re-enabling an operator
    // or giving a role back does not bring old tokens back to life.
    const tokenVersion = sql`${operators.tokenVersion} + 1`;
    await tx
      .update(operators)
      .set(
        column === 'role'
          ? { role: value as typeof row.role, tokenVersion }
          : { status: value as typeof row.status, tokenVersion },
      )
      .where(eq(operators.id, id));
    await recordAudit(tx, actor, {
      action: `operator.${column}`,
      target: { type: 'operator', id },
      before: { [column]: row[column] },
      after: { [column]: value },
      at: ctx.providers.clock.now(),
    });
  });
};

export const setOperatorRole = (ctx: TAppContext, actor: TActor, id: number, role: string) => {
  if (!isOperatorRole(role)) throw invalidParameters({ role: 'wrongField' });
  return change(ctx, actor, id, 'role', role);
};

export const setOperatorStatus = (ctx: TAppContext, actor: TActor, id: number, status: string) => {
  if (status !== 'active' && status !== 'disabled') throw invalidParameters({ status: 'wrongField' });
  return change(ctx, actor, id, 'status', status);
};
