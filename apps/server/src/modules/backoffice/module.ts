/** The back-office module: operator accounts and sessions, the /admin pages, the audit log. */
import type { TModule } from '../../platform/context.ts';
import { resealColumn } from '../../platform/db/reseal-column.ts';
import type { TAdminFeatures } from './route-kit.ts';
import { registerBackofficeRoutes } from './routes.ts';
import { operators } from './schema.ts';
import { seedDemoOperator } from './seed-demo.ts';

/**
 * The back-office shell, given the feature modules' admin areas by the composition root (modules/admin-areas.ts):
 * the shell imports no feature module, each feature owns its pages.
 */
export const createBackofficeModule = (features: TAdminFeatures): TModule => ({
  name: 'backoffice',
  register(app, ctx) {
    const sessions = registerBackofficeRoutes(app, ctx, features);
    ctx.jobs.hourly('backoffice.sessions.purge', () => sessions.purgeExpired());
  },
  async seed(ctx) {
    await resealColumn(ctx.db, ctx.totpSecrets, {
      table: operators,
      id: operators.id,
      column: operators.totpSecret,
    });
    // The demo operator exists only in development and the demo (see seed-demo.ts); tests create their own.
    await seedDemoOperator(ctx, (line) => console.log(line));
  },
});
