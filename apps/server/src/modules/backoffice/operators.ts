/** Operator accounts: created by the CLI (or the dev seed), never by a player; argon2id password, TOTP secret. */
import { eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TRandom } from '../../platform/providers.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newTotpSecret, totpUri } from '../auth/totp.ts';
import { OPERATOR_ROLES, operators, type TOperator, type TOperatorRole } from './schema.ts';

export const TOTP_LABEL_PREFIX = 'back-office';
export const MIN_OPERATOR_PASSWORD = 12;

export const operatorTotpUri = (operator: Pick<TOperator, 'email' | 'totpSecret'>) =>
  totpUri(operator.totpSecret, `${operator.email} (${TOTP_LABEL_PREFIX})`);

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

export const createOperator = async (db: TExecutor, random: TRandom, input: TNewOperator) => {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`not an e-mail address: ${input.email}`);
  if (!isOperatorRole(input.role)) throw new Error(`unknown role: ${input.role}`);
  if (input.password.length < MIN_OPERATOR_PASSWORD)
    throw new Error(`the password needs ${MIN_OPERATOR_PASSWORD} characters or more`);
  if (await findOperatorByEmail(db, email)) throw new Error(`an operator with e-mail ${email} exists`);
  const [operator] = await db
    .insert(operators)
    .values({
      email,
      name: input.name ?? '',
      role: input.role,
      passwordHash: await hashPassword(input.password),
      totpSecret: input.totpSecret ?? newTotpSecret(random),
    })
    .returning();
  if (!operator) throw new Error('operator insert returned nothing');
  return { operator, totpUri: operatorTotpUri(operator) };
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
