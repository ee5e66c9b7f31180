/**
 * The demo operator, so a person can try /admin at once: seeded in development and in the demo (DEMO_MODE=1),
 * never in production otherwise. In development its sign-in is the fixed one the README documents; the demo's
 * comes from DEMO_OPERATOR_PASSWORD and DEMO_OPERATOR_TOTP_SECRET, which `npm run setup` generates, so a demo
 * reachable from a network cannot be entered with this repository's values. The TOTP is enrolled at the first sign-in.
 */
import type { TConfig } from '../../platform/config.ts';
import type { TAppContext } from '../../platform/context.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { createOperator, findOperatorByEmail, operatorTotpUri } from './operators.ts';

export const DEMO_OPERATOR_EMAIL = 'admin@casino.local';

/** The demo operator's sign-in under this config. */
export const demoOperator = (config: TConfig) => ({
  email: DEMO_OPERATOR_EMAIL,
  password: config.DEMO_OPERATOR_PASSWORD,
  totpSecret: config.DEMO_OPERATOR_TOTP_SECRET,
  role: 'admin' as const,
});

const isDemoOperatorSeeded = (config: TConfig) =>
  config.NODE_ENV === 'development' || config.DEMO_MODE === '1';

export const seedDemoOperator = async (ctx: TAppContext, print: (line: string) => void) => {
  if (!isDemoOperatorSeeded(ctx.config)) return false;
  const demo = demoOperator(ctx.config);
  const existing = await findOperatorByEmail(ctx.db, demo.email);
  if (!existing)
    await createOperator(ctx.db, ctx.providers.random, ctx.totpSecrets, { ...demo, name: 'Demo operator' });
  const operator = existing ?? (await findOperatorByEmail(ctx.db, demo.email));
  if (!operator) return false;
  print(
    [
      'Back-office demo operator (development and the demo only, never in production):',
      `  sign in at ${publicUrl(ctx.config)}/admin as ${demo.email} / ${demo.password}`,
      `  TOTP key ${demo.totpSecret} (enrol it at the first sign-in)`,
      `  ${operatorTotpUri(operator.email, demo.totpSecret)}`,
    ].join('\n'),
  );
  return !existing;
};
