/**
 * Operator accounts as an admin manages them: the list, creating one, a role change, disabling and enabling,
 * resetting a password or TOTP (each audited, never with a secret).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { newTotpSecret } from '../../platform/totp.ts';
import { recordAudit, type TActor } from './audit-log.ts';
import { createOperator, findOperatorByEmail, findOperatorById, isOperatorRole } from './operators.ts';
import { operatorSessions, operators, type TOperatorRole } from './schema.ts';

export const listOperators = (ctx: TAppContext) =>
  ctx.db
    .select({
      id: operators.id,
      email: operators.email,
      role: operators.role,
      status: operators.status,
      name: operators.name,
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

/** A new password to hand over once (18 random bytes, base64url: 24 characters). */
const newPassword = (ctx: TAppContext) => ctx.providers.random.bytes(18).toString('base64url');

/**
 * Creates an operator from the back-office (admin only): a generated password shown once to the admin who hands it
 * over; the TOTP is enrolled by the operator at their first sign-in (the enrolment page). Audited without secrets.
 */
export const createOperatorFromUi = async (
  ctx: TAppContext,
  actor: TActor,
  input: { email: string; name: string; role: string },
) => {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]+$/.test(email)) throw invalidParameters({ email: 'wrongField' });
  if (!isOperatorRole(input.role)) throw invalidParameters({ role: 'wrongField' });
  if (await findOperatorByEmail(ctx.db, email)) throw invalidParameters({ email: 'taken' });
  const password = newPassword(ctx);
  return ctx.db.transaction(async (tx) => {
    const { operator } = await createOperator(tx, ctx.providers.random, ctx.totpSecrets, {
      email,
      name: input.name,
      role: input.role as TOperatorRole,
      password,
    });
    await recordAudit(tx, actor, {
      action: 'operator.create',
      target: { type: 'operator', id: operator.id },
      after: { email: operator.email, name: operator.name, role: operator.role },
      at: ctx.providers.clock.now(),
    });
    return { operator, password };
  });
};

/**
 * Resets another operator's password (a new one, shown once) or TOTP (a new secret, enrolled at their next sign-in):
 * their sessions end and their content-client tokens stop working. Audited without secrets.
 */
export const resetOperator = async (
  ctx: TAppContext,
  actor: TActor,
  id: number,
  what: 'password' | 'totp',
) => {
  if (id === actor.id) throw invalidParameters({ id: 'self' });
  const target = await findOperatorById(ctx.db, id);
  if (!target) throw invalidParameters({ id: 'notFound' });
  const password = what === 'password' ? newPassword(ctx) : null;
  const passwordHash = password ? await hashPassword(password) : null;
  await ctx.db.transaction(async (tx) => {
    const tokenVersion = sql`${operators.tokenVersion} + 1`;
    await tx
      .update(operators)
      .set(
        passwordHash
          ? { passwordHash, tokenVersion }
          : {
              totpSecret: ctx.totpSecrets.seal(newTotpSecret(ctx.providers.random)),
              totpConfirmedAt: null,
              totpLastStep: 0,
              tokenVersion,
            },
      )
      .where(eq(operators.id, id));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, id));
    await recordAudit(tx, actor, {
      action: `operator.reset_${what}`,
      target: { type: 'operator', id },
      before: what === 'totp' ? { totp: target.totpConfirmedAt ? 'enrolled' : 'not enrolled' } : null,
      after: what === 'totp' ? { totp: 'to enrol at next sign-in' } : { password: 'new, handed over' },
      at: ctx.providers.clock.now(),
    });
  });
  return { operator: target, password };
};
