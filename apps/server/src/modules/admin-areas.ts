/**
 * The back-office's feature areas, each owned by its module (its admin/ folder), and the navigation's counters.
 * The back-office shell (modules/backoffice) registers them beside its own (operators, the audit log).
 */
import { createPlayersArea } from './account/admin/players-area.ts';
import { PLAYERS_FLASH } from './account/admin/players-flash.ts';
import type { TAdminFeatures } from './backoffice/route-kit.ts';
import { bonusesArea } from './bonuses/admin/bonuses-area.ts';
import { BONUSES_FLASH } from './bonuses/admin/bonuses-flash.ts';
import { playerBonusesPanel } from './bonuses/admin/player-bonuses-panel.ts';
import { gameContribution, setGameContribution } from './bonuses/game-contributions.ts';
import { campaignsArea } from './campaigns/admin/campaigns-area.ts';
import { CAMPAIGNS_FLASH } from './campaigns/admin/campaigns-flash.ts';
import { depositOfferTermsBySysname } from './campaigns/offers.ts';
import { adjustmentsArea } from './cashier/admin/adjustments-area.ts';
import { ADJUSTMENTS_FLASH } from './cashier/admin/adjustments-flash.ts';
import { adjustmentPanel, depositLimitFact } from './cashier/admin/player-panels.ts';
import { countPendingWithdrawals } from './cashier/admin/withdrawal-queue.ts';
import { withdrawalsArea } from './cashier/admin/withdrawals-area.ts';
import { WITHDRAWALS_FLASH } from './cashier/admin/withdrawals-flash.ts';
import { competitionsArea } from './competitions/admin/competitions-area.ts';
import { COMPETITIONS_FLASH } from './competitions/admin/competitions-flash.ts';
import { jackpotsOfGame, setJackpotEligibility } from './competitions/jackpot-eligibility.ts';
import { signUpSourcePanel } from './events/admin/sign-up-source-panel.ts';
import { createGamesArea } from './games/admin/games-area.ts';
import { GAMES_FLASH } from './games/admin/games-flash.ts';
import { translationsArea } from './i18n/admin/translations-area.ts';
import { TRANSLATIONS_FLASH } from './i18n/admin/translations-flash.ts';
import { loyaltyArea } from './loyalty/admin/catalogue-area.ts';
import { CATALOGUE_FLASH } from './loyalty/admin/catalogue-flash.ts';
import { loyaltyPointsArea } from './loyalty/admin/points-area.ts';
import { loyaltyPointsPanel } from './loyalty/admin/points-panel.ts';
import { bannersArea } from './metadata/admin/banners-area.ts';
import { BANNERS_FLASH } from './metadata/admin/banners-flash.ts';
import { pagesArea } from './metadata/admin/pages-area.ts';
import { PAGES_FLASH } from './metadata/admin/pages-flash.ts';
import { settingsArea } from './metadata/admin/settings-area.ts';
import { lifetimePanel } from './reports/admin/lifetime-panel.ts';
import { reportsArea } from './reports/admin/reports-area.ts';
import { REPORTS_FLASH } from './reports/admin/reports-flash.ts';
import { volumesOf } from './reports/game-volume.ts';
import { sportsbookArea } from './sportsbook/admin/sportsbook-area.ts';
import { SPORTSBOOK_FLASH } from './sportsbook/admin/sportsbook-flash.ts';
import { faqArea } from './support/admin/faq-area.ts';
import { FAQ_FLASH } from './support/admin/faq-flash.ts';
import { kycArea } from './verification/admin/kyc-area.ts';
import { KYC_FLASH } from './verification/admin/kyc-flash.ts';

export const ADMIN_FEATURES: TAdminFeatures = {
  areas: [
    withdrawalsArea,
    // The player's page, with the panels the other modules draw on it (each in its place on the page, in this order).
    createPlayersArea([
      depositLimitFact,
      lifetimePanel,
      signUpSourcePanel,
      adjustmentPanel,
      loyaltyPointsPanel,
      playerBonusesPanel,
    ]),
    adjustmentsArea,
    loyaltyPointsArea,
    kycArea,
    reportsArea,
    competitionsArea,
    sportsbookArea,
    settingsArea,
    loyaltyArea,
    bonusesArea,
    campaignsArea,
    bannersArea(depositOfferTermsBySysname),
    // The games pages, with what bonuses, competitions and reports own about a game.
    createGamesArea({
      volumes: volumesOf,
      contribution: { of: gameContribution, set: setGameContribution },
      jackpots: { of: jackpotsOfGame, setEligibility: setJackpotEligibility },
    }),
    pagesArea,
    translationsArea,
    faqArea,
  ],
  counters: [{ section: 'withdrawals', permission: 'withdrawals.review', count: countPendingWithdrawals }],
  // A code two features word differently is shown in each one's words on its own pages (their `under`); elsewhere the
  // later one's words are shown: the games' order, the Content screens' title and language.
  messages: [
    WITHDRAWALS_FLASH,
    PLAYERS_FLASH,
    ADJUSTMENTS_FLASH,
    KYC_FLASH,
    REPORTS_FLASH,
    COMPETITIONS_FLASH,
    SPORTSBOOK_FLASH,
    CATALOGUE_FLASH,
    BONUSES_FLASH,
    CAMPAIGNS_FLASH,
    BANNERS_FLASH,
    GAMES_FLASH,
    PAGES_FLASH,
    TRANSLATIONS_FLASH,
    FAQ_FLASH,
  ],
};
