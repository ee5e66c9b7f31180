/** The feature modules, in registration order (a module may call the services of those before it). */
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

export const modules: TModule[] = [
  i18nModule,
  metadataModule,
  authModule,
  accountModule,
  storageModule,
  eventsModule,
  supportModule,
  walletModule,
  gamesModule,
  paymentsModule,
  cashierModule,
  bonusesModule,
  campaignsModule,
  competitionsModule,
  loyaltyModule,
  responsibleGamingModule,
  sportsbookModule,
  verificationModule,
  reportsModule,
  sandboxOidcModule,
  socialAuthModule,
  pwaModule,
  createBackofficeModule(ADMIN_FEATURES),
  contentAuthModule,
];
