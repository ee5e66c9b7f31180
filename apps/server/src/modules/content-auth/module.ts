/**
 * The headless content client's sign-in (spec §7, issue 17, ADR 029): Strapi's users-permissions API shapes for
 * the back-office operators whose role may edit content. It asks the back-office module for operators, passwords,
 * TOTP steps and the audit log; its own table holds the mailed reset codes.
 */
import type { TModule } from '../../platform/context.ts';
import { registerContentAuthRoutes } from './routes.ts';

export const contentAuthModule: TModule = {
  name: 'content-auth',
  register: (app, ctx) => registerContentAuthRoutes(app, ctx),
};
