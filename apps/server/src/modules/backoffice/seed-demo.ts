/**
 * The demo operator of the embedded development run, so a person can try /admin at once. Never in production:
 * the module calls this when NODE_ENV is `development`, or with DEMO_OPERATOR=1 on the embedded database. Its credentials are fixed and documented in the
 * README (a demo account, not a secret); the TOTP still has to be enrolled at the first sign-in.
 */
import type { TAppContext } from '../../platform/context.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { createOperator, findOperatorByEmail, operatorTotpUri } from './operators.ts';

export const DEMO_OPERATOR = {
  email: 'admin@casino.local',
  password: 'demo-admin-password',
  // base32 of 20 fixed bytes: the same key every run, so the README can name it.
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  role: 'admin' as const,
};

export const seedDemoOperator = async (ctx: TAppContext, print: (line: string) => void) => {
  // A production build may seed it only on the embedded database and only when asked (DEMO_OPERATOR=1).
  if (ctx.config.NODE_ENV === 'production' && (ctx.config.DATABASE_URL || ctx.config.DEMO_OPERATOR !== '1'))
    return false;
  const existing = await findOperatorByEmail(ctx.db, DEMO_OPERATOR.email);
  if (!existing)
    await createOperator(ctx.db, ctx.providers.random, ctx.totpSecrets, {
      ...DEMO_OPERATOR,
      name: 'Demo operator',
    });
  const operator = existing ?? (await findOperatorByEmail(ctx.db, DEMO_OPERATOR.email));
  if (!operator) return false;
  print(
    [
      'Back-office demo operator (development only, never in production):',
      `  sign in at ${publicUrl(ctx.config)}/admin as ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}`,
      `  TOTP key ${DEMO_OPERATOR.totpSecret} (enrol it at the first sign-in)`,
      `  ${operatorTotpUri(operator.email, DEMO_OPERATOR.totpSecret)}`,
    ].join('\n'),
  );
  return !existing;
};
