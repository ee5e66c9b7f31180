/**
 * The feature modules, in registration order: a module imports only the modules before it (and the base modules),
 * so it may call their services; module-order.test.ts holds every import to this order. The back-office shell
 * comes first (the features' admin areas use its kit; it is given them by admin-areas.ts).
 */
import type { TModule } from '../platform/context.ts';
import { accountModule } from './account/module.ts';
import { ADMIN_FEATURES } from './admin-areas.ts';
import { authModule } from './auth/module.ts';
import { createBackofficeModule } from './backoffice/module.ts';
import { bonusesModule } from './bonuses/module.ts';
import { campaignsModule } from './campaigns/module.ts';
import { cashierModule } from './cashier/module.ts';
import { competitionsModule } from './competitions/module.ts';
import { contentAuthModule } from './content-auth/module.ts';
import { eventsModule } from './events/module.ts';
import { gamesModule } from './games/module.ts';
import { i18nModule } from './i18n/module.ts';
import { loyaltyModule } from './loyalty/module.ts';
import { metadataModule } from './metadata/module.ts';
import { paymentsModule } from './payments/module.ts';
import { pwaModule } from './pwa/module.ts';
import { reportsModule } from './reports/module.ts';
import { responsibleGamingModule } from './responsible-gaming/module.ts';
import { sandboxOidcModule } from './sandbox-oidc/module.ts';
import { socialAuthModule } from './social-auth/module.ts';
import { sportsbookModule } from './sportsbook/module.ts';
import { storageModule } from './storage/module.ts';
import { supportModule } from './support/module.ts';
import { verificationModule } from './verification/module.ts';
import { walletModule } from './wallet/module.ts';

/** The modules below every registered one: no routes or jobs of their own, used by many. */
export const BASE_MODULES = ['players', 'ledger', 'bets'] as const;

export const modules: TModule[] = [
  createBackofficeModule(ADMIN_FEATURES),
  i18nModule,
  storageModule,
  pwaModule,
  metadataModule,
  supportModule,
  sandboxOidcModule,
  responsibleGamingModule,
  authModule,
  socialAuthModule,
  eventsModule,
  verificationModule,
  paymentsModule,
  cashierModule,
  accountModule,
  walletModule,
  gamesModule,
  bonusesModule,
  campaignsModule,
  competitionsModule,
  loyaltyModule,
  sportsbookModule,
  reportsModule,
  contentAuthModule,
];
