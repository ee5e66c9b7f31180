/**
 * The back-office's feature areas, each owned by its module (its admin/ folder), and the navigation's counters.
 * The back-office shell (modules/backoffice) registers them beside its own (operators, the audit log).
 */

import { bonusesArea } from './backoffice/areas/bonuses.ts';
import { contentArea } from './backoffice/areas/content.ts';
import { contentWordsArea } from './backoffice/areas/content-words.ts';
import { gamesArea } from './backoffice/areas/games.ts';
import { kycArea } from './backoffice/areas/kyc.ts';
import { loyaltyArea } from './backoffice/areas/loyalty.ts';
import { playersArea } from './backoffice/areas/players.ts';
import { promotionsArea } from './backoffice/areas/promotions.ts';
import { reportsArea } from './backoffice/areas/reports.ts';
import { settingsArea } from './backoffice/areas/settings.ts';
import { sportsbookArea } from './backoffice/areas/sportsbook.ts';
import { withdrawalsArea } from './backoffice/areas/withdrawals.ts';
import { CONTENT_ERRORS, CONTENT_OK } from './backoffice/content-flash.ts';
import { GAMES_ERRORS } from './backoffice/games-flash.ts';
import { PROMOTIONS_ERRORS, PROMOTIONS_OK } from './backoffice/promotions-flash.ts';
import type { TAdminFeatures } from './backoffice/route-kit.ts';
import { countPendingWithdrawals } from './backoffice/withdrawal-queue.ts';
import { competitionsArea } from './competitions/admin/competitions-area.ts';

export const ADMIN_FEATURES: TAdminFeatures = {
  areas: [
    withdrawalsArea,
    playersArea,
    kycArea,
    reportsArea,
    competitionsArea,
    sportsbookArea,
    settingsArea,
    loyaltyArea,
    bonusesArea,
    promotionsArea,
    gamesArea,
    contentArea,
    contentWordsArea,
  ],
  counters: [{ section: 'withdrawals', permission: 'withdrawals.review', count: countPendingWithdrawals }],
  messages: [
    { ok: PROMOTIONS_OK, errors: PROMOTIONS_ERRORS },
    { errors: GAMES_ERRORS },
    { ok: CONTENT_OK, errors: CONTENT_ERRORS },
  ],
};
