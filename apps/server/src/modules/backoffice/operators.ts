/** Operator accounts: created by the CLI (or the dev seed), never by a player; argon2id password, TOTP secret. */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { TRandom } from '../../platform/providers.ts';
import type { TSecretBox } from '../../platform/secret-box.ts';
import { newTotpSecret, totpUri } from '../../platform/totp.ts';
import { OPERATOR_ROLES, operators, type TOperator, type TOperatorRole } from './schema.ts';

const TOTP_LABEL_PREFIX = 'back-office';
export const MIN_OPERATOR_PASSWORD = 12;

/** The `otpauth://` URI of an operator's clear-text TOTP secret. */
export const operatorTotpUri = (email: string, secret: string) =>
  totpUri(secret, `${email} (${TOTP_LABEL_PREFIX})`);

export interface TNewOperator {
  email: string;
  role: TOperatorRole;
  password: string;
  name?: string;
  /** A given secret (the documented dev demo operator); otherwise a new random one. */
  totpSecret?: string;
}

export const isOperatorRole = (value: string): value is TOperatorRole =>
  (OPERATOR_ROLES as readonly string[]).includes(value);

/** Creates the operator with a sealed TOTP secret; answers the clear one once, to enrol an authenticator. */
export const createOperator = async (
  db: TExecutor,
  random: TRandom,
  totpSecrets: TSecretBox,
  input: TNewOperator,
) => {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`not an e-mail address: ${input.email}`);
  if (!isOperatorRole(input.role)) throw new Error(`unknown role: ${input.role}`);
  if (input.password.length < MIN_OPERATOR_PASSWORD)
    throw new Error(`the password needs ${MIN_OPERATOR_PASSWORD} characters or more`);
  if (await findOperatorByEmail(db, email)) throw new Error(`an operator with e-mail ${email} exists`);
  const totpSecret = input.totpSecret ?? newTotpSecret(random);
  const [operator] = await db
    .insert(operators)
    .values({
      email,
      name: input.name ?? '',
      role: input.role,
      passwordHash: await hashPassword(input.password),
      totpSecret: totpSecrets.seal(totpSecret),
    })
    .returning();
  if (!operator) throw new Error('operator insert returned nothing');
  return { operator, totpSecret, totpUri: operatorTotpUri(operator.email, totpSecret) };
};

export const findOperatorByEmail = async (db: TExecutor, email: string): Promise<TOperator | undefined> =>
  (
    await db
      .select()
      .from(operators)
      .where(sql`lower(${operators.email}) = ${email.trim().toLowerCase()}`)
      .limit(1)
  )[0];

export const findOperatorById = async (db: TExecutor, id: number): Promise<TOperator | undefined> =>
  (await db.select().from(operators).where(eq(operators.id, id)).limit(1))[0];

/**
 * Sets a new password (argon2id) and bumps the token version, so tokens issued before (the content client's)
 * stop working; answers the new version.
 */
export const setOperatorPassword = async (db: TExecutor, id: number, password: string): Promise<number> => {
  if (password.length < MIN_OPERATOR_PASSWORD)
    throw new Error(`the password needs ${MIN_OPERATOR_PASSWORD} characters or more`);
  const [row] = await db
    .update(operators)
    .set({ passwordHash: await hashPassword(password), tokenVersion: sql`${operators.tokenVersion} + 1` })
    .where(eq(operators.id, id))
    .returning({ tokenVersion: operators.tokenVersion });
  if (!row) throw new Error(`no operator ${id}`);
  return row.tokenVersion;
};

/** Spends a TOTP time step atomically (a code is accepted once); answers false when it was spent already. */
export const spendOperatorTotpStep = async (db: TExecutor, id: number, step: number, at: Date) =>
  (
    await db
      .update(operators)
      .set({ totpLastStep: step, lastLoginAt: at })
      .where(and(eq(operators.id, id), lt(operators.totpLastStep, step)))
      .returning({ id: operators.id })
  ).length > 0;
