/**
 * The feature modules, in registration order: a module imports only the modules before it (and the base modules),
 * so it may call their services; module-order.test.ts holds every import to this order. The back-office shell
 * comes first (the features' admin areas use its kit; it is given them by admin-areas.ts).
 */
import type { TModule } from '../platform/context.ts';
import { accountModule } from './account/index.ts';
import { ADMIN_FEATURES } from './admin-areas.ts';
import { authModule } from './auth/index.ts';
import { createBackofficeModule } from './backoffice/index.ts';
import { bonusesModule } from './bonuses/index.ts';
import { campaignsModule } from './campaigns/index.ts';
import { cashierModule } from './cashier/index.ts';
import { competitionsModule } from './competitions/index.ts';
import { contentAuthModule } from './content-auth/index.ts';
import { crmModule } from './crm/index.ts';
import { eventsModule } from './events/index.ts';
import { gamesModule } from './games/index.ts';
import { hub88Module } from './hub88/index.ts';
import { i18nModule } from './i18n/index.ts';
import { loyaltyModule } from './loyalty/index.ts';
import { metadataModule } from './metadata/index.ts';
import { paymentsModule } from './payments/index.ts';
import { pwaModule } from './pwa/index.ts';
import { reportsModule } from './reports/index.ts';
import { responsibleGamingModule } from './responsible-gaming/index.ts';
import { sandboxOidcModule } from './sandbox-oidc/index.ts';
import { socialAuthModule } from './social-auth/index.ts';
import { sportsbookModule } from './sportsbook/index.ts';
import { storageModule } from './storage/index.ts';
import { supportModule } from './support/index.ts';
import { verificationModule } from './verification/index.ts';
import { walletModule } from './wallet/index.ts';

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
  hub88Module,
  bonusesModule,
  campaignsModule,
  competitionsModule,
  loyaltyModule,
  sportsbookModule,
  reportsModule,
  crmModule,
  contentAuthModule,
];
